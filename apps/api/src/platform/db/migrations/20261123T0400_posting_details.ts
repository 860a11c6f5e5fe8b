import type { Kysely } from "kysely";

/**
 * Frozen once landed. Posting details: a learning event's online link (where an online
 * event takes place, as the venue is for an offline one) and the skills it teaches, a JSON array
 * of names like a job opportunity's, so that a learner's skills and preferences can suggest it.
 * Every catalogue table already has its tags (20261121T0100).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable("learning_events").addColumn("link", "text").execute();
  await db.schema
    .alterTable("learning_events")
    .addColumn("skills", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("learning_events").dropColumn("skills").execute();
  await db.schema.alterTable("learning_events").dropColumn("link").execute();
}
