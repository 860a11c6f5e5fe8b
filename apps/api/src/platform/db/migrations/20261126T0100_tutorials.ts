import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Frozen once landed. Tutorial videos (embedded tutorial videos): provider staff
 * keep the list; each row says in both languages what the video shows, the kinds of user it is
 * for (a JSON list of role kinds), the screen it explains and its place in the list. The video's
 * address is optional: a tutorial without one shows as coming soon.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const id = db.getExecutor().adapter instanceof PostgresAdapter ? "serial" : "integer";
  await db.schema
    .createTable("tutorials")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("title_en", "text", (c) => c.notNull())
    .addColumn("title_np", "text", (c) => c.notNull())
    .addColumn("description_en", "text", (c) => c.notNull())
    .addColumn("description_np", "text", (c) => c.notNull())
    .addColumn("video_url", "text")
    .addColumn("roles", "text", (c) => c.notNull())
    .addColumn("topic", "text")
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("tutorials_sort_order_idx").on("tutorials").columns(["sort_order", "id"]).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("tutorials").ifExists().execute();
}
