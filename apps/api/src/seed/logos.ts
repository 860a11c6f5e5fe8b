import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { uploadUrl } from "@csc/shared";
import sharp from "sharp";
import { boundedCache } from "../platform/caches.js";

/** A small badge: the initials on a rounded square, with an accent dot. */
function badgeSvg(initials: string, background: string, accent: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">` +
    `<rect width="160" height="160" rx="32" fill="${background}"/>` +
    `<circle cx="128" cy="32" r="14" fill="${accent}"/>` +
    `<text x="80" y="100" font-family="Segoe UI, Helvetica, Arial, sans-serif" font-size="56" font-weight="700" ` +
    `fill="#ffffff" text-anchor="middle">${initials}</text></svg>`
  );
}

// the same badges are drawn for every seeded database of a process (each test file seeds one)
const rendered = boundedCache<string, Promise<Buffer>>("seedLogos");
const render = (svg: string) => {
  let png = rendered.get(svg);
  if (!png) {
    png = sharp(Buffer.from(svg)).png().toBuffer();
    rendered.set(svg, png);
  }
  return png;
};

/**
 * The demo's logos, drawn as SVG and stored as PNG files in the uploads folder: image fields take
 * only files served from there, and an SVG could carry script. A badge's file is named after its
 * drawing, so the rows that show it are the same on every run. Without an uploads folder the demo
 * has no logos.
 */
export class DemoLogos {
  readonly #badges = new Map<string, string>();

  constructor(private readonly uploadsDir: string | null = null) {}

  /** The URL an image field stores for this badge; `store` writes its file. */
  url(initials: string, background: string, accent: string): string | null {
    if (this.uploadsDir === null) return null;
    const svg = badgeSvg(initials, background, accent);
    const name = `${createHash("sha256").update(svg).digest("base64url").slice(0, 22)}.png`;
    this.#badges.set(name, svg);
    return uploadUrl(name);
  }

  async store(): Promise<void> {
    const dir = this.uploadsDir;
    if (dir === null) return;
    await mkdir(dir, { recursive: true });
    await Promise.all([...this.#badges].map(async ([name, svg]) => writeFile(join(dir, name), await render(svg))));
  }
}
