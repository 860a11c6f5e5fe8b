import type { CompletedFilter, RegistrationFilter, RuleFilterName } from "@csc/shared";
import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import type { RuleFilter } from "./list.js";

// biome-ignore lint/suspicious/noExplicitAny: resource tables are chosen at run time from the registry
type AnyBuilder = ExpressionBuilder<any, any>;

/**
 * `registration` of an application (alias `r`): `registered` applicants have an
 * account and did not come through the skill lab, `not_registered` are guests of the public apply
 * page (no account), `skill_lab` came through the skill lab. An applicant type that is not set
 * (N/A) is not the skill lab: `is distinct from` would say so, but only PostgreSQL has it, so the
 * null is asked for in so many words.
 */
const REGISTRATION: Record<RegistrationFilter, (eb: AnyBuilder) => Expression<SqlBool>> = {
  registered: (eb) =>
    eb.and([
      eb("r.user_id", "is not", null),
      eb.or([eb("r.applicant_type", "is", null), eb("r.applicant_type", "!=", "skill_lab")]),
    ]),
  not_registered: (eb) => eb("r.user_id", "is", null),
  skill_lab: (eb) => eb("r.applicant_type", "=", "skill_lab"),
};

/** `completed` of an enrolment: completed (stamped) or still under way. */
const COMPLETED: Record<CompletedFilter, (eb: AnyBuilder) => Expression<SqlBool>> = {
  true: (eb) => eb("r.completed_at", "is not", null),
  false: (eb) => eb("r.completed_at", "is", null),
};

const RULES: Record<RuleFilterName, Record<string, (eb: AnyBuilder) => Expression<SqlBool>>> = {
  registration: REGISTRATION,
  completed: COMPLETED,
};

/** A rule filter as SQL: rows matching any of its values (the values are checked in list.ts). */
export const ruleFilterSql =
  (filter: RuleFilter) =>
  (eb: AnyBuilder): Expression<SqlBool> =>
    eb.or(filter.values.flatMap((value) => RULES[filter.name][value]?.(eb) ?? []));
