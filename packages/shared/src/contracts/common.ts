import { type Static, type TSchema, Type } from "typebox";

/**
 * Pieces every contract is made of. The API serialises each answer from its schema
 * (fast-json-stringify): a property the schema does not name is dropped and a value of another
 * type is coerced, so a contract names every property it sends, optional or nullable as it is.
 */

/** A value that may be null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** One of a list of strings, serialised as a plain string (no per-value check when sending). */
export const OneOf = <const T extends readonly string[]>(values: T, options: { description?: string } = {}) =>
  Type.Unsafe<T[number]>({ type: "string", enum: [...values], ...options });

/** A value an application's history records: a stage, a mark, a date, or nothing. */
export const HistoryValue = Type.Union([Type.String(), Type.Number(), Type.Null()]);
export type HistoryValue = Static<typeof HistoryValue>;

/** Every error: a message, and under `errors` one message per field that was refused. */
export const ErrorAnswer = Type.Object(
  {
    message: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.String())),
    email_verified: Type.Optional(Type.Boolean()),
    /** Sign-in past an account's ceiling: this browser needs the code mailed to the account. */
    code_required: Type.Optional(Type.Boolean()),
    /** Sign-in of an account waiting for its institution's staff to approve it (join requests). */
    pending_approval: Type.Optional(Type.Boolean()),
  },
  { $id: "ErrorResponse" },
);
export type ErrorAnswer = Static<typeof ErrorAnswer>;

/** An answer that only tells what happened (sign-out, register, a reset link sent, a guest's application). */
export const MessageAnswer = Type.Object({ message: Type.String() });
export type MessageAnswer = Static<typeof MessageAnswer>;

/** `{ data }` around an answer. */
export const DataOf = <T extends TSchema>(data: T) => Type.Object({ data });
