/**
 * The course site has a login URL (and an edit URL for staff), with variants for
 * scholarships and career roadmaps. The deployment configures one URL of each
 * (`COURSE_SITE_LOGIN_URL`, `COURSE_SITE_EDIT_URL`, sent by `GET /api/public/config`); the
 * variant and the item are put into it here, the one place both sides read.
 */
const COURSE_SITE_VARIANTS = {
  course: "course",
  scholarship: "scholarship",
  "career-roadmap": "career_road_map",
} as const;

/** What the course site opens: a course (and enrichment programs, which run there as courses), a scholarship or a career roadmap. */
export type CourseSiteItem = keyof typeof COURSE_SITE_VARIANTS | "enrichment-program";

const courseSiteVariant = (item: CourseSiteItem) =>
  item === "enrichment-program" ? COURSE_SITE_VARIANTS.course : COURSE_SITE_VARIANTS[item];

/**
 * The configured URL for one item: `{type}` and `{id}` in it are filled in; without them the
 * variant and the item go into the query as `type` and `id`. Null when the site is not
 * configured or the URL is not http(s), so that no link is shown.
 */
export function courseSiteUrl(base: string | null | undefined, item: CourseSiteItem, id: number): string | null {
  const configured = base?.trim() ?? "";
  if (!/^https?:\/\/[^\s/?#]+/i.test(configured) || /\s/.test(configured)) return null;
  const variant = courseSiteVariant(item);
  const filled = configured.replaceAll("{type}", variant).replaceAll("{id}", String(id));
  if (filled !== configured) return filled;
  const hash = filled.indexOf("#");
  const [address, fragment] = hash === -1 ? [filled, ""] : [filled.slice(0, hash), filled.slice(hash)];
  const joiner = address.includes("?") ? (address.endsWith("?") || address.endsWith("&") ? "" : "&") : "?";
  return `${address}${joiner}type=${encodeURIComponent(variant)}&id=${id}${fragment}`;
}
