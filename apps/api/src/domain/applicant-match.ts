import { RESOURCES, type ResourceName, skillsFieldOfResource } from "@csc/shared";
import { type RawBuilder, sql } from "kysely";

/**
 * An applicant's skill match (packages/shared/src/skill-match.ts) as SQL over an application row
 * (alias `r`), so that staff can sort a posting's applicants by it: the share of the posting's
 * skills the applicant has — their profile's skills and preferences and the skills they gained —
 * in whole percent rounded half up (`matchScoreOf`); none (null) when the posting names no skills
 * or the applicant is a guest without an account. Worked out when read, so it follows every change of either side.
 *
 * SQLite and PostgreSQL read a JSON list differently (`json_each`, `json_array_elements_text`);
 * names are compared trimmed and lower-cased, as `skillKey` does (SQLite lowers ASCII letters only).
 */

/** The trimmed, lower-cased names of a JSON list of strings, as a one-column (`k`) subquery. */
function namesOf(postgres: boolean, list: RawBuilder<unknown>): RawBuilder<unknown> {
  return postgres
    ? sql`(select lower(trim(v)) as k from json_array_elements_text(coalesce(nullif(${list}, ''), '[]')::json) as v)`
    : sql`(select lower(trim(value)) as k from json_each(case when json_valid(${list}) then ${list} else '[]' end))`;
}

/** The posting's list of skills, whichever posting the application is to (its parents in the registry). */
function postingSkills(): RawBuilder<unknown> {
  const lists = (RESOURCES.applications.parents ?? []).flatMap(({ field, resource }) => {
    const posting = RESOURCES[resource as ResourceName];
    const skills = skillsFieldOfResource(posting);
    if (!skills) return [];
    return [sql`(select p.${sql.ref(skills)} from ${sql.table(posting.table)} as p where p.id = r.${sql.ref(field)})`];
  });
  return sql`coalesce(${sql.join(lists)}, '[]')`;
}

/** The names the applicant has: their profile's skills and preferences, and the keys of the skills they gained. */
function applicantNames(postgres: boolean): RawBuilder<unknown> {
  return sql`select n.k from ${namesOf(postgres, sql`(select u.skills from users as u where u.id = r.user_id)`)} as n
    union select n.k from ${namesOf(postgres, sql`(select u.preferences from users as u where u.id = r.user_id)`)} as n
    union select s.name_key from learner_skills as s where s.user_id = r.user_id`;
}

/** The applicant's match score over an application row `r`, as SQL for the engine's select and sort. */
export function applicantMatchScore(postgres: boolean): RawBuilder<number | null> {
  const asked = sql`select distinct a.k from ${namesOf(postgres, postingSkills())} as a where a.k <> ''`;
  // counts are 64-bit on PostgreSQL, which its driver reads as text: the score is cast to an integer
  return sql<number | null>`cast((case when r.user_id is null then null else (
    select case when count(*) = 0 then null
      else (200 * sum(case when q.k in (${applicantNames(postgres)}) then 1 else 0 end) + count(*)) / (2 * count(*)) end
    from (${asked}) as q
  ) end) as integer)`;
}

/** Columns worked out when read (fields marked `computed` in the registry), by table and field. */
export const COMPUTED_COLUMNS: Readonly<
  Record<string, Readonly<Record<string, (postgres: boolean) => RawBuilder<unknown>>>>
> = { applications: { match_score: applicantMatchScore } };
