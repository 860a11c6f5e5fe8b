import { type Kysely, PostgresAdapter } from "kysely";

/** Frozen once landed: add a new migration instead of editing this one. */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** An auto-numbered key: SQLite's INTEGER PRIMARY KEY is the rowid; PostgreSQL needs serial. */
const idType = (db: Db) => (isPostgres(db) ? "serial" : "integer");

export async function up(db: Db): Promise<void> {
  const id = idType(db);
  const now = "text";

  await db.schema
    .createTable("provinces")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_np", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("districts")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("province_id", "integer", (c) => c.notNull().references("provinces.id"))
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("name_np", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("districts_province_idx").on("districts").column("province_id").execute();
  await db.schema
    .createTable("municipalities")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("district_id", "integer", (c) => c.notNull().references("districts.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_np", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("municipalities_district_idx").on("municipalities").column("district_id").execute();

  await db.schema
    .createTable("feature_profiles")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("description", "text")
    .addColumn("features", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", now, (c) => c.notNull())
    .addColumn("updated_at", now, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("institutions")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("subdomain", "text", (c) => c.notNull().unique())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .addColumn("logo", "text")
    .addColumn("primary_color", "text", (c) => c.notNull())
    .addColumn("secondary_color", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("phone", "text")
    .addColumn("website", "text")
    .addColumn("address", "text")
    .addColumn("province_id", "integer", (c) => c.references("provinces.id"))
    .addColumn("district_id", "integer", (c) => c.references("districts.id"))
    .addColumn("municipality_id", "integer", (c) => c.references("municipalities.id"))
    .addColumn("feature_profile_id", "integer", (c) => c.references("feature_profiles.id"))
    .addColumn("created_at", now, (c) => c.notNull())
    .addColumn("updated_at", now, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("recruiters")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("website", "text")
    .addColumn("logo", "text")
    .addColumn("address", "text")
    .addColumn("reject_reason", "text")
    .addColumn("created_at", now, (c) => c.notNull())
    .addColumn("updated_at", now, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("recruiters_status_idx").on("recruiters").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("users")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("institution_id", "integer", (c) => c.references("institutions.id"))
    .addColumn("recruiter_id", "integer", (c) => c.references("recruiters.id"))
    .addColumn("permissions", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .addColumn("email_verified_at", now)
    .addColumn("token_version", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("deleted_at", now)
    .addColumn("created_at", now, (c) => c.notNull())
    .addColumn("updated_at", now, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("users_institution_idx")
    .on("users")
    .columns(["institution_id", "role", "created_at"])
    .execute();
  await db.schema.createIndex("users_recruiter_idx").on("users").columns(["recruiter_id", "created_at"]).execute();

  await db.schema
    .createTable("program_departments")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("institution_id", "integer", (c) => c.references("institutions.id"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", now, (c) => c.notNull())
    .addColumn("updated_at", now, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("program_departments_institution_idx")
    .on("program_departments")
    .columns(["institution_id", "kind", "name"])
    .execute();

  await db.schema
    .createTable("revoked_tokens")
    .addColumn("jti", "text", (c) => c.primaryKey())
    .addColumn("expires_at", now, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("revoked_tokens_expiry_idx").on("revoked_tokens").column("expires_at").execute();

  await db.schema
    .createTable("user_tokens")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", now, (c) => c.notNull())
    .addColumn("used_at", now)
    .addColumn("created_at", now, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("created_at", now, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("missing_locale_keys")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("lng", "text", (c) => c.notNull())
    .addColumn("ns", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("fallback", "text")
    .addColumn("created_at", now, (c) => c.notNull())
    .addUniqueConstraint("missing_locale_keys_unique", ["lng", "ns", "key"])
    .execute();

  await db.schema
    .createTable("auth_throttle")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("window_start", now, (c) => c.notNull())
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    "auth_throttle",
    "missing_locale_keys",
    "mail_outbox",
    "user_tokens",
    "revoked_tokens",
    "program_departments",
    "users",
    "recruiters",
    "institutions",
    "feature_profiles",
    "municipalities",
    "districts",
    "provinces",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
