import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Frozen once landed. What changed, for the live updates (`GET /live`, platform/live.ts): one row
 * per change to rows of a resource (`ids`, JSON), told to whoever may read them once
 * `deliver_at` has come (a change that may still be undone waits), or only to `users` (JSON, a
 * person's own notifications). Kept minutes, so that a dropped connection resumes from its last
 * event (`Last-Event-ID`).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const id = db.getExecutor().adapter instanceof PostgresAdapter ? "serial" : "integer";
  await db.schema
    .createTable("live_events")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("resource", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("ids", "text", (c) => c.notNull())
    .addColumn("users", "text")
    .addColumn("deliver_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("live_events_deliver_idx").on("live_events").columns(["deliver_at", "id"]).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("live_events").execute();
}
