import type { Kysely } from "kysely";

/**
 * Frozen once landed. Learner lists at scale (100k accounts): indexes that hold every column the
 * lists filter, search and sort on, so that a page and its total are read from the index alone
 * (measured by `npm run bench`).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

const LIST_COLUMNS = ["full_name", "email", "status", "year", "program_department_id", "created_at"];

export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex("users_list_institution_idx")
    .on("users")
    .columns(["institution_id", "role", "deleted_at", ...LIST_COLUMNS])
    .execute();
  await db.schema
    .createIndex("users_list_role_idx")
    .on("users")
    .columns(["role", "deleted_at", ...LIST_COLUMNS, "institution_id"])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex("users_list_role_idx").ifExists().execute();
  await db.schema.dropIndex("users_list_institution_idx").ifExists().execute();
}
