import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Frozen once landed. Applications: one table for applications to learning events,
 * job opportunities and scholarships. Indexed for the lists the pipeline reads: a posting's
 * applicants by stage, a learner's own applications, an institution's learners' applications.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const id = db.getExecutor().adapter instanceof PostgresAdapter ? "serial" : "integer";
  await db.schema
    .createTable("applications")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("posting_type", "text", (c) => c.notNull())
    .addColumn("learning_event_id", "integer", (c) => c.references("learning_events.id").onDelete("cascade"))
    .addColumn("job_opportunity_id", "integer", (c) => c.references("job_opportunities.id").onDelete("cascade"))
    .addColumn("scholarship_id", "integer", (c) => c.references("scholarships.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("contact_number", "text")
    .addColumn("profession", "text")
    .addColumn("institution_id", "integer", (c) => c.references("institutions.id").onDelete("set null"))
    .addColumn("institution", "text")
    .addColumn("department", "text")
    .addColumn("applied_at", "text", (c) => c.notNull())
    .addColumn("applicant_type", "text")
    .addColumn("stage", "text", (c) => c.notNull())
    .addColumn("attendance", "integer", (c) => c.notNull().defaultTo(3))
    .addColumn("grade", "text")
    .addColumn("percentage", "real")
    .addColumn("completion_status", "text")
    .addColumn("certificate_code", "text", (c) => c.unique())
    .addColumn("withdrawn_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  for (const [name, columns] of [
    ["applications_learning_event_idx", ["learning_event_id", "stage", "applied_at"]],
    ["applications_job_opportunity_idx", ["job_opportunity_id", "stage", "applied_at"]],
    ["applications_scholarship_idx", ["scholarship_id", "stage", "applied_at"]],
    ["applications_user_idx", ["user_id", "applied_at"]],
    ["applications_institution_idx", ["institution_id", "applied_at"]],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on("applications")
      .columns([...columns])
      .execute();
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("applications").ifExists().execute();
}
