import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { type Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connect } from "./connect.js";

// biome-ignore lint/suspicious/noExplicitAny: a scratch table of this test only
type Scratch = Kysely<any>;

/**
 * The SQLite result cache (connect.ts ResultCache) must never answer what the database no longer
 * holds: after a write on its own connection, after a rolled-back transaction, after another
 */
describe("the SQLite result cache", () => {
  let dir: string;
  let file: string;
  let db: Scratch;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "csc-cache-"));
    file = join(dir, "cache.sqlite");
    db = connect(`sqlite:${file}`).db as unknown as Scratch;
    await db.schema
      .createTable("notes")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("text", "text")
      .execute();
    await db.insertInto("notes").values({ id: 1, text: "first" }).execute();
  });

  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const textsIn = async (executor: Scratch) =>
    (await executor.selectFrom("notes").select("text").orderBy("id").execute()).map((r) => r.text);
  const texts = () => textsIn(db);
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("answers a repeated read from the cache, with rows nobody can change", async () => {
    // the same statement twice: the second answer holds the very row objects of the first
    const first = await db.selectFrom("notes").selectAll().execute();
    const second = await db.selectFrom("notes").selectAll().execute();
    expect(second[0]).toBe(first[0]);
    expect(second).not.toBe(first);
    expect(() => {
      (second[0] as { text: string }).text = "changed";
    }).toThrow(TypeError);
  });

  it("forgets every answer after a write on its own connection", async () => {
    expect(await texts()).toEqual(["first"]);
    await db.updateTable("notes").set({ text: "edited" }).where("id", "=", 1).execute();
    expect(await texts()).toEqual(["edited"]);
    await db.insertInto("notes").values({ id: 2, text: "second" }).returning("id").execute();
    expect(await texts()).toEqual(["edited", "second"]);
    await db.deleteFrom("notes").where("id", "=", 1).execute();
    expect(await texts()).toEqual(["second"]);
  });

  it("keeps nothing a rolled-back transaction saw", async () => {
    expect(await texts()).toEqual(["first"]);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable("notes").set({ text: "uncommitted" }).where("id", "=", 1).execute();
        // the very statement read again after the rollback
        expect(await textsIn(trx)).toEqual(["uncommitted"]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await texts()).toEqual(["first"]);
  });

  it("sees another process's commit", async () => {
    expect(await texts()).toEqual(["first"]);
    const other = new SQLite(file);
    other.prepare("UPDATE notes SET text = 'from elsewhere' WHERE id = 1").run();
    other.close();
    // the other connection's commits are looked for at most every 10 ms
    await wait(25);
    expect(await texts()).toEqual(["from elsewhere"]);
  });

  it("does not keep an answer that depends on the clock", async () => {
    const now = async () => (await sql<{ at: string }>`select strftime('%f', 'now') as at`.execute(db)).rows[0]?.at;
    const query = db.selectFrom("notes").select(sql<string>`strftime('%f', 'now')`.as("at"));
    const first = (await query.execute())[0];
    await wait(20);
    const second = (await query.execute())[0];
    expect(second).not.toBe(first);
    expect(second?.at).not.toBe(first?.at);
    expect(await now()).toMatch(/^\d\d\.\d{3}$/);
  });

  it("can be turned off", async () => {
    const plain = connect(`sqlite:${file}`, { resultCache: false }).db as unknown as Scratch;
    const first = await plain.selectFrom("notes").selectAll().execute();
    const second = await plain.selectFrom("notes").selectAll().execute();
    expect(second[0]).toEqual(first[0]);
    expect(second[0]).not.toBe(first[0]);
    await plain.destroy();
  });
});

/** Rows are made from SQLite's raw arrays (connect.ts rowMaker): the same objects better-sqlite3 would make. */
describe("rows of the SQLite driver", () => {
  let dir: string;
  let db: Scratch;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "csc-rows-"));
    db = connect(`sqlite:${join(dir, "rows.sqlite")}`, { resultCache: false }).db as unknown as Scratch;
    await sql`create table people (id integer primary key, name text, data blob, score real)`.execute(db);
    await sql`insert into people values (1, 'Sita', x'0102', 1.5), (2, null, null, null)`.execute(db);
  });

  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("holds every column under its name, with SQLite's values", async () => {
    const { rows } = await sql`select * from people order by id`.execute(db);
    expect(rows).toEqual([
      { id: 1, name: "Sita", data: Buffer.from([1, 2]), score: 1.5 },
      { id: 2, name: null, data: null, score: null },
    ]);
    // names that are not identifiers, and a name given twice keeps its last value, as better-sqlite3's rows do
    const { rows: odd } = await sql`select 1 as "a b", 2 as "it's", 3 as "x", 4 as "x"`.execute(db);
    expect(odd).toEqual([{ "a b": 1, "it's": 2, x: 4 }]);
  });

  it("sees a column a schema change adds to a kept statement's `*`", async () => {
    const all = () => db.selectFrom("people").selectAll().where("id", "=", 1).execute();
    expect(await all()).toEqual([{ id: 1, name: "Sita", data: Buffer.from([1, 2]), score: 1.5 }]);
    await sql`alter table people add column city text default 'Pokhara'`.execute(db);
    expect(await all()).toEqual([{ id: 1, name: "Sita", data: Buffer.from([1, 2]), score: 1.5, city: "Pokhara" }]);
  });

  it("streams rows as objects too", async () => {
    const streamed = [];
    for await (const row of db.selectFrom("people").select(["id", "name"]).orderBy("id").stream()) streamed.push(row);
    expect(streamed).toEqual([
      { id: 1, name: "Sita" },
      { id: 2, name: null },
    ]);
  });
});
