import { afterAll, describe, expect, it } from "vitest";
import { connect } from "./connect.js";
import { migrateToLatest } from "./migrate.js";
import { DATABASE_TABLES } from "./schema.js";

/** Every table is typed in the one Kysely `Database` interface. */

const { db } = connect("sqlite::memory:");
afterAll(() => db.destroy());

describe("the Database interface", () => {
  it("has an entry for every table the migrations create, and none besides", async () => {
    await migrateToLatest(db);
    // Kysely's introspection leaves out its own migration tables and SQLite's internal ones
    const migrated = (await db.introspection.getTables()).map((table) => table.name);
    expect([...DATABASE_TABLES].sort()).toEqual(migrated.sort());
  });
});
