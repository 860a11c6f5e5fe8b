import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, UserTokenTable } from "../db/schema.js";
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
