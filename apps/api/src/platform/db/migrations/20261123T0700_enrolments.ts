import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Frozen once landed. The learner journey: a learner's enrolments in courses,
 * enrichment programs and career roadmaps, one table for the three, each row naming its item
 * twice — `item_type` and `item_id` as the contract has them, and the foreign key of its own
 * column so that deleting an item deletes its enrolments and a join needs no type switch. A
 * learner enrols in an item once. Completion stamps the row and issues a certificate code; the
 * item's skills land in `learner_skills`, one row per skill and learner whatever its case
 * (`name_key` is the name lower-cased by the API: SQLite's lower() folds ASCII only).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const id = db.getExecutor().adapter instanceof PostgresAdapter ? "serial" : "integer";
  await db.schema
    .createTable("enrolments")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("item_type", "text", (c) => c.notNull())
    .addColumn("item_id", "integer", (c) => c.notNull())
    .addColumn("course_id", "integer", (c) => c.references("courses.id").onDelete("cascade"))
    .addColumn("enrichment_program_id", "integer", (c) => c.references("external_programs.id").onDelete("cascade"))
    .addColumn("career_roadmap_id", "integer", (c) => c.references("career_roadmaps.id").onDelete("cascade"))
    .addColumn("institution_id", "integer", (c) => c.references("institutions.id").onDelete("set null"))
    .addColumn("enrolled_at", "text", (c) => c.notNull())
    .addColumn("progress", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("completed_at", "text")
    .addColumn("certificate_code", "text", (c) => c.unique())
    .addColumn("completed_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("steps_done", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("enrolments_user_item_unique", ["user_id", "item_type", "item_id"])
    .execute();
  for (const [name, columns] of [
    ["enrolments_user_idx", ["user_id", "enrolled_at"]],
    ["enrolments_institution_idx", ["institution_id", "enrolled_at"]],
    ["enrolments_item_idx", ["item_type", "item_id", "enrolled_at"]],
    ["enrolments_course_idx", ["course_id"]],
    ["enrolments_enrichment_program_idx", ["enrichment_program_id"]],
    ["enrolments_career_roadmap_idx", ["career_roadmap_id"]],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on("enrolments")
      .columns([...columns])
      .execute();
  }

  await db.schema
    .createTable("learner_skills")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("institution_id", "integer", (c) => c.references("institutions.id").onDelete("set null"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_key", "text", (c) => c.notNull())
    .addColumn("gained_at", "text", (c) => c.notNull())
    .addColumn("source_type", "text", (c) => c.notNull())
    .addColumn("source_id", "integer")
    .addColumn("source_title", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("learner_skills_user_name_unique", ["user_id", "name_key"])
    .execute();
  await db.schema
    .createIndex("learner_skills_institution_idx")
    .on("learner_skills")
    .columns(["institution_id", "gained_at"])
    .execute();
  await db.schema
    .createIndex("learner_skills_user_idx")
    .on("learner_skills")
    .columns(["user_id", "gained_at"])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("learner_skills").ifExists().execute();
  await db.schema.dropTable("enrolments").ifExists().execute();
}
