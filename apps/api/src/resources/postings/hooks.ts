import { askingFieldsOf, POSTING_RESOURCES, type PostingType, RESOURCES, roleKind } from "@csc/shared";
import type { FastifyRequest } from "fastify";
import type { ResourceHooks } from "../../engine/types.js";
import { POSTING_COLUMN } from "./open.js";
import { withSkillMatch } from "./skill-match.js";

/** Posting rows as a learner reads them, each saying whether they saved it (`POST /{posting}/{id}/save`). */
async function withSaved(
  request: FastifyRequest,
  type: PostingType,
  rows: Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  if (roleKind(request.auth.role) !== "learner" || rows.length === 0) return rows;
  const column = POSTING_COLUMN[type];
  const ids = rows.map((row) => row.id).filter((id): id is number => typeof id === "number");
  const saved = new Set<number | null>();
  // an export reads thousands of rows: asked in slices the databases take as parameters
  for (let start = 0; start < ids.length; start += 500) {
    const found = await request.server.db
      .selectFrom("saved_postings")
      .select(column)
      .where("user_id", "=", request.auth.id)
      .where(column, "in", ids.slice(start, start + 500))
      .execute();
    for (const row of found) saved.add(row[column]);
  }
  return rows.map((row) => ({ ...row, saved: saved.has(row.id as number) }));
}

/**
 * Postings: a learner reads each with its skill match (skill-match.ts) and whether they saved it;
 * anyone else reads it as stored.
 */
export function postingHooks(type: PostingType): ResourceHooks {
  const fields = askingFieldsOf(RESOURCES[POSTING_RESOURCES[type]]);
  return {
    readRows: async (request, rows) => withSaved(request, type, await withSkillMatch(request, fields, rows)),
  };
}
