import { createHash, randomBytes } from "node:crypto";
import {
  isOidcIssuer,
  joinDomainsOf,
  joinOutcome,
  learnerRoleFor,
  type SsoError,
  type SsoTestResult,
} from "@csc/shared";
import type { Kysely } from "kysely";
import type { Database } from "../platform/db/schema.js";
import type { ProviderAnswer, ProviderSettings } from "../platform/oidc-client.js";
import { isoIn, nowIso } from "../platform/time.js";

/**
 * Single sign-on's rows and rules: a sign-in under way at an institution's provider (ten
 * minutes, taken once), the one-time code its callback hands the browser (a minute, once), what
 * test mode shows the staff member testing it, and who the provider's person is here — matched by
 * e-mail within the institution, or let in as its join policy says. Every row is stored under the
 * hash of what travels in an address.
 */

export const LOGIN_LIFETIME_MS = 10 * 60_000;
export const CODE_LIFETIME_MS = 60_000;
const TEST_RESULT_LIFETIME_MS = 10 * 60_000;

const digest = (value: string) => createHash("sha256").update(value).digest("hex");
const randomCode = () => randomBytes(32).toString("base64url");

/** An active institution with its sign-in settings and join policy, by id or by its site's subdomain. */
export function ssoInstitution(db: Kysely<Database>, where: { id: number } | { subdomain: string }) {
  const query = db
    .selectFrom("institutions")
    .select([
      "id",
      "name",
      "type",
      "subdomain",
      "sso_mode",
      "oidc_issuer",
      "oidc_client_id",
      "oidc_client_secret",
      "join_policy",
      "join_domains",
    ])
    .where("status", "=", "active");
  return ("id" in where ? query.where("id", "=", where.id) : query.where("subdomain", "=", where.subdomain))
    .executeTakeFirst()
    .then((row) => row ?? null);
}
export type SsoInstitution = NonNullable<Awaited<ReturnType<typeof ssoInstitution>>>;

/** The institution's provider, when it has one set up (issuer and client id; the secret is optional). */
export function providerSettingsOf(institution: {
  oidc_issuer: string | null;
  oidc_client_id: string | null;
  oidc_client_secret: string | null;
}): ProviderSettings | null {
  const { oidc_issuer: issuer, oidc_client_id: clientId, oidc_client_secret: secret } = institution;
  if (!issuer || !clientId || !isOidcIssuer(issuer)) return null;
  return { issuer, clientId, clientSecret: secret || null };
}

/** Rows past their time: removed whenever a sign-in starts, so the tables hold only what is under way. */
export async function forgetExpired(db: Kysely<Database>): Promise<void> {
  const now = nowIso();
  await db.deleteFrom("oidc_logins").where("expires_at", "<", now).execute();
  await db.deleteFrom("oidc_results").where("expires_at", "<", now).execute();
}

export async function recordLogin(
  db: Kysely<Database>,
  login: {
    state: string;
    institutionId: number;
    codeVerifier: string;
    nonce: string;
    redirectUri: string;
    returnTo: string;
    testerId: number | null;
  },
): Promise<void> {
  await db
    .insertInto("oidc_logins")
    .values({
      state_hash: digest(login.state),
      institution_id: login.institutionId,
      code_verifier: login.codeVerifier,
      nonce: login.nonce,
      redirect_uri: login.redirectUri,
      return_to: login.returnTo,
      tester_id: login.testerId,
      expires_at: isoIn(LOGIN_LIFETIME_MS),
      created_at: nowIso(),
    })
    .execute();
}

/** The sign-in a callback's `state` belongs to, taken so that it never finishes twice; null when none is under way. */
export async function takeLogin(db: Kysely<Database>, state: string) {
  const login = await db
    .deleteFrom("oidc_logins")
    .where("state_hash", "=", digest(state))
    .returningAll()
    .executeTakeFirst();
  return login && login.expires_at > nowIso() ? login : null;
}

/** A one-time code for the person signed in, for the browser to exchange for a session. */
export async function issueSignInCode(db: Kysely<Database>, institutionId: number, userId: number): Promise<string> {
  const code = randomCode();
  await db
    .insertInto("oidc_results")
    .values({
      code_hash: digest(code),
      institution_id: institutionId,
      user_id: userId,
      tester_id: null,
      result: null,
      expires_at: isoIn(CODE_LIFETIME_MS),
      created_at: nowIso(),
    })
    .execute();
  return code;
}

