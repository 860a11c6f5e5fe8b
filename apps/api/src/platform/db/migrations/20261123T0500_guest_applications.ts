import { type Kysely, sql } from "kysely";

/**
 * Frozen once landed. Public applicants without an account (`POST /public/…/apply`)
 * apply to a posting once per e-mail address, whatever its case: one unique index per posting
 * column over the lower-cased address, for the rows without an account only (a learner's own
 * application is unique by `user_id`, migration 20261123T0300). NULLs are distinct in a unique
 * index on both databases, so the rows of the other postings never clash.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

const ONE_GUEST_APPLICATION_PER_POSTING = [
  ["applications_guest_learning_event_unique", "learning_event_id"],
  ["applications_guest_job_opportunity_unique", "job_opportunity_id"],
  ["applications_guest_scholarship_unique", "scholarship_id"],
] as const;

export async function up(db: Db): Promise<void> {
  // an expression and a partial index, written alike for SQLite and PostgreSQL
  for (const [name, column] of ONE_GUEST_APPLICATION_PER_POSTING) {
    await sql`create unique index ${sql.ref(name)} on applications (${sql.ref(column)}, lower(email)) where user_id is null`.execute(
      db,
    );
  }
}

export async function down(db: Db): Promise<void> {
  for (const [name] of ONE_GUEST_APPLICATION_PER_POSTING) await db.schema.dropIndex(name).ifExists().execute();
}
