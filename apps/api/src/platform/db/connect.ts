import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from "kysely";
import type { LRUCache } from "lru-cache";
import pg from "pg";
import { boundedCache } from "../caches.js";
import type { Database } from "./schema.js";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
}

// PostgreSQL's COUNT and BIGINT come back as strings: ids and counts here fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** How often other connections' commits are looked for (see ResultCache). */
const DATA_VERSION_INTERVAL_MS = 10;
/** A larger answer (an export, a big aggregate) is not kept: it would crowd out the pages. */
const RESULT_CACHE_MAX_ROWS = 1_000;

type Parameters = readonly unknown[];
type Row = Record<string, unknown>;
/** The part of a better-sqlite3 statement Kysely's SQLite driver uses. */
type DriverStatement = Pick<SQLite.Statement, "reader" | "all" | "run" | "iterate">;

/**
 * Answers of read-only statements, by SQL and parameters, while nothing has been written: a list
 * page repeats the same two statements (its rows, its count) and the session check one more, and
 * turning SQLite's rows into objects was the largest share of a list request's CPU in the profile.
 *
 * The cache is emptied by every statement that writes on this connection and by BEGIN, COMMIT and
 * ROLLBACK (so nothing a rolled-back transaction read outlives it), and is checked against SQLite's
 * `data_version`, which changes when another connection or process commits (a seed run beside the
 * server). Statements that read the clock or chance (`now`, `random()`) are not kept. Kept rows are
 * frozen, so a caller that changed one would fail at once instead of changing the next answer;
 * each answer is a new array of them.
 */
class ResultCache {
  readonly #dataVersion: SQLite.Statement;
  readonly #answers: LRUCache<string, Row[]> = boundedCache("sqliteResults");
  #seenVersion: unknown;
  #lookedAt = Number.NEGATIVE_INFINITY;
  #statements = 0;

  constructor(sqlite: SQLite.Database) {
    this.#dataVersion = sqlite.prepare("PRAGMA data_version").pluck();
    this.#seenVersion = this.#dataVersion.get();
  }

  /** The statement, its reads answered from the cache when they may be. */
  wrap(sql: string, prepared: SQLite.Statement, statement: DriverStatement): DriverStatement {
    if (!prepared.readonly) {
      // a write, or a read that writes (INSERT … RETURNING): every kept answer may be stale after it
      return {
        reader: statement.reader,
        all: (...parameters: unknown[]) => this.#afterWrite(() => statement.all(...parameters)),
        run: (...parameters: unknown[]) => this.#afterWrite(() => statement.run(...parameters)),
        iterate: (...parameters: unknown[]) => this.#afterWrite(() => statement.iterate(...parameters)),
      } as DriverStatement;
    }
    if (!statement.reader || !cacheable(sql)) {
      // BEGIN, COMMIT and ROLLBACK count as read-only: they empty the cache like a write
      return {
        reader: statement.reader,
        all: (...parameters: unknown[]) => this.#afterWrite(() => statement.all(...parameters)),
        run: (...parameters: unknown[]) => this.#afterWrite(() => statement.run(...parameters)),
        iterate: statement.iterate.bind(statement),
      } as DriverStatement;
    }
    // answers are keyed by a number for the statement rather than its SQL: a short key to hash
    const id = this.#statements++;
    return {
      reader: true,
      all: (parameters: Parameters) => this.#read(id, parameters, () => statement.all(parameters) as Row[]),
      run: statement.run.bind(statement),
      iterate: statement.iterate.bind(statement),
    } as DriverStatement;
  }

  /**
   * Empties the cache when another connection has committed since the last look. Looking takes a
   * read lock on the WAL (5% of a cached list request's CPU when done every millisecond), so it is
   * done at most every 10 ms: an answer is then never older than another process's commit of 10 ms
   * ago. Other writers are rare here (a seed run beside the server); this process's writes empty
   * the cache at once.
   */
  #seeOtherWriters() {
    const now = performance.now();
    if (now - this.#lookedAt < DATA_VERSION_INTERVAL_MS) return;
    this.#lookedAt = now;
    const version = this.#dataVersion.get();
    if (version !== this.#seenVersion) {
      this.#seenVersion = version;
      this.#answers.clear();
    }
  }

  #afterWrite<T>(run: () => T): T {
    try {
      return run();
    } finally {
      this.#answers.clear();
    }
  }

  #read(statement: number, parameters: Parameters, run: () => Row[]): Row[] {
    this.#seeOtherWriters();
    const key = keyOf(statement, parameters);
    if (key === null) return run();
    const kept = this.#answers.get(key);
    if (kept) {
      // a new array each time: Kysely and callers may sort or extend the list they receive
      return kept.slice();
    }
    const rows = run();
    if (rows.length <= RESULT_CACHE_MAX_ROWS) {
      for (const row of rows) Object.freeze(row);
      this.#answers.set(key, rows.slice());
    }
    return rows;
  }
}

