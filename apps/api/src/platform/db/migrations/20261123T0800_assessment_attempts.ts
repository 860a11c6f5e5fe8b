import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Frozen once landed. Self-assessment attempts (`assessment-attempts`): every attempt
 * is kept, with the learner's answers and a copy of the questions and their answer key as they
 * were when it was taken, so that later edits of the assessment do not rewrite its history.
 * Indexed for a learner's own attempts, an institution's learners' attempts and an assessment's.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const id = db.getExecutor().adapter instanceof PostgresAdapter ? "serial" : "integer";
  await db.schema
    .createTable("assessment_attempts")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // the learner's institution when they took it: staff read their own learners' attempts
    .addColumn("institution_id", "integer", (c) => c.references("institutions.id").onDelete("set null"))
    .addColumn("self_assessment_id", "integer", (c) =>
      c.notNull().references("self_assessments.id").onDelete("cascade"),
    )
    .addColumn("answers", "text", (c) => c.notNull())
    .addColumn("questions", "text", (c) => c.notNull())
    .addColumn("score", "integer", (c) => c.notNull())
    .addColumn("max_score", "integer", (c) => c.notNull())
    .addColumn("percentage", "integer", (c) => c.notNull())
    // 0/1, null when the assessment had no pass mark
    .addColumn("passed", "integer")
    .addColumn("taken_at", "text", (c) => c.notNull())
    .execute();
  for (const [name, columns] of [
    ["assessment_attempts_user_idx", ["user_id", "taken_at"]],
    ["assessment_attempts_institution_idx", ["institution_id", "taken_at"]],
    ["assessment_attempts_assessment_idx", ["self_assessment_id", "taken_at"]],
    ["assessment_attempts_taken_at_idx", ["taken_at"]],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on("assessment_attempts")
      .columns([...columns])
      .execute();
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("assessment_attempts").ifExists().execute();
}
