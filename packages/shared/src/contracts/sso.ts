import { type Static, Type } from "typebox";
import { Nullable } from "./common.js";

/**
 * Single sign-on through an institution's identity provider (OpenID Connect): the one-time code
 * the callback hands the sign-in page, and what test mode shows of the provider's answer.
 */

/** `POST /auth/oidc/exchange`: the one-time code of `/sso?code=`, for the session (as sign-in answers). */
export const SsoCodeExchange = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type SsoCodeExchange = Static<typeof SsoCodeExchange>;

/** `GET /auth/oidc/start?test=1`: where the staff member testing the provider goes to sign in there. */
export const SsoTestStart = Type.Object({ data: Type.Object({ url: Type.String() }) });
export type SsoTestStart = Static<typeof SsoTestStart>;

/**
 * `GET /auth/oidc/test/{id}`: what the provider answered in test mode, for the staff member who
 * ran it (nobody was signed in): who it says the person is, and every claim it sent.
 */
export const SsoTestResult = Type.Object({
  data: Type.Object({
    institution: Type.String(),
    issuer: Type.String(),
    subject: Type.String(),
    email: Nullable(Type.String()),
    email_verified: Nullable(Type.Boolean()),
    name: Nullable(Type.String()),
    /** Each claim as sent; a record or list (an address) written out as JSON. */
    claims: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
  }),
});
export type SsoTestResult = Static<typeof SsoTestResult>;