/** Statements whose answer depends on more than the data: the clock, chance. */
const VOLATILE =
  /\b(now|random|randomblob|current_timestamp|current_date|current_time|datetime|date|time|julianday|strftime|unixepoch|changes|last_insert_rowid|total_changes)\b/i;
const cacheable = (sql: string) => /^\s*(select|with)\b/i.test(sql) && !VOLATILE.test(sql.replace(/"[^"]*"/g, ""));

/** A statement's number and its parameters as one key, or null when a parameter is not a plain value (a buffer). */
function keyOf(statement: number, parameters: Parameters): string | null {
  let key = String(statement);
  for (const value of parameters) {
    if (value === null) key += "\u0000n";
    else if (typeof value === "number" || typeof value === "bigint") key += `\u0000${value}`;
    else if (typeof value === "string") key += `\u0000s${value}`;
    else if (typeof value === "boolean") key += `\u0000${value ? 1 : 0}`;
    else return null;
  }
  return key;
}

/**
 * A function making a row object of a statement's columns from the array SQLite answers in raw
 * mode, as one object literal. better-sqlite3 builds each row by adding its columns one by one,
 * which walks V8's hidden classes column by column for every row: that, not SQLite, was the largest
 * share of an uncached list request's CPU in the profile. A literal of the same keys makes the
 * object in one step. Keys are the column names as SQL gave them (JSON-quoted); a name given twice
 * keeps its last value, as better-sqlite3's objects do.
 */
function rowMaker(columns: readonly string[]): (values: unknown[]) => Row {
  const fields = columns.map((name, index) => `${JSON.stringify(name)}: values[${index}]`);
  return new Function("values", `return { ${fields.join(", ")} };`) as (values: unknown[]) => Row;
}

/** A reading statement whose rows are made by `rowMaker` (its `iterate` keeps better-sqlite3's own rows). */
function withRowMaker(statement: SQLite.Statement): DriverStatement {
  if (!statement.reader) return statement;
  const makerOf = () => ({
    width: statement.columns().length,
    make: rowMaker(statement.columns().map((column) => column.name)),
  });
  let maker = makerOf();
  return {
    reader: true,
    all: (...parameters: unknown[]) => {
      const rows = statement.raw(true).all(...parameters) as unknown[][];
      // SQLite prepares a kept statement again after a schema change: `*` may then have more columns
      if (rows.length > 0 && (rows[0] as unknown[]).length !== maker.width) maker = makerOf();
      return rows.map(maker.make);
    },
    run: (...parameters: unknown[]) => statement.run(...parameters),
    iterate: (...parameters: unknown[]) => statement.raw(false).iterate(...parameters),
  } as DriverStatement;
}

/**
 * better-sqlite3 behind Kysely prepares every query afresh, which costs as much as running a
 * small one; the SQL of a query shape repeats with new parameters, so its statement is kept.
 * Kysely runs one query at a time on the one connection, so a statement is never in use twice;
 * SQLite re-prepares a kept one itself after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database, results: ResultCache | null): SqliteDatabase {
  const statements = boundedCache<string, DriverStatement>("sqliteStatements");
  return {
    close: () => sqlite.close(),
    prepare(query) {
      let statement = statements.get(query);
      if (!statement) {
        const prepared = sqlite.prepare(query);
        statement = results ? results.wrap(query, prepared, withRowMaker(prepared)) : withRowMaker(prepared);
        statements.set(query, statement);
      }
      return statement as SQLite.Statement;
    },
  };
}

interface ConnectOptions {
  /** Keep answers of read-only statements until a write (SQLite only; see ResultCache). */
  resultCache?: boolean;
}

/** `sqlite:<path>` (WAL, foreign keys on) or `postgres://…` (a pool). */
export function connect(databaseUrl: string, { resultCache = true }: ConnectOptions = {}): DatabaseHandle {
  if (databaseUrl.startsWith("sqlite:")) {
    const file = databaseUrl.slice("sqlite:".length);
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    // FULL: a commit is on disk before the request that made it is answered, so a power cut loses
    // no acknowledged write (NORMAL, WAL's usual choice, may roll back the last commits before the
    // next checkpoint). Here it costs about 0.2 ms a commit; every kind of data the database holds
    // (accounts, applications, queued mail, throttles) is kept the same way (README "Durability").
    sqlite.pragma("synchronous = FULL");
    // a server process: keep the working set in memory rather than SQLite's 2 MB default
    sqlite.pragma("cache_size = -65536");
    sqlite.pragma("mmap_size = 268435456");
    sqlite.pragma("temp_store = MEMORY");
    // refresh the planner's statistics where they are stale (SQLite's advice for long-lived connections)
    sqlite.pragma("optimize = 0x10002");
    return {
      db: new Kysely<Database>({
        dialect: new SqliteDialect({
          database: withStatementCache(sqlite, resultCache ? new ResultCache(sqlite) : null),
        }),
      }),
      dialect: "sqlite",
    };
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client whose connection the server ends (a restart, an administrator) is dropped by the
  // pool and replaced on the next query; without a listener its error would end the process.
  pool.on("error", () => {});
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: "postgres" };
}
