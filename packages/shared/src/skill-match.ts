import { ENROLMENT_RESOURCE, skillsFieldOf } from "./enrolments.js";
import type { EnrolmentItemType } from "./enums.js";
import { ENROLMENT_ITEM_TYPES } from "./enums.js";
import type { ResourceDefinition } from "./registry/types.js";

/**
 * Skill match (issue 24): how far a learner has what a posting asks. The API scores every posting
 * a learner reads and every applicant staff read with it, orders a learner's "Suggested" tab by it,
 * and the Help page explains it. Written once, here.
 *
 * - A learner has a skill when it is among the skills on their profile, the skills they gained by
 *   completing a course, program, roadmap or learning event, or their preferences.
 * - A posting asks the skills its `skills` field names and the topics its `tags` name (shown to
 *   learners as preferences: the names their preferences are chosen among).
 * - Names match whatever their case and spacing: "Data  analysis" is "data analysis".
 * - The score is the share of the posting's skills the learner has, 0–100, rounded to the nearest
 *   whole number. A posting that names no skills has nothing to match and scores 0.
 */

/** A skill's name as kept and shown: without stray spaces. */
export const tidySkill = (name: string) => name.trim().replace(/\s+/g, " ");

/** What a skill is known by, whatever its case and spacing. */
export const skillKey = (name: string) => tidySkill(name).toLocaleLowerCase("en-US");

/** The score and the posting's skills split into those the learner has and those they lack, in the posting's order. */
export interface SkillMatch {
  score: number;
  matched: string[];
  missing: string[];
}

/** The posting's skills named once each (the first spelling of a key stands), blanks left out. */
export function askedSkills(names: readonly unknown[]): string[] {
  const seen = new Map<string, string>();
  for (const raw of names) {
    if (typeof raw !== "string") continue;
    const name = tidySkill(raw);
    if (name !== "" && !seen.has(skillKey(name))) seen.set(skillKey(name), name);
  }
  return [...seen.values()];
}

/** The keys of a learner's skills and preferences, each once. */
export const learnerSkillKeys = (names: readonly string[]): Set<string> =>
  new Set(names.map(skillKey).filter((key) => key !== ""));

/** Whole percent of `matched` out of `asked`, rounded half up; 0 when nothing is asked. */
export const matchScoreOf = (matched: number, asked: number): number =>
  asked > 0 ? Math.floor((200 * matched + asked) / (2 * asked)) : 0;

/** How a learner with these skill keys matches a posting asking these skills. */
export function matchSkills(learner: ReadonlySet<string>, postingSkills: readonly unknown[]): SkillMatch {
  const asked = askedSkills(postingSkills);
  const matched = asked.filter((name) => learner.has(skillKey(name)));
  const missing = asked.filter((name) => !learner.has(skillKey(name)));
  return { score: matchScoreOf(matched.length, asked.length), matched, missing };
}

/** The fields of a posting naming what it asks: its `skills` and `tags`, those it has. */
export const askingFieldsOf = (resource: ResourceDefinition): ("skills" | "tags")[] =>
  (["skills", "tags"] as const).filter((name) =>
    resource.fields.some((field) => field.name === name && field.type === "tags"),
  );

/** The names a posting row asks, from its asking fields (each a list of names as the API reads it). */
export const askedBy = (row: Record<string, unknown>, fields: readonly string[]): unknown[] =>
  fields.flatMap((name) => (Array.isArray(row[name]) ? row[name] : []));

/** At most this many courses, programs and roadmaps are named as teaching each missing skill. */
export const TEACH_LIMIT = 3;

/** What teaches a skill on a site: the learning catalogue a learner enrols in, with the field naming what each item teaches. */
export const TEACHING_RESOURCES: readonly { type: EnrolmentItemType; resource: string; field: "skills" | "tags" }[] =
  ENROLMENT_ITEM_TYPES.map((type) => ({ type, resource: ENROLMENT_RESOURCE[type], field: skillsFieldOf(type) }));
