import { createHash, randomBytes, randomInt } from "node:crypto";
import { toLatinDigits } from "@csc/shared";
import type { Kysely } from "kysely";
import type { Database, UserTokenTable } from "./db/schema.js";
import { isoIn, nowIso } from "./time.js";

type Purpose = UserTokenTable["purpose"];

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

/** A single-use token for an e-mailed link; only its hash is stored. */
export async function issueUserToken(db: Kysely<Database>, userId: number, purpose: Purpose, ttlMs: number) {
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("user_tokens")
    .values({ user_id: userId, purpose, token_hash: digest(token), expires_at: isoIn(ttlMs), created_at: nowIso() })
    .execute();
  return token;
}

/** One such token for each of many accounts at once (an import's new accounts), in one statement; by user id. */
export async function issueUserTokens(
  db: Kysely<Database>,
  userIds: readonly number[],
  purpose: Purpose,
  ttlMs: number,
): Promise<Map<number, string>> {
  const tokens = new Map(userIds.map((id) => [id, randomBytes(32).toString("base64url")]));
  if (tokens.size === 0) return tokens;
  const [expires, now] = [isoIn(ttlMs), nowIso()];
  await db
    .insertInto("user_tokens")
    .values(
      [...tokens].map(([userId, token]) => ({
        user_id: userId,
        purpose,
        token_hash: digest(token),
        expires_at: expires,
        created_at: now,
      })),
    )
    .execute();
  return tokens;
}

/** Marks the token used and answers its user id, or null when unknown, used or expired. */
export async function consumeUserToken(db: Kysely<Database>, token: string, purpose: Purpose) {
  const now = nowIso();
  const row = await db
    .updateTable("user_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", digest(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Latin or Devanagari digits, as a person may type them. */
const LOGIN_CODE = /^[0-9०-९]{6}$/;

/**
 * A six-digit code mailed to an account whose sign-in is locked by others' guesses: short enough
 * to type, useful only with the password, once, for a short time and a few tries (the caller
 * counts them). Stored as a hash bound to the account, so one person's code is nobody else's.
 */
export async function issueLoginCode(db: Kysely<Database>, userId: number, ttlMs: number): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await db
    .insertInto("user_tokens")
    .values({
      user_id: userId,
      purpose: "login-code",
      token_hash: digest(`${userId}:${code}`),
      expires_at: isoIn(ttlMs),
      created_at: nowIso(),
    })
    .execute();
  return code;
}

/** Uses up the account's code when it is right and still valid; false otherwise. */
export async function consumeLoginCode(db: Kysely<Database>, userId: number, code: string): Promise<boolean> {
  if (!LOGIN_CODE.test(code)) return false;
  return (await consumeUserToken(db, `${userId}:${toLatinDigits(code)}`, "login-code")) === userId;
}
