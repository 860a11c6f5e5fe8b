/** Feature keys: what an institution's plan switches on. */
export const FEATURE_KEYS = [
  "self-assessment",
  "job-role-trainings",
  "job-opportunities",
  "career-roadmap",
  "scholarship",
  "global-partner",
  "courses",
  "external-programs",
] as const;

export type FeatureKey = (typeof FEATURE_KEYS)[number];

/** Locale key `features.<key>`; en-US labels for documentation and seeds. */
export const FEATURE_LABELS: Record<FeatureKey, string> = {
  "self-assessment": "Self Assessment",
  "job-role-trainings": "Learning Events",
  "job-opportunities": "Internship/Job Opportunities",
  "career-roadmap": "Career Roadmap",
  scholarship: "Scholarship",
  "global-partner": "Global Partners",
  courses: "Courses",
  "external-programs": "Enrichment Program",
};
