import {
  askedBy,
  learnerSkillKeys,
  type MissingSkill,
  matchSkills,
  RESOURCES,
  type ResourceName,
  roleKind,
  skillKey,
  TEACH_LIMIT,
  TEACHING_RESOURCES,
  type TeachingItem,
} from "@csc/shared";
import type { FastifyRequest } from "fastify";
import { labelsIn, learnerSkillNames } from "../../domain/learner-skills.js";
import { reachOf } from "../../engine/access.js";
import { namesHold } from "../../engine/list.js";
import { ALIAS, scoped } from "../../engine/store.js";

/**
 * Skill match on the server (the rule is packages/shared/src/skill-match.ts): a learner's skills
 * as the rule counts them, and what on their site teaches the skills they lack.
 */

/** Skills looked up at once: a missing skill beyond them is named without what teaches it. */
const TEACHING_KEYS = 100;

/** Rows read per catalogue when looking for what teaches some skills: enough for every skill's few, bounded whatever is asked. */
const TEACHING_ROWS = 200;

/**
 * What teaches each of these skills (by key) among the courses, enrichment programs and roadmaps
 * the learner may read on their site: at most TEACH_LIMIT each, by title. A catalogue they may not
 * read is not looked in.
 */
export async function teachersOf(
  request: FastifyRequest,
  names: readonly string[],
): Promise<Map<string, TeachingItem[]>> {
  // a page of postings names a few dozen skills; an export of thousands is looked up for its first ones
  const keys = [...new Set(names.map(skillKey))].filter((key) => key !== "").slice(0, TEACHING_KEYS);
  const found = new Map<string, TeachingItem[]>(keys.map((key) => [key, []]));
  if (keys.length === 0) return found;
  const { db } = request.server;
  const catalogues = TEACHING_RESOURCES.filter(({ resource }) => request.ability.can("read", resource as ResourceName));
  const answers = await Promise.all(
    catalogues.map(async ({ resource, field }) => {
      const definition = RESOURCES[resource as ResourceName];
      const reach = reachOf(request.ability, "read", definition.name, ALIAS);
      const rows = await scoped(db, definition, reach)
        .select([`${ALIAS}.id as id`, `${ALIAS}.title as title`, `${ALIAS}.${field} as names`])
        // biome-ignore lint/suspicious/noExplicitAny: catalogue tables are chosen at run time from the registry
        .where((eb: any) => eb.or(keys.map((key) => namesHold(eb.ref(`${ALIAS}.${field}`), key))))
        .orderBy(`${ALIAS}.title`)
        .orderBy(`${ALIAS}.id`)
        .limit(TEACHING_ROWS)
        .execute();
      return { resource, rows: rows as { id: number; title: string; names: unknown }[] };
    }),
  );
  for (const { resource, rows } of answers) {
    for (const row of rows) {
      for (const name of labelsIn(row.names)) {
        const items = found.get(skillKey(name));
        if (
          items &&
          items.length < TEACH_LIMIT &&
          !items.some((item) => item.resource === resource && item.id === row.id)
        ) {
          items.push({ resource, id: row.id, title: row.title });
        }
      }
    }
  }
  return found;
}

/**
 * Posting rows as a learner reads them: each with its match score and the skills they have and
 * lack, each missing skill with what teaches it on their site. Anyone else's rows are as they were.
 */
export async function withSkillMatch(
  request: FastifyRequest,
  fields: readonly string[],
  rows: Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  if (roleKind(request.auth.role) !== "learner" || rows.length === 0) return rows;
  const learner = learnerSkillKeys(await learnerSkillNames(request.server.db, request.auth.id));
  const matched = rows.map((row) => ({
    row,
    match: matchSkills(learner, askedBy(row, fields)),
  }));
  const teachers = await teachersOf(
    request,
    matched.flatMap(({ match }) => match.missing),
  );
  return matched.map(({ row, match }) => {
    const missing: MissingSkill[] = match.missing.map((name) => ({ name, teach: teachers.get(skillKey(name)) ?? [] }));
    return { ...row, match_score: match.score, matched_skills: match.matched, missing_skills: missing };
  });
}
