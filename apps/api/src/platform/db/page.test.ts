import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { pageLimit } from "./page.js";

// biome-ignore lint/suspicious/noExplicitAny: a scratch table of this test only
type Scratch = Kysely<any>;

describe("pageLimit", () => {
  const db: Scratch = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(":memory:") }) });
  afterAll(() => db.destroy());

  it("writes the page size into the SQL and keeps the offset a parameter", () => {
    const { sql, parameters } = db.selectFrom("notes").selectAll().offset(20).limit(pageLimit(10)).compile();
    expect(sql).toMatch(/ limit 10 offset \?$/);
    expect(parameters).toEqual([20]);
  });

  it("refuses anything but a whole number, which would be written into SQL", () => {
    for (const size of [1.5, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => pageLimit(size)).toThrow(RangeError);
    }
  });

  it("pages through sorted rows with ties exactly as a bound limit does", async () => {
    await db.schema
      .createTable("notes")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("title", "text")
      .execute();
    // titles repeat, so the order rests on the id after the title
    const titles = Array.from({ length: 57 }, (_, i) => ({ id: i + 1, title: `t${(i * 7) % 11}` }));
    await db.insertInto("notes").values(titles).execute();
    const page = (start: number, size: number, literal: boolean) =>
      db
        .selectFrom("notes")
        .select("id")
        .orderBy("title")
        .orderBy("id")
        .offset(start)
        .limit(literal ? pageLimit(size) : size)
        .execute();
    for (const [start, size] of [
      [0, 10],
      [10, 10],
      [50, 10],
      [0, 57],
      [5, 0],
      [60, 10],
    ] as const) {
      expect(await page(start, size, true)).toEqual(await page(start, size, false));
    }
    expect((await page(50, 10, true)).length).toBe(7);
  });
});
