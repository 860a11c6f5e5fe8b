import type { Kysely } from "kysely";

/**
 * Frozen once landed. A guest applicant's private status page: each mail to a guest
 * carries a link with a token of its own; only the token's hash is kept, with the application it
 * opens, so that whoever reads the database cannot open anybody's page.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable("guest_status_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("application_id", "integer", (c) => c.notNull().references("applications.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("guest_status_tokens_application_idx")
    .on("guest_status_tokens")
    .column("application_id")
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("guest_status_tokens").ifExists().execute();
}
