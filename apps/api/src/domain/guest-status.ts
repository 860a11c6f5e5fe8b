import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../platform/db/schema.js";
import { nowIso } from "../platform/time.js";

/**
 * A guest applicant's private status link. Only the hash of a token is kept, so a
 * token is known to the mail that carries it and to nobody else: each mail to a guest carries a
 * token of its own, and every one of them opens the same page.
 */
const digest = (token: string) => createHash("sha256").update(token).digest("hex");

/** 32 random bytes: a link nobody guesses. */
const GUEST_STATUS_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Rows written per statement (a bulk change may mail a thousand guests). */
const TOKENS_PER_INSERT = 500;

/** A new token for each application given, in the caller's transaction; answers them by application id. */
export async function issueGuestStatusTokens(
  db: Kysely<Database>,
  applicationIds: readonly number[],
): Promise<Map<number, string>> {
  const tokens = new Map(applicationIds.map((id) => [id, randomBytes(32).toString("base64url")]));
  const rows = [...tokens].map(([id, token]) => ({
    token_hash: digest(token),
    application_id: id,
    created_at: nowIso(),
  }));
  for (let at = 0; at < rows.length; at += TOKENS_PER_INSERT) {
    await db
      .insertInto("guest_status_tokens")
      .values(rows.slice(at, at + TOKENS_PER_INSERT))
      .execute();
  }
  return tokens;
}

/** The guest application a token opens, or null for a token that is not one of ours. */
export async function guestApplicationOf(db: Kysely<Database>, token: string): Promise<number | null> {
  if (!GUEST_STATUS_TOKEN.test(token)) return null;
  const row = await db
    .selectFrom("guest_status_tokens as g")
    .innerJoin("applications as a", "a.id", "g.application_id")
    .select("a.id")
    .where("g.token_hash", "=", digest(token))
    // a token opens a guest's application only: a learner follows theirs signed in
    .where("a.user_id", "is", null)
    .executeTakeFirst();
  return row?.id ?? null;
}
