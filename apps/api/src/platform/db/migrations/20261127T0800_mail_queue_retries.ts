import type { Kysely } from "kysely";

/**
 * Frozen once landed. Every mail the product sends goes through `mail_queue`, written in the
 * transaction of the change that causes it, and is tried until the mail server takes it: `state`
 * is `waiting` (due at `send_after`, tried `attempts` times so far, the last failure in
 * `last_error`) or `failed` (given up after the last try, kept for the provider's staff to see
 * and try again). A mail the server took leaves the queue. `redacted_body` is the text as staff may
 * read it, written with the row, since only the code that made the mail knows every secret in it.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable("mail_queue")
    .addColumn("state", "text", (c) => c.notNull().defaultTo("waiting"))
    .execute();
  await db.schema
    .alterTable("mail_queue")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("mail_queue").addColumn("last_error", "text").execute();
  await db.schema.alterTable("mail_queue").addColumn("redacted_body", "text").execute();
  await db.schema.dropIndex("mail_queue_due_idx").ifExists().execute();
  await db.schema.createIndex("mail_queue_due_idx").on("mail_queue").columns(["state", "send_after", "id"]).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex("mail_queue_due_idx").ifExists().execute();
  await db.schema.createIndex("mail_queue_due_idx").on("mail_queue").columns(["send_after", "id"]).execute();
  for (const column of ["redacted_body", "last_error", "attempts", "state"]) {
    await db.schema.alterTable("mail_queue").dropColumn(column).execute();
  }
}
