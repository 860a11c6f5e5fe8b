import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema.js";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
}

// PostgreSQL's COUNT and BIGINT come back as strings: ids and counts here fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Prepared statements kept per connection: the engine's queries, each shape of filter and sort. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 behind Kysely prepares every query afresh, which costs as much as running a
 * small one; the SQL of a query shape repeats with new parameters, so its statement is kept
 * (least recently used out first). Kysely runs one query at a time on the one connection, so a
 * statement is never in use twice; SQLite re-prepares a kept one itself after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(query) {
      let statement = statements.get(query);
      if (statement) {
        statements.delete(query);
      } else {
        statement = sqlite.prepare(query);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      }
      statements.set(query, statement);
      return statement;
    },
  };
}

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
    return {
      db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }),
      dialect: "sqlite",
    };
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client whose connection the server ends (a restart, an administrator) is dropped by the
  // pool and replaced on the next query; without a listener its error would end the process.
  pool.on("error", () => {});
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: "postgres" };
}
