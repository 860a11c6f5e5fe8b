/** Small colour helpers for institution colours that arrive as hex strings from the API. */

type Rgb = [number, number, number];

function parseHex(value: string | null | undefined): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value?.trim() ?? "");
  if (!match?.[1]) return null;
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join("") : match[1];
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

/** A valid `#rrggbb`, or the fallback. */
export const normalizeHex = (value: string | null | undefined, fallback: string) => {
  const rgb = parseHex(value);
  return rgb ? toHex(rgb) : fallback;
};

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance(value: string): number {
  const rgb = parseHex(value) ?? [255, 255, 255];
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export const contrastRatio = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** Mixes `weight` (0..1) of `other` into `value`. */
export function mix(value: string, other: string, weight: number): string {
  const a = parseHex(value) ?? [0, 0, 0];
  const b = parseHex(other) ?? [0, 0, 0];
  return toHex(a.map((c, i) => c * (1 - weight) + (b[i] ?? 0) * weight) as Rgb);
}

/** Black or white text, whichever reads better on the background. */
export const readableOn = (background: string) =>
  contrastRatio(background, "#ffffff") >= contrastRatio(background, "#111827") ? "#ffffff" : "#111827";

/**
 * `color` moved toward black on a light `background` (toward white on a dark one) just far enough to
 * reach `ratio` against it: a tenant's colour used as text, or as the fill behind text, stays its hue.
 */
export function withContrast(color: string, background: string, ratio = 4.5): string {
  const toward = luminance(background) > 0.18 ? "#000000" : "#ffffff";
  for (let weight = 0; weight < 1; weight += 0.05) {
    const candidate = mix(color, toward, weight);
    if (contrastRatio(candidate, background) >= ratio) return candidate;
  }
  return toward;
}

export const withAlpha = (value: string, alpha: number) => {
  const rgb = parseHex(value) ?? [0, 0, 0];
  return `rgba(${rgb.join(", ")}, ${alpha})`;
};
