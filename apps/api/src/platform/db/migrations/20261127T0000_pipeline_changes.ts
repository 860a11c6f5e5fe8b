import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Frozen once landed. The pipeline as staff use it every day: every change of
 * applicants is one undoable change set with a deadline; the applicants' mail for it waits in a
 * queue until that deadline has passed, and an undo takes it out again; history rows name their
 * change, say whether they hold a staff-only note, and whether an undo wrote them.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const id = db.getExecutor().adapter instanceof PostgresAdapter ? "serial" : "integer";
  await db.schema
    .createTable("application_changes")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("by_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("undo_until", "text", (c) => c.notNull())
    .addColumn("undone_at", "text")
    .addColumn("undone_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();

  await db.schema
    .createTable("mail_queue")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("change_id", "integer", (c) => c.references("application_changes.id").onDelete("cascade"))
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("send_after", "text", (c) => c.notNull())
    .addColumn("claimed_by", "text")
    .addColumn("claimed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("mail_queue_due_idx").on("mail_queue").columns(["send_after", "id"]).execute();
  await db.schema.createIndex("mail_queue_change_idx").on("mail_queue").column("change_id").execute();

  await db.schema
    .alterTable("application_history")
    .addColumn("change_id", "integer", (c) => c.references("application_changes.id").onDelete("set null"))
    .execute();
  await db.schema
    .alterTable("application_history")
    .addColumn("internal", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("application_history")
    .addColumn("undone", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("application_history_change_idx").on("application_history").column("change_id").execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex("application_history_change_idx").ifExists().execute();
  await db.schema.alterTable("application_history").dropColumn("undone").execute();
  await db.schema.alterTable("application_history").dropColumn("internal").execute();
  await db.schema.alterTable("application_history").dropColumn("change_id").execute();
  await db.schema.dropTable("mail_queue").ifExists().execute();
  await db.schema.dropTable("application_changes").ifExists().execute();
}
