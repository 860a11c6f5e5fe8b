import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Frozen once landed. The postings each learner saved (`POST /{posting}/{id}/save`): their
 * "Saved" list, and the day before a saved posting stops taking applications, a reminder. As an
 * application does, a row names its posting in the column of its type (the others null), so that
 * deleting the posting deletes the row. `origin` is the learner's site as they saved it (the
 * reminder's links open there); `reminded_for` the last day to apply it reminded them of, so that
 * each reminder goes once, and again only if the deadline moves.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

const POSTING_COLUMNS = [
  ["learning_event_id", "learning_events"],
  ["job_opportunity_id", "job_opportunities"],
  ["scholarship_id", "scholarships"],
] as const;

export async function up(db: Db): Promise<void> {
  const id = db.getExecutor().adapter instanceof PostgresAdapter ? "serial" : "integer";
  let table = db.schema
    .createTable("saved_postings")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("posting_type", "text", (c) => c.notNull());
  for (const [column, postings] of POSTING_COLUMNS) {
    table = table.addColumn(column, "integer", (c) => c.references(`${postings}.id`).onDelete("cascade"));
  }
  await table
    .addColumn("origin", "text", (c) => c.notNull())
    .addColumn("reminded_for", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  for (const [column] of POSTING_COLUMNS) {
    await db.schema
      .createIndex(`saved_postings_${column}_idx`)
      .on("saved_postings")
      .columns([column, "user_id"])
      .unique()
      .execute();
  }
  await db.schema
    .createIndex("saved_postings_user_idx")
    .on("saved_postings")
    .columns(["user_id", "posting_type"])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("saved_postings").execute();
}
