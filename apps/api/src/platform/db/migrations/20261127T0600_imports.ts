import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Frozen once landed. Imports of learners from a spreadsheet: one row per committed file, with
 * who loaded it (`by` their name then, `by_user_id` while the account lasts), when, into which
 * institution's list, and the counts of its rows. Learners gain their date of birth, the date a
 * registrar's file carries.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const id = db.getExecutor().adapter instanceof PostgresAdapter ? "serial" : "integer";
  await db.schema
    .createTable("imports")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("institution_id", "integer", (c) => c.notNull().references("institutions.id").onDelete("cascade"))
    .addColumn("resource", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("created", "integer", (c) => c.notNull())
    .addColumn("updated", "integer", (c) => c.notNull())
    .addColumn("unchanged", "integer", (c) => c.notNull())
    .addColumn("invalid", "integer", (c) => c.notNull())
    .addColumn("by", "text", (c) => c.notNull())
    .addColumn("by_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("imports_institution_idx").on("imports").columns(["institution_id", "at"]).execute();
  await db.schema.alterTable("users").addColumn("date_of_birth", "text").execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("users").dropColumn("date_of_birth").execute();
  await db.schema.dropTable("imports").ifExists().execute();
}
