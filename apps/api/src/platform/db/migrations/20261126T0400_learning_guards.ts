import type { Kysely } from "kysely";

/**
 * Frozen once landed. Guards on the learner journey: each self-assessment says how many attempts
 * a learner has (1–20) and when they see the right answers, so that one blank attempt
 * no longer buys the key; and the course site's callback signatures are kept until their window
 * closes, so that one signed request is taken once, whichever API process it reaches.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  // assessments already taken get the same safe defaults as new ones: three tries, the key after the last
  await db.schema
    .alterTable("self_assessments")
    .addColumn("max_attempts", "integer", (c) => c.notNull().defaultTo(3))
    .execute();
  await db.schema
    .alterTable("self_assessments")
    .addColumn("review_policy", "text", (c) => c.notNull().defaultTo("after_last"))
    .execute();

  await db.schema
    .createTable("course_site_signatures")
    .addColumn("signature", "text", (c) => c.primaryKey())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("course_site_signatures_expiry_idx")
    .on("course_site_signatures")
    .column("expires_at")
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("course_site_signatures").ifExists().execute();
  await db.schema.alterTable("self_assessments").dropColumn("review_policy").execute();
  await db.schema.alterTable("self_assessments").dropColumn("max_attempts").execute();
}
