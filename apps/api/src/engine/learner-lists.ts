import {
  fieldType,
  type PostingType,
  pendingStagesFor,
  postingTypeOf,
  type ResourceDefinition,
  rejectedStagesFor,
  roleKind,
  takenByLearner,
} from "@csc/shared";
import type { FastifyRequest } from "fastify";
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import { parseList } from "../domain/accounts.js";
import { badRequest } from "../platform/errors.js";
import { OPEN, POSTING_COLUMN } from "../resources/postings/commands.js";
import type { ListLearner, ListQuery } from "./list-query.js";

/**
 * The learner's own views of a posting list: the tabs `suggested`, `pending` and
 * `rejected`, and the scopes `user-taken` and `user-preference`. Their rows depend on who asks,
 * so they are the learner's alone: anyone else asking for them is a 400 naming the parameter.
 */

// biome-ignore lint/suspicious/noExplicitAny: posting tables are chosen at run time from the registry
type AnyBuilder = ExpressionBuilder<any, any>;

const needsLearner = (list: ListQuery) => list.learnerTab !== null || list.scope !== "all";
const needsInterests = (list: ListQuery) => list.learnerTab === "suggested" || list.scope === "user-preference";

/**
 * The list query with the learner it is for, when its tab or scope is a learner's: their skills
 * and preferences are read now, so that a change of them shows in the next list.
 */
export async function withLearner(request: FastifyRequest, list: ListQuery): Promise<ListQuery> {
  if (!needsLearner(list)) return list;
  if (roleKind(request.auth.role) !== "learner") {
    const message = request.t("field.learnersOnly");
    throw badRequest(request.t("invalidInput"), {
      ...(list.learnerTab !== null ? { type: message } : {}),
      ...(list.scope !== "all" ? { scope: message } : {}),
    });
  }
  const learner: ListLearner = { id: request.auth.id, interests: [] };
  if (needsInterests(list)) {
    const row = await request.server.db
      .selectFrom("users")
      .select(["skills", "preferences"])
      .where("id", "=", request.auth.id)
      .executeTakeFirst();
    const names = [...parseList(row?.skills ?? null), ...parseList(row?.preferences ?? null)];
    learner.interests = [...new Set(names.map((name) => name.trim().toLowerCase()).filter(Boolean))];
  }
  return { ...list, learner };
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Postings whose skills or tags name one of the learner's interests, ignoring case. Tags are
 * stored as JSON text (`["Python","SQL"]`), and JSON functions differ between SQLite and
 * PostgreSQL: a name is matched as its JSON string, quotes included, inside that text — the same
 * SQL on both, and exact (`"sql"` is not found in `"mysql"`).
 */
function matchesInterests(eb: AnyBuilder, resource: ResourceDefinition, interests: string[]): Expression<SqlBool> {
  const columns = ["skills", "tags"].filter((name) =>
    resource.fields.some((f) => f.name === name && fieldType(f.type).holdsNames),
  );
  if (interests.length === 0 || columns.length === 0) return sql<SqlBool>`1 = 0`;
  return eb.or(
    columns.flatMap((column) =>
      interests.map(
        (name) =>
          sql<SqlBool>`lower(${eb.ref(`r.${column}`)}) like ${`%${escapeLike(JSON.stringify(name))}%`} escape '\\'`,
      ),
    ),
  );
}

/** Postings the learner applied to, of those in `stages` when given; withdrawn ones only when `withdrawn`. */
function appliedTo(
  eb: AnyBuilder,
  postingType: PostingType,
  learnerId: number,
  { stages, withdrawn = true }: { stages?: readonly string[]; withdrawn?: boolean } = {},
): Expression<SqlBool> {
  const column = POSTING_COLUMN[postingType];
  let applications = eb
    .selectFrom("applications as a")
    .select(`a.${column}`)
    .where("a.user_id", "=", learnerId)
    .where(`a.${column}`, "is not", null);
  if (!withdrawn) applications = applications.where("a.withdrawn_at", "is", null);
  if (stages && stages.length === 0) return sql<SqlBool>`1 = 0`;
  if (stages) applications = applications.where("a.stage", "in", stages);
  return eb("r.id", "in", applications);
}

/** Self-assessments the learner has attempted, once or more. */
function attempted(eb: AnyBuilder, learnerId: number): Expression<SqlBool> {
  const attempts = eb
    .selectFrom("assessment_attempts as t")
    .select("t.self_assessment_id")
    .where("t.user_id", "=", learnerId);
  return eb("r.id", "in", attempts);
}

/**
 * The learner's tab and scope as one `where` over the posting (alias `r`), or null when the list
 * has neither:
 * - `pending`: they applied, have not withdrawn, and nothing is decided yet (a pending stage);
 * - `rejected`: they applied and a rejecting stage turned them down;
 * - `suggested`: open for applications (the rule applying uses), matching their skills or
 *   preferences, and not applied to yet;
 * - `user-taken`: they applied to it (withdrawn or not: it is taken, and cannot be applied to again);
 * - `user-preference`: matching their skills or preferences, open or not;
 * - on what learners take (self-assessments), `taken`: they have an attempt at it; `not-taken`: none yet.
 */
export function learnerWhere(resource: ResourceDefinition, list: ListQuery) {
  const learner = list.learner;
  if (!learner || !needsLearner(list)) return null;
  if (takenByLearner(resource)) {
    const tab = list.learnerTab;
    if (tab !== "taken" && tab !== "not-taken") return null;
    return (eb: AnyBuilder) => (tab === "taken" ? attempted(eb, learner.id) : eb.not(attempted(eb, learner.id)));
  }
  const postingType = postingTypeOf(resource.name);
  if (!postingType) return null;
  return (eb: AnyBuilder): Expression<SqlBool> => {
    const parts: Expression<SqlBool>[] = [];
    switch (list.learnerTab) {
      case "pending":
        parts.push(appliedTo(eb, postingType, learner.id, { stages: pendingStagesFor(postingType), withdrawn: false }));
        break;
      case "rejected":
        parts.push(appliedTo(eb, postingType, learner.id, { stages: rejectedStagesFor(postingType) }));
        break;
      case "suggested":
        parts.push(OPEN[postingType](eb));
        parts.push(matchesInterests(eb, resource, learner.interests));
        parts.push(eb.not(appliedTo(eb, postingType, learner.id)));
        break;
    }
    if (list.scope === "user-taken") parts.push(appliedTo(eb, postingType, learner.id));
    if (list.scope === "user-preference") parts.push(matchesInterests(eb, resource, learner.interests));
    return eb.and(parts);
  };
}

/**
 * What makes a list's SQL the learner's own, for the compiled-SQL memo: who they are and what
 * they are interested in. Null for a list that is the same for everyone who reaches the same rows.
 */
export const learnerKeyOf = (list: ListQuery) =>
  list.learner && needsLearner(list) ? [list.learner.id, list.learner.interests] : null;
