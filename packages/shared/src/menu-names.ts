/**
 * The menu's entry names: the one name per resource used everywhere (URLs, permissions, locale
 * keys). A leaf module, so that the enums and the registry can name menu entries without the menu.
 */
export const MENU_NAMES = [
  "dashboard",
  "profile",
  "institutions",
  "institution-details",
  "learners",
  "students",
  "employees",
  "career-roadmap",
  "self-assessment",
  "courses",
  "scholarship",
  "learning-events",
  "job-opportunities",
  "global-partners",
  "recruiters",
  "recruiters-existing",
  "recruiters-request",
  "college-recruiters",
  "company-profile",
  "enrichment-programs",
  "feature-profile",
  "institution-feature-profile",
  "users",
  "configuration",
  "program-departments",
  "tags",
  "testimonials",
  "activity-logs",
  "deleted-users",
  "download-logs",
] as const;
export type MenuName = (typeof MENU_NAMES)[number];
