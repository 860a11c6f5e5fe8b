import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema.js";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
}

// PostgreSQL's COUNT and BIGINT come back as strings: ids and counts here fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** `sqlite:<path>` (WAL, foreign keys on) or `postgres://…` (a pool). */
export function connect(databaseUrl: string): DatabaseHandle {
  if (databaseUrl.startsWith("sqlite:")) {
    const file = databaseUrl.slice("sqlite:".length);
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("synchronous = NORMAL");
    // a server process: keep the working set in memory rather than SQLite's 2 MB default
    sqlite.pragma("cache_size = -65536");
    sqlite.pragma("mmap_size = 268435456");
    sqlite.pragma("temp_store = MEMORY");
    // refresh the planner's statistics where they are stale (SQLite's advice for long-lived connections)
    sqlite.pragma("optimize = 0x10002");
    return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: "sqlite" };
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client whose connection the server ends (a restart, an administrator) is dropped by the
  // pool and replaced on the next query; without a listener its error would end the process.
  pool.on("error", () => {});
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: "postgres" };
}
