import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Frozen once landed. Security findings:
 * - the mail outbox keeps who, what subject, when and whether it was sent, never a secret link
 *   (bodies written before are redacted here);
 * - every upload is recorded against its uploader, for a per-user rate and storage quota.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const id = db.getExecutor().adapter instanceof PostgresAdapter ? "serial" : "integer";

  await db.schema
    .alterTable("mail_outbox")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("logged"))
    .execute();
  // links in mail written before this migration carried single-use tokens
  await db.updateTable("mail_outbox").set({ text_body: "" }).execute();

  await db.schema
    .createTable("uploads")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("uploads_user_idx").on("uploads").columns(["user_id", "created_at"]).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("uploads").ifExists().execute();
  await db.schema.alterTable("mail_outbox").dropColumn("status").execute();
}
