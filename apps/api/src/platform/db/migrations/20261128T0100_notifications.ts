import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Frozen once landed. What the platform tells people (DESIGN §5b `notifications`): one row per
 * person told, of a `kind`, with the values its words are made of (`params`, JSON: the words are
 * written when read, in the reader's language) and the page it links to (`link`, a path on the
 * person's own site; `origin` is that site as the change that caused it saw it, for mail).
 * `show_after` holds back a row caused by a change staff may still undo (`change_id`: the undo
 * deletes it); `in_app` says whether the bell shows it, `digest` whether it still waits for the
 * person's daily or weekly mail. A person's choices per kind are `users.notification_preferences`
 * (JSON), and `users.language` the language their mail is written in. A queued mail may carry
 * headers (`mail_queue.headers`, JSON): the one-click unsubscribe of a notification's mail.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const id = db.getExecutor().adapter instanceof PostgresAdapter ? "serial" : "integer";
  await db.schema
    .createTable("notifications")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("params", "text", (c) => c.notNull())
    .addColumn("link", "text", (c) => c.notNull())
    .addColumn("origin", "text", (c) => c.notNull())
    .addColumn("change_id", "integer")
    .addColumn("show_after", "text", (c) => c.notNull())
    .addColumn("in_app", "integer", (c) => c.notNull())
    .addColumn("digest", "text")
    .addColumn("read_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("notifications_user_idx")
    .on("notifications")
    .columns(["user_id", "show_after", "id"])
    .execute();
  await db.schema
    .createIndex("notifications_digest_idx")
    .on("notifications")
    .columns(["digest", "show_after"])
    .execute();
  await db.schema.createIndex("notifications_change_idx").on("notifications").column("change_id").execute();
  await db.schema.alterTable("users").addColumn("notification_preferences", "text").execute();
  await db.schema.alterTable("users").addColumn("language", "text").execute();
  await db.schema.alterTable("mail_queue").addColumn("headers", "text").execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("mail_queue").dropColumn("headers").execute();
  await db.schema.alterTable("users").dropColumn("language").execute();
  await db.schema.alterTable("users").dropColumn("notification_preferences").execute();
  await db.schema.dropTable("notifications").execute();
}
