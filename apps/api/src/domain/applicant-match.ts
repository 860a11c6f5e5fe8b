import { askingFieldsOf, RESOURCES, type ResourceName } from "@csc/shared";
import { type RawBuilder, sql } from "kysely";

/**
 * An applicant's skill match (packages/shared/src/skill-match.ts) as SQL over an application row
 * (alias `r`), so that staff can sort a posting's applicants by it: the share of the names the
 * posting asks (its skills and tags) the applicant has — their profile's skills and preferences and the skills they gained —
 * in whole percent rounded half up (`matchScoreOf`); none (null) when the posting asks nothing
 * or the applicant is a guest without an account. Worked out when read, so it follows every change
 * of either side.
 *
 * SQLite and PostgreSQL read a JSON list differently (`json_each`, `json_array_elements_text`);
 * names are compared as `skillKey` compares them (but SQLite lowers ASCII letters only).
 */

/**
 * A name as `skillKey` knows it: trimmed, lower-cased, a run of spaces one space. Names are
 * written so (the tags field type); a name stored before that, with a run of up to eight spaces,
 * is read so too.
 */
const keyOf = (name: RawBuilder<unknown>) =>
  sql`lower(trim(replace(replace(replace(${name}, '  ', ' '), '  ', ' '), '  ', ' ')))`;

/** The keys of the names of a JSON list of strings, as a one-column (`k`) subquery. */
function namesOf(postgres: boolean, list: RawBuilder<unknown>): RawBuilder<unknown> {
  return postgres
    ? sql`(select ${keyOf(sql`v`)} as k from json_array_elements_text(coalesce(nullif(${list}, ''), '[]')::json) as v)`
    : sql`(select ${keyOf(sql`value`)} as k from json_each(case when json_valid(${list}) then ${list} else '[]' end))`;
}

/** Each list of names the posting asks (its skills, its tags), whichever posting the application is to. */
function postingLists(): RawBuilder<unknown>[] {
  const parents = RESOURCES.applications.parents ?? [];
  return (["skills", "tags"] as const).map((name) => {
    const lists = parents.flatMap(({ field, resource }) => {
      const posting = RESOURCES[resource as ResourceName];
      if (!askingFieldsOf(posting).includes(name)) return [];
      return [sql`(select p.${sql.ref(name)} from ${sql.table(posting.table)} as p where p.id = r.${sql.ref(field)})`];
    });
    return lists.length === 0 ? sql`'[]'` : sql`coalesce(${sql.join(lists)}, '[]')`;
  });
}

/** The names the applicant has: their profile's skills and preferences, and the keys of the skills they gained. */
function applicantNames(postgres: boolean): RawBuilder<unknown> {
  return sql`select n.k from ${namesOf(postgres, sql`(select u.skills from users as u where u.id = r.user_id)`)} as n
    union select n.k from ${namesOf(postgres, sql`(select u.preferences from users as u where u.id = r.user_id)`)} as n
    union select s.name_key from learner_skills as s where s.user_id = r.user_id`;
}

/** The applicant's match score over an application row `r`, as SQL for the engine's select and sort. */
export function applicantMatchScore(postgres: boolean): RawBuilder<number | null> {
  const asked = sql`select distinct a.k from (${sql.join(
    postingLists().map((list) => sql`select n.k from ${namesOf(postgres, list)} as n`),
    sql` union all `,
  )}) as a where a.k <> ''`;
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
