import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backup, restore } from "../src/platform/backup.js";
import { bearer, createTestApp, freshDatabase, hostOf, type TestApp, tokenFor } from "./helpers.js";

/**
 * A backup taken while the API is writing (students created one after another, 240 of them), then
 * restored into an empty database and data folder: every write the API acknowledged before the
 * backup began is there, the restored SQLite database passes `integrity_check`, and the data
 * folder's files come back. Runs on SQLite and, in the PostgreSQL project, with pg_dump and
 * pg_restore.
 */
const postgres = process.env.TEST_DB === "postgres";
const WRITES = 240;

let t: TestApp;
let token: string;
let work: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await tokenFor(t.app, "college.admin@example.com", "kmc");
  work = mkdtempSync(join(tmpdir(), "csc-backup-"));
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** An empty database to restore into, and how to read it and drop it. */
async function emptyDatabase(): Promise<{
  url: string;
  emails: () => Promise<Set<string>>;
  drop: () => Promise<void>;
}> {
  if (!postgres) {
    const file = join(work, "restored", "csc.sqlite");
    return {
      url: `sqlite:${file}`,
      emails: async () => {
        const db = new SQLite(file, { readonly: true });
        try {
          expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
          return new Set(db.prepare("SELECT email FROM users").pluck().all() as string[]);
        } finally {
          db.close();
        }
      },
      drop: async () => {},
    };
  }
  const database = await freshDatabase();
  return {
    url: database.url,
    emails: async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ email: string }>("SELECT email FROM users");
        return new Set(rows.map((row) => row.email));
      } finally {
        await client.end();
      }
    },
    drop: database.drop,
  };
}

describe(`a backup taken under load (${postgres ? "PostgreSQL" : "SQLite"})`, () => {
  it("restores every write acknowledged before it began, and the data folder's files", async () => {
    const { databaseUrl, dataDir } = t.app.config;
    mkdirSync(join(dataDir, "uploads"), { recursive: true });
    writeFileSync(join(dataDir, "uploads", "logo-kept.png"), "an uploaded file");

    const acknowledged: { email: string; at: number }[] = [];
    const run = Date.now().toString(36);
    const writer = (async () => {
      for (let i = 0; i < WRITES; i++) {
        const email = `backup.${run}.${i}@example.com`;
        const res = await t.app.inject({
          method: "POST",
          url: "/api/students",
          headers: { ...bearer(token), host: hostOf("kmc") },
          payload: { full_name: `Backup ${i}`, email },
        });
        if (res.statusCode === 201) acknowledged.push({ email, at: performance.now() });
      }
    })();
    // the backup begins once a third of the writes are in, and the writer goes on meanwhile
    while (acknowledged.length < WRITES / 3) await new Promise((resolve) => setTimeout(resolve, 5));
    const began = performance.now();
    const folder = join(work, "backup");
    const written = await backup({ databaseUrl, dataDir }, folder);
    const ended = performance.now();
    await writer;
    expect(acknowledged).toHaveLength(WRITES);
    expect(written).toContain(postgres ? "database.pgdump" : "database.sqlite");
    const writtenDuring = acknowledged.filter((write) => write.at > began && write.at < ended).length;

    const target = await emptyDatabase();
    try {
      const restoredData = join(work, "restored-data");
      await restore({ databaseUrl: target.url, dataDir: restoredData }, folder);
      const emails = await target.emails();
      const before = acknowledged.filter((write) => write.at < began);
      expect(before.length).toBeGreaterThanOrEqual(WRITES / 3);
      expect(before.filter((write) => !emails.has(write.email))).toEqual([]);
      // the demo's accounts came along, and nothing the backup could not have seen
      expect(emails.has("college.admin@example.com")).toBe(true);
      expect(acknowledged.filter((write) => write.at > ended).every((write) => !emails.has(write.email))).toBe(true);
      expect(readFileSync(join(restoredData, "uploads", "logo-kept.png"), "utf8")).toBe("an uploaded file");
      console.info(
        `backup under load: ${before.length} writes acknowledged before it, ${writtenDuring} during its ${Math.round(ended - began)} ms, all of the first restored`,
      );
    } finally {
      await target.drop();
    }
  }, 120_000);
});
