import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Frozen once landed. The applicant pipeline: every change of an
 * application's stage, attendance, grade, percentage or completion keeps a history row (who, from,
 * to, note, when), read oldest first per application; a learner applies to a posting once (the
 * unique indexes; public applicants, with no account, are told apart by e-mail elsewhere); an
 * application keeps the language its applicant applied in, for the mail each stage change sends
 * them; and a learning event says how its applicants are graded, a letter or a percentage.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

const ONE_APPLICATION_PER_POSTING = [
  ["applications_user_learning_event_unique", "learning_event_id"],
  ["applications_user_job_opportunity_unique", "job_opportunity_id"],
  ["applications_user_scholarship_unique", "scholarship_id"],
] as const;

export async function up(db: Db): Promise<void> {
  const id = db.getExecutor().adapter instanceof PostgresAdapter ? "serial" : "integer";
  await db.schema
    .createTable("application_history")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("application_id", "integer", (c) => c.notNull().references("applications.id").onDelete("cascade"))
    .addColumn("field", "text", (c) => c.notNull())
    .addColumn("from_value", "text")
    .addColumn("to_value", "text")
    .addColumn("note", "text")
    .addColumn("by_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("application_history_application_idx")
    .on("application_history")
    .columns(["application_id", "id"])
    .execute();
  // NULLs are distinct in a unique index on both databases: rows of other postings and public
  // applicants (no user_id) never clash
  for (const [name, column] of ONE_APPLICATION_PER_POSTING) {
    await db.schema.createIndex(name).on("applications").columns(["user_id", column]).unique().execute();
  }
  await db.schema.alterTable("applications").addColumn("language", "text").execute();
  await db.schema.alterTable("learning_events").addColumn("grading_type", "text").execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("learning_events").dropColumn("grading_type").execute();
  await db.schema.alterTable("applications").dropColumn("language").execute();
  for (const [name] of ONE_APPLICATION_PER_POSTING) await db.schema.dropIndex(name).ifExists().execute();
  await db.schema.dropTable("application_history").ifExists().execute();
}
