import {
  type Action,
  type AppAbility,
  isProviderRole,
  PARENT_REASON_PREFIX,
  type ParentReason,
  RECRUITER_ROLES,
  RESOURCES,
  type ResourceDefinition,
  type ResourceName,
} from "@csc/shared";
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { SessionUser } from "../domain/accounts.js";
import { objectMemo } from "../platform/caches.js";

type Conditions = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: resource tables are chosen at run time from the registry
type AnyBuilder = ExpressionBuilder<any, any>;

/** What an ability lets a user reach of a resource: every row, no row, or the rows matching. */
export type Reach =
  | { kind: "all" }
  | { kind: "none" }
  | {
      kind: "some";
      where: (eb: AnyBuilder) => Expression<SqlBool>;
      /** The same for every reach with the same rows (their rules' conditions), for SQL kept by it. */
      key: string;
      /**
       * Whether a row (its columns as stored) is surely out of reach, told without SQL; false when
       * unsure (a parent's rule, an operator not judged here, a column not in the row). Lets a
       * caller skip the SQL for rows nobody of this reach may read; the SQL stays the judge of the rest.
       */
      excludes?: (row: Readonly<Record<string, unknown>>) => boolean;
    };

const sqlValue = (value: unknown) => (typeof value === "boolean" ? (value ? 1 : 0) : value);

/** One CASL condition object (`{ a: 1, b: { $in: [2, null] } }`) as SQL over the given table alias. */
function conditionSql(eb: AnyBuilder, column: (name: string) => string, conditions: Conditions): Expression<SqlBool> {
  const parts = Object.entries(conditions).map(([name, value]): Expression<SqlBool> => {
    const ref = eb.ref(column(name));
    if (value === null) return eb(ref, "is", null);
    if (typeof value !== "object" || Array.isArray(value)) return eb(ref, "=", sqlValue(value));
    const ops = Object.entries(value as Conditions).map(([op, operand]): Expression<SqlBool> => {
      if (op === "$in" || op === "$nin") {
        const list = (operand as unknown[]).filter((v) => v !== null).map(sqlValue);
        const withNull = (operand as unknown[]).includes(null);
        const clauses: Expression<SqlBool>[] = [];
        if (list.length > 0) clauses.push(eb(ref, "in", list));
        if (withNull) clauses.push(eb(ref, "is", null));
        const anyOf = clauses.length > 0 ? eb.or(clauses) : sql<SqlBool>`1 = 0`;
        return op === "$in" ? anyOf : eb.not(anyOf);
      }
      if (op === "$all") {
        // a list field is JSON text of strings (codec.ts `encodeList`): each value, quoted, is in it
        const values = (operand as unknown[]).map((v) => `%${JSON.stringify(String(v))}%`);
        return eb.and(values.map((pattern) => eb(ref, "like", pattern)));
      }
      if (op === "$ne") return operand === null ? eb(ref, "is not", null) : eb(ref, "!=", sqlValue(operand));
      if (op === "$eq") return operand === null ? eb(ref, "is", null) : eb(ref, "=", sqlValue(operand));
      throw new Error(`Unsupported condition operator ${op}`);
    });
    return eb.and(ops);
  });
  return eb.and(parts);
}

/** Whether a stored value surely differs from a condition's value (false when the two are not comparable here). */
function surelyDiffers(stored: unknown, wanted: unknown): boolean {
  if (stored === undefined) return false;
  const value = sqlValue(wanted);
  // SQL's `= x` is never true of a NULL
  if (stored === null) return value !== null;
  if (value === null) return true;
  return typeof stored === typeof value && (typeof value === "number" || typeof value === "string")
    ? stored !== value
    : false;
}

/**
 * Whether a row surely fails one CASL condition object, as its SQL would judge it: a column
 * surely differing from its value or from every value of its `$in`. Anything else is not judged
 * (false): `$nin`, `$ne`, `$all` and values of another type than the column's.
 */
function surelyFails(conditions: Conditions, row: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(conditions).some(([name, value]) => {
    const stored = row[name];
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      return !Array.isArray(value) && surelyDiffers(stored, value);
    }
    return Object.entries(value as Conditions).some(([op, operand]) => {
      if (op === "$eq") return surelyDiffers(stored, operand);
      if (op === "$in" && Array.isArray(operand)) {
        return operand.every((candidate) => surelyDiffers(stored, candidate));
      }
      return false;
    });
  });
}

/** A `parents` grant: rows whose parent row the caller may write, as SQL over `alias`. */
function parentsSql(eb: AnyBuilder, alias: string, reason: ParentReason): Expression<SqlBool> {
  return eb.or(
    reason.parents.map(({ field, resource, reach }) => {
      const column = eb.ref(`${alias}.${field}`);
      if (reach === undefined) return eb(column, "is not", null);
      const parent = RESOURCES[resource];
      const owned = eb
        .selectFrom(`${parent.table} as p`)
        .select("p.id")
        .where((inner) =>
          inner.or(
            [reach].flat().map((conditions) => conditionSql(inner as AnyBuilder, (name) => `p.${name}`, conditions)),
          ),
        );
      return eb(column, "in", owned);
    }),
  );
}

const parentReasonOf = (reason: string | undefined): ParentReason | null =>
  reason?.startsWith(PARENT_REASON_PREFIX)
    ? (JSON.parse(reason.slice(PARENT_REASON_PREFIX.length)) as ParentReason)
    : null;

/**
 * CASL's rules for `action` on `resource` as a SQL `where`: the OR of the allowing rules' conditions
 * (or, for a `parents` grant, of the parents the caller may write), AND NOT each forbidding rule's.
 * The same reach serves list, search, lookup by id, update, delete, export and commands, so no
 * route can reach another tenant's row. Rules come highest priority first, as in CASL's own
 * `rulesToQuery`.
 */
