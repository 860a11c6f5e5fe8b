import { rulesToQuery } from "@casl/ability/extra";
import type { Action, AppAbility, ResourceName } from "@csc/shared";
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";

type Conditions = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: resource tables are chosen at run time from the registry
type AnyBuilder = ExpressionBuilder<any, any>;

/** What an ability lets a user reach of a resource: every row, no row, or the rows matching. */
export type Reach =
  | { kind: "all" }
  | { kind: "none" }
  | { kind: "some"; where: (eb: AnyBuilder) => Expression<SqlBool> };

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
      if (op === "$ne") return operand === null ? eb(ref, "is not", null) : eb(ref, "!=", sqlValue(operand));
      if (op === "$eq") return operand === null ? eb(ref, "is", null) : eb(ref, "=", sqlValue(operand));
      throw new Error(`Unsupported condition operator ${op}`);
    });
    return eb.and(ops);
  });
  return eb.and(parts);
}

/**
 * CASL's rules for `action` on `resource` as a SQL `where`: the OR of the allowing rules' conditions,
 * AND NOT each forbidding rule's. The same reach serves list, search, lookup by id, update, delete
 * and export, so no route can reach another tenant's row.
 */
export function reachOf(
  ability: AppAbility,
  action: Exclude<Action, "manage">,
  resource: ResourceName,
  alias: string,
): Reach {
  const query = rulesToQuery(ability, action, resource, (rule) =>
    rule.inverted ? { $not: rule.conditions ?? {} } : (rule.conditions ?? {}),
  );
  if (query === null) return { kind: "none" };
  const allowing = (query.$or ?? []) as Conditions[];
  const forbidding = ((query.$and ?? []) as { $not: Conditions }[]).map((c) => c.$not);
  if (allowing.length === 0 && forbidding.length === 0) return { kind: "all" };
  const column = (name: string) => `${alias}.${name}`;
  return {
    kind: "some",
    where: (eb) => {
      const allow = allowing.length > 0 ? eb.or(allowing.map((c) => conditionSql(eb, column, c))) : sql<SqlBool>`1 = 1`;
      const deny = forbidding.map((c) => eb.not(conditionSql(eb, column, c)));
      return eb.and([allow, ...deny]);
    },
  };
}