/** The account a one-time code signs in, taken so that it works once; null when unknown, used or expired. */
export async function takeSignInCode(db: Kysely<Database>, code: string): Promise<number | null> {
  const row = await db
    .deleteFrom("oidc_results")
    .where("code_hash", "=", digest(code))
    .where("user_id", "is not", null)
    .returning(["user_id", "expires_at"])
    .executeTakeFirst();
  return row && row.expires_at > nowIso() ? row.user_id : null;
}

/** What a provider's claim holds, as test mode shows it: a value, or a record or list written out. */
const shownClaim = (value: unknown) =>
  value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean"
    ? value
    : JSON.stringify(value);

/** Test mode: the provider's answer kept for the staff member testing it, under a one-time id. */
export async function recordTestResult(
  db: Kysely<Database>,
  institution: { id: number; name: string },
  testerId: number,
  answer: ProviderAnswer,
): Promise<string> {
  const id = randomCode();
  const result: SsoTestResult["data"] = {
    institution: institution.name,
    issuer: answer.issuer,
    subject: answer.subject,
    email: answer.email,
    email_verified: answer.emailVerified,
    name: answer.name,
    claims: Object.fromEntries(Object.entries(answer.claims).map(([name, value]) => [name, shownClaim(value)])),
  };
  await db
    .insertInto("oidc_results")
    .values({
      code_hash: digest(id),
      institution_id: institution.id,
      user_id: null,
      tester_id: testerId,
      result: JSON.stringify(result),
      expires_at: isoIn(TEST_RESULT_LIFETIME_MS),
      created_at: nowIso(),
    })
    .execute();
  return id;
}

/** A test's result, for the staff member who ran it only, until it expires. */
export async function readTestResult(
  db: Kysely<Database>,
  id: string,
  testerId: number,
): Promise<SsoTestResult["data"] | null> {
  const row = await db
    .selectFrom("oidc_results")
    .select("result")
    .where("code_hash", "=", digest(id))
    .where("tester_id", "=", testerId)
    .where("expires_at", ">", nowIso())
    .executeTakeFirst();
  return row?.result ? (JSON.parse(row.result) as SsoTestResult["data"]) : null;
}

/** Who the provider's person is here: an account of this institution, or why they may not sign in. */
export type SsoPerson = { userId: number } | { refused: SsoError };

/**
 * The provider's person as an account of this institution, by e-mail: theirs when it is this
 * institution's (and active); refused when the address is anyone else's account; otherwise the
 * join policy decides, as at registration — refused, made at once, or made waiting for the staff.
 * The institution's provider vouches for the address (unless it says it is not verified).
 */
export async function personFor(
  db: Kysely<Database>,
  institution: SsoInstitution,
  answer: ProviderAnswer,
  unusablePassword: () => Promise<string>,
): Promise<SsoPerson> {
  const { email } = answer;
  if (!email || answer.emailVerified === false) return { refused: "no_email" };
  const found = await accountOf(db, institution, email);
  if (found) return found;

  const domains = joinDomainsOf(institution.join_domains);
  const outcome = joinOutcome(institution.join_policy, domains, email);
  if (outcome === "refused-closed") return { refused: "unknown_person" };
  if (outcome === "refused-domain") return { refused: "outside_domains" };
  const now = nowIso();
  const made = await db
    .insertInto("users")
    .values({
      email,
      // nobody knows it: the person signs in through their institution, or resets it by mail
      password_hash: await unusablePassword(),
      full_name: (answer.name ?? email.slice(0, email.indexOf("@"))).slice(0, 120),
      phone: null,
      role: learnerRoleFor(institution.type),
      institution_id: institution.id,
      recruiter_id: null,
      permissions: "[]",
      status: outcome,
      email_verified_at: now,
      token_version: 0,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  // made meanwhile by another sign-in of the same person: that account decides
  if (!made) return (await accountOf(db, institution, email)) ?? { refused: "unknown_person" };
  return outcome === "pending" ? { refused: "pending_approval" } : { userId: made.id };
}

async function accountOf(db: Kysely<Database>, institution: SsoInstitution, email: string): Promise<SsoPerson | null> {
  const account = await db
    .selectFrom("users")
    .select(["id", "institution_id", "status", "deleted_at", "email_verified_at"])
    .where("email", "=", email)
    .executeTakeFirst();
  if (!account) return null;
  if (account.institution_id !== institution.id) return { refused: "other_institution" };
  if (account.deleted_at !== null || account.status === "disabled") return { refused: "account_disabled" };
  if (account.status === "pending") return { refused: "pending_approval" };
  if (account.email_verified_at === null) {
    await db.updateTable("users").set({ email_verified_at: nowIso() }).where("id", "=", account.id).execute();
  }
  return { userId: account.id };
}
