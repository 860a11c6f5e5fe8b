import type { Kysely } from "kysely";

/**
 * Frozen once landed. A learner's CV: the upload that holds it (counted in `uploads`
 * with their images, for the per-user quota) and the file name they gave it, shown to the staff
 * who may read one of their applications.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable("users").addColumn("cv_upload_id", "integer").execute();
  await db.schema.alterTable("users").addColumn("cv_file_name", "text").execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("users").dropColumn("cv_file_name").execute();
  await db.schema.alterTable("users").dropColumn("cv_upload_id").execute();
}
