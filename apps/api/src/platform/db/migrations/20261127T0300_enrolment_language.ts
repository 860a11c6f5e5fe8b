import type { Kysely } from "kysely";

/**
 * Frozen once landed. An enrolment keeps the language its learner enrolled in, as an application
 * keeps the one its applicant applied in: the mail that their certificate is ready is written in it.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable("enrolments").addColumn("language", "text").execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("enrolments").dropColumn("language").execute();
}
