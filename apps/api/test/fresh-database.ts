import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

/**
 * A fresh database for one test file: a temporary SQLite file, or (TEST_DB=postgres, or `kind`
 * for a test that needs one kind) a database of its own on TEST_POSTGRES_URL's server, dropped
 * when the file is done.
 */
export async function freshDatabase(kind = process.env.TEST_DB): Promise<{ url: string; drop: () => Promise<void> }> {
  if (kind === "postgres") {
    const serverUrl = process.env.TEST_POSTGRES_URL;
    if (!serverUrl) throw new Error("TEST_POSTGRES_URL is not set");
    const name = `csc_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: async () => {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), "csc-test-"));
  return { url: `sqlite:${join(dir, "test.sqlite")}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}
