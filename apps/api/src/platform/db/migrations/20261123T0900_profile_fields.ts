import type { Kysely } from "kysely";

/**
 * Frozen once landed. The profile every role edits (/profile): a photo (an
 * upload's URL), the country (ISO code; the Nepal cascade of province, district and municipality
 * is already on the row), and the calendar dates are shown in. Phone, the LinkedIn link, the
 * website, the program or department with the year, and the preferences are already there (core).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable("users").addColumn("photo", "text").execute();
  await db.schema.alterTable("users").addColumn("country", "text").execute();
  await db.schema
    .alterTable("users")
    .addColumn("calendar", "text", (c) => c.notNull().defaultTo("gregorian"))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("users").dropColumn("calendar").execute();
  await db.schema.alterTable("users").dropColumn("country").execute();
  await db.schema.alterTable("users").dropColumn("photo").execute();
}