export function reachOf(
  ability: AppAbility,
  action: Exclude<Action, "manage">,
  resource: ResourceName,
  alias: string,
): Reach {
  // abilities are shared between requests (platform/plugins/session.ts), and so is what they reach
  const known = reaches(ability, () => new Map<string, Reach>());
  const key = `${action} ${resource} ${alias}`;
  let reach = known.get(key);
  if (!reach) {
    reach = translate(ability, action, resource, alias);
    known.set(key, reach);
  }
  return reach;
}

const reaches = objectMemo<AppAbility, Map<string, Reach>>("reaches");

function translate(
  ability: AppAbility,
  action: Exclude<Action, "manage">,
  resource: ResourceName,
  alias: string,
): Reach {
  const allowing: ((eb: AnyBuilder) => Expression<SqlBool>)[] = [];
  // each allowing rule's test that a row surely fails it (a parent's rule is never sure)
  const failing: ((row: Readonly<Record<string, unknown>>) => boolean)[] = [];
  const forbidding: Conditions[] = [];
  const column = (name: string) => `${alias}.${name}`;
  let everyRow = false;
  // what the SQL is made of, as text: two abilities with the same rules here reach the same rows
  const made: unknown[] = [alias];
  for (const rule of ability.rulesFor(action, resource)) {
    const conditions = rule.conditions as Conditions | undefined;
    made.push([rule.inverted, conditions ?? null, rule.reason ?? null]);
    if (rule.inverted) {
      if (!conditions) break;
      forbidding.push(conditions);
      continue;
    }
    const parents = parentReasonOf(rule.reason);
    if (parents) {
      allowing.push((eb) => parentsSql(eb, alias, parents));
      failing.push(() => false);
    } else if (conditions) {
      allowing.push((eb) => conditionSql(eb, column, conditions));
      failing.push((row) => surelyFails(conditions, row));
    } else {
      everyRow = true;
      break;
    }
  }
  if (!everyRow && allowing.length === 0) return { kind: "none" };
  if (everyRow && forbidding.length === 0) return { kind: "all" };
  return {
    kind: "some",
    key: JSON.stringify(made),
    // a row every allowing rule surely refuses is out of reach, whatever the forbidding ones say
    excludes: (row) => !everyRow && failing.every((fails) => fails(row)),
    where: (eb) => {
      const allow = everyRow ? sql<SqlBool>`1 = 1` : eb.or(allowing.map((clause) => clause(eb)));
      const deny = forbidding.map((c) => eb.not(conditionSql(eb, column, c)));
      return eb.and([allow, ...deny]);
    },
  };
}

/** The rows either of some reaches reaches. */
export function anyReach(reaches: readonly Reach[]): Reach {
  if (reaches.some((reach) => reach.kind === "all")) return { kind: "all" };
  const some = reaches.filter((reach) => reach.kind === "some");
  if (some.length === 0) return { kind: "none" };
  if (some.length === 1) return some[0] as Reach;
  return {
    kind: "some",
    key: JSON.stringify(some.map((reach) => reach.key)),
    where: (eb) => eb.or(some.map((reach) => reach.where(eb))),
  };
}

/** Rows matching one CASL condition object, as a reach over `alias`. */
const matching = (alias: string, conditions: Conditions): Reach => ({
  kind: "some",
  key: JSON.stringify([alias, conditions]),
  where: (eb) => conditionSql(eb, (name) => `${alias}.${name}`, conditions),
});

/**
 * Rows matching any of some CASL condition objects, as a reach over `alias`: where no ability
 * applies but a rule of @csc/shared does (the postings a public page may show, `postingAudience`).
 */
export const matchingAny = (alias: string, alternatives: readonly Conditions[]): Reach =>
  alternatives.length === 0
    ? { kind: "none" }
    : {
        kind: "some",
        key: JSON.stringify([alias, alternatives]),
        where: (eb) =>
          eb.or(alternatives.map((conditions) => conditionSql(eb, (name) => `${alias}.${name}`, conditions))),
      };

/**
 * Tenancy where no action of the ability applies (a form's relation choices and checks, the
 * tenant records): the rows of `resource` inside one institution, drawn as the scopes
 * draw it — the institution itself, or its rows and the provider's shared ones (no
 * `institution_id`). `null` is no institution in particular: every row.
 */
export function institutionReach(resource: ResourceDefinition, institutionId: number | null, alias: string): Reach {
  if (institutionId === null) return { kind: "all" };
  if (resource.table === "institutions") return matching(alias, { id: institutionId });
  if (resource.fields.some((f) => f.name === "institution_id")) {
    return matching(alias, { institution_id: { $in: [institutionId, null] } });
  }
  return { kind: "all" };
}

/** No institution has this id, so an account without one reaches only the provider's shared rows. */
const NO_INSTITUTION = 0;

/** The institution a user's lookups stay in: none in particular for provider staff, else their own. */
export const lookupInstitutionOf = (user: Pick<SessionUser, "role" | "institution">): number | null =>
  isProviderRole(user.role) ? null : (user.institution?.id ?? NO_INSTITUTION);

/** A recruiter's own company among the `recruiters` rows (`/recruiter-profile`); no row for anyone else. */
export function companyReach(user: Pick<SessionUser, "role" | "recruiterId">, alias: string): Reach {
  if (!RECRUITER_ROLES.includes(user.role) || user.recruiterId === null) return { kind: "none" };
  return matching(alias, { id: user.recruiterId });
}
