import { MAX_INTEGER } from "@csc/shared";
import { type Static, Type } from "typebox";

/** Schema pieces shared by the routes (fastify/demo style: one place, reused by name). */
export const ErrorResponse = Type.Object(
  {
    message: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.String())),
    email_verified: Type.Optional(Type.Boolean()),
    /** Sign-in past an account's ceiling: this browser needs the code mailed to the account. */
    code_required: Type.Optional(Type.Boolean()),
  },
  { $id: "ErrorResponse" },
);

export const MessageResponse = Type.Object({
  message: Type.String(),
  data: Type.Optional(Type.Unknown()),
});

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

export const InstitutionPublic = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  subdomain: Type.String(),
  type: Type.Union([Type.Literal("college"), Type.Literal("company")]),
  status: Type.String(),
  logo: Type.Union([Type.String(), Type.Null()]),
  primary_color: Type.String(),
  secondary_color: Type.String(),
});

export const errorResponses = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
} as const;

export const bearer = [{ bearer: [] }];
