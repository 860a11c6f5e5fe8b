import { ErrorAnswer, MAX_INTEGER } from "@csc/shared";
import { type Static, Type } from "typebox";

/**
 * Schema pieces shared by the routes (fastify/demo style: one place, reused by name). The answers
 * themselves are the contracts of @csc/shared (packages/shared/src/contracts).
 */
export { ErrorAnswer as ErrorResponse, MessageAnswer as MessageResponse } from "@csc/shared";

export const Email = Type.String({ format: "email", minLength: 3, maxLength: 254 });
export const Password = Type.String({ minLength: 1, maxLength: 200 });

/**
 * A whole number a PostgreSQL `integer` holds (ids, paging), so a larger one is bad input rather
 * than a query that fails. Ajv coerces "1e400" or "Infinity" to Infinity, which passes its integer
 * check and skips the bounds; the inner schema checks the coerced value again, and Infinity fails it.
 */
export const integerParam = (minimum: number, maximum = MAX_INTEGER) =>
  Type.Integer({ minimum, maximum, allOf: [{ type: "integer" }] });
export const Id = integerParam(1);
export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

export const errorResponses = {
  400: ErrorAnswer,
  401: ErrorAnswer,
  403: ErrorAnswer,
  404: ErrorAnswer,
  429: ErrorAnswer,
} as const;

export const bearer = [{ bearer: [] }];
