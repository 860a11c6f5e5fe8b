import { type Kysely, PostgresAdapter } from "kysely";

/** Frozen once landed: the tables of the server-driven resources. */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;
type Builder = ReturnType<Db["schema"]["createTable"]>;

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Columns every provider/institution/recruiter catalogue table has. */
function catalogueColumns(table: Builder): Builder {
  return table
    .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("publish_status", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("institution_id", "integer", (c) => c.references("institutions.id"))
    .addColumn("recruiter_id", "integer", (c) => c.references("recruiters.id"))
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull());
}

const CATALOGUES = [
  "courses",
  "scholarships",
  "career_roadmaps",
  "self_assessments",
  "learning_events",
  "job_opportunities",
  "external_programs",
] as const;

export async function up(db: Db): Promise<void> {
  const id = isPostgres(db) ? "serial" : "integer";

  for (const [column, type] of [
    ["program_department_id", "integer"],
    ["year", "integer"],
    ["skills", "text"],
    ["preferences", "text"],
    ["linkedin_url", "text"],
    ["website", "text"],
    ["province_id", "integer"],
    ["district_id", "integer"],
    ["municipality_id", "integer"],
    ["deleted_by", "integer"],
    ["delete_reason", "text"],
  ] as const) {
    await db.schema.alterTable("users").addColumn(column, type).execute();
  }
  await db.schema.createIndex("users_role_idx").on("users").columns(["role", "deleted_at", "created_at"]).execute();
  await db.schema.alterTable("institutions").addColumn("contact_persons", "text").execute();
  await db.schema.alterTable("recruiters").addColumn("contact_persons", "text").execute();

  await db.schema
    .createTable("institution_recruiters")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("institution_id", "integer", (c) => c.notNull().references("institutions.id"))
    .addColumn("recruiter_id", "integer", (c) => c.notNull().references("recruiters.id"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .addColumn("note", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("institution_recruiters_unique", ["institution_id", "recruiter_id"])
    .execute();

  await catalogueColumns(
    db.schema
      .createTable("courses")
      .addColumn("id", id, (c) => c.primaryKey())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("category", "text")
      .addColumn("description", "text")
      .addColumn("delivery_mode", "integer")
      .addColumn("duration_hours", "integer")
      .addColumn("grading_type", "text")
      .addColumn("start_date", "text")
      .addColumn("end_date", "text")
      .addColumn("url", "text")
      .addColumn("image", "text"),
  ).execute();
  await catalogueColumns(
    db.schema
      .createTable("scholarships")
      .addColumn("id", id, (c) => c.primaryKey())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("provider_name", "text")
      .addColumn("country", "text")
      .addColumn("amount", "integer")
      .addColumn("deadline", "text")
      .addColumn("description", "text")
      .addColumn("eligibility", "text")
      .addColumn("url", "text"),
  ).execute();
  await catalogueColumns(
    db.schema
      .createTable("career_roadmaps")
      .addColumn("id", id, (c) => c.primaryKey())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("job_role", "text")
      .addColumn("description", "text")
      .addColumn("duration_months", "integer")
      .addColumn("skills", "text", (c) => c.notNull().defaultTo("[]")),
  ).execute();
  await catalogueColumns(
    db.schema
      .createTable("self_assessments")
      .addColumn("id", id, (c) => c.primaryKey())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("category", "text")
      .addColumn("description", "text")
      .addColumn("duration_minutes", "integer")
      .addColumn("grading_type", "text")
      .addColumn("pass_mark", "integer")
      .addColumn("questions", "text", (c) => c.notNull().defaultTo("[]")),
  ).execute();
  await catalogueColumns(
    db.schema
      .createTable("learning_events")
      .addColumn("id", id, (c) => c.primaryKey())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("event_type", "text", (c) => c.notNull())
      .addColumn("description", "text")
      .addColumn("delivery_mode", "integer")
      .addColumn("venue", "text")
      .addColumn("start_at", "text", (c) => c.notNull())
      .addColumn("end_at", "text", (c) => c.notNull())
      .addColumn("registration_deadline", "text")
      .addColumn("capacity", "integer")
      .addColumn("access_scope", "text"),
  ).execute();
  await catalogueColumns(
    db.schema
      .createTable("job_opportunities")
      .addColumn("id", id, (c) => c.primaryKey())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("job_type", "text", (c) => c.notNull())
      .addColumn("description", "text")
      .addColumn("company_name", "text")
      .addColumn("location_text", "text")
      .addColumn("province_id", "integer", (c) => c.references("provinces.id"))
      .addColumn("district_id", "integer", (c) => c.references("districts.id"))
      .addColumn("municipality_id", "integer", (c) => c.references("municipalities.id"))
      .addColumn("salary_min", "integer")
      .addColumn("salary_max", "integer")
      .addColumn("openings", "integer")
      .addColumn("deadline", "text", (c) => c.notNull())
      .addColumn("hiring_source", "text")
      .addColumn("access_scope", "text")
      .addColumn("skills", "text", (c) => c.notNull().defaultTo("[]")),
  ).execute();
  await catalogueColumns(
    db.schema
      .createTable("external_programs")
      .addColumn("id", id, (c) => c.primaryKey())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("organizer", "text")
      .addColumn("description", "text")
      .addColumn("delivery_mode", "integer")
      .addColumn("start_date", "text")
      .addColumn("end_date", "text")
      .addColumn("fee", "integer")
      .addColumn("url", "text"),
  ).execute();
  for (const table of CATALOGUES) {
    await db.schema
      .createIndex(`${table}_institution_idx`)
      .on(table)
      .columns(["institution_id", "created_at"])
      .execute();
    await db.schema.createIndex(`${table}_recruiter_idx`).on(table).columns(["recruiter_id", "created_at"]).execute();
  }

  await db.schema
    .createTable("global_partners")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("partnership_type", "text")
    .addColumn("website", "text")
    .addColumn("logo", "text")
    .addColumn("description", "text")
    .addColumn("publish_status", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("tags")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("category", "text")
    .addColumn("description", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("testimonials")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("designation", "text")
    .addColumn("organization", "text")
    .addColumn("quote", "text", (c) => c.notNull())
    .addColumn("photo", "text")
    .addColumn("rating", "integer")
    .addColumn("publish_status", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("download_logs")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("resource", "text", (c) => c.notNull())
    .addColumn("filters", "text", (c) => c.notNull())
    .addColumn("row_count", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("download_logs_created_idx").on("download_logs").column("created_at").execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    "download_logs",
    "testimonials",
    "tags",
    "global_partners",
    ...CATALOGUES,
    "institution_recruiters",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
