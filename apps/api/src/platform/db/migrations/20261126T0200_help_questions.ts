import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Frozen once landed. Questions the help assistant could not answer, for provider staff
 * to improve the help: the question with e-mail addresses, phone numbers and other runs of digits
 * taken out, its language, the kind of user who asked and when — never who asked.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const id = db.getExecutor().adapter instanceof PostgresAdapter ? "serial" : "integer";
  await db.schema
    .createTable("help_questions")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("question", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("role_kind", "text", (c) => c.notNull())
    .addColumn("asked_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("help_questions_asked_at_idx").on("help_questions").column("asked_at").execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("help_questions").ifExists().execute();
}
