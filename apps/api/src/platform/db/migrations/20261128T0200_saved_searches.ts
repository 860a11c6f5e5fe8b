import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Frozen once landed. A person's saved searches (DESIGN §5b `saved-searches`): a list (`resource`)
 * and its query string under a name, maybe shared with the owner's institution, maybe alerting
 * them (`alert`) of postings that newly match, where `origin` is the owner's site as they saved it
 * (their alert's links open there). Each posting an alert told of is a row of
 * `saved_search_hits`, so that no posting is told of twice.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const id = db.getExecutor().adapter instanceof PostgresAdapter ? "serial" : "integer";
  await db.schema
    .createTable("saved_searches")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("institution_id", "integer", (c) => c.references("institutions.id").onDelete("cascade"))
    .addColumn("resource", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("query", "text", (c) => c.notNull())
    .addColumn("alert", "text", (c) => c.notNull().defaultTo("off"))
    .addColumn("shared", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("origin", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("saved_searches_user_idx")
    .on("saved_searches")
    .columns(["user_id", "resource"])
    .execute();
  await db.schema
    .createIndex("saved_searches_shared_idx")
    .on("saved_searches")
    .columns(["institution_id", "shared", "resource"])
    .execute();
  await db.schema.createIndex("saved_searches_alert_idx").on("saved_searches").columns(["alert", "id"]).execute();
  await db.schema
    .createTable("saved_search_hits")
    .addColumn("saved_search_id", "integer", (c) => c.notNull().references("saved_searches.id").onDelete("cascade"))
    .addColumn("posting_id", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("saved_search_hits_pk", ["saved_search_id", "posting_id"])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("saved_search_hits").execute();
  await db.schema.dropTable("saved_searches").execute();
}
