import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { Worker } from "node:worker_threads";
import SQLite from "better-sqlite3";

const run = promisify(execFile);

/**
 * `npm run backup` and `npm run restore`: the database and the files of the data folder (uploaded
 * images, CVs, the generated signing secret) in one folder.
 *
 * - SQLite: `VACUUM INTO`, one read transaction over a snapshot of the WAL database, so the server
 *   keeps serving and writing meanwhile, and the copy holds exactly the writes committed before it
 *   began (SQLite's online backup API would restart at every write of another connection, and
 *   under load might never finish).
 * - PostgreSQL: `pg_dump --format=custom`, likewise one snapshot of a serving database.
 *
 * A restore puts both back; the server must be stopped for it (the database is replaced whole).
 */

/** What a backup folder holds besides the data folder's files. */
const SQLITE_FILE = "database.sqlite";
const POSTGRES_FILE = "database.pgdump";
const FILES_DIR = "files";

export interface BackupSettings {
  databaseUrl: string;
  dataDir: string;
}

const sqlitePath = (databaseUrl: string) => resolve(databaseUrl.slice("sqlite:".length));

/** The data folder's files, without the live database (which the snapshot holds) and its journal. */
function dataFiles(settings: BackupSettings): string[] {
  if (!existsSync(settings.dataDir)) return [];
  const database = settings.databaseUrl.startsWith("sqlite:") ? sqlitePath(settings.databaseUrl) : null;
  return readdirSync(settings.dataDir)
    .map((name) => join(settings.dataDir, name))
    .filter((path) => !database || ![database, `${database}-wal`, `${database}-shm`].includes(resolve(path)));
}

/**
 * `VACUUM INTO` on a connection of its own in a worker thread: the statement is synchronous, and a
 * process that serves (or a test's in-process server) keeps answering and writing meanwhile.
 */
const SNAPSHOT = `
const { workerData, parentPort } = require("node:worker_threads");
const SQLite = require(workerData.module);
const source = new SQLite(workerData.database, { readonly: true, fileMustExist: true });
try {
  source.pragma("busy_timeout = 5000");
  source.prepare("VACUUM INTO ?").run(workerData.target);
} finally {
  source.close();
}
parentPort.postMessage("done");
`;

function snapshotSqlite(database: string, target: string): Promise<void> {
  const module = createRequire(import.meta.url).resolve("better-sqlite3");
  return new Promise((done, fail) => {
    const worker = new Worker(SNAPSHOT, { eval: true, workerData: { module, database, target } });
    worker.once("message", () => done());
    worker.once("error", fail);
    worker.once("exit", (code) => (code === 0 ? done() : fail(new Error(`the snapshot ended with ${code}`))));
  });
}

/** Takes a backup into `target` (a new folder) while the server serves; answers what it wrote. */
export async function backup(settings: BackupSettings, target: string): Promise<string[]> {
  if (existsSync(target)) throw new Error(`${target} exists already: a backup goes into a new folder`);
  mkdirSync(target, { recursive: true });
  const written: string[] = [];
  if (settings.databaseUrl.startsWith("sqlite:")) {
    await snapshotSqlite(sqlitePath(settings.databaseUrl), join(target, SQLITE_FILE));
    written.push(SQLITE_FILE);
  } else {
    await run("pg_dump", [
      "--format=custom",
      "--no-owner",
      `--file=${join(target, POSTGRES_FILE)}`,
      settings.databaseUrl,
    ]);
    written.push(POSTGRES_FILE);
  }
  const files = join(target, FILES_DIR);
  mkdirSync(files);
  for (const path of dataFiles(settings)) {
    cpSync(path, join(files, basename(path)), { recursive: true });
    written.push(join(FILES_DIR, basename(path)));
  }
  writeFileSync(
    join(target, "backup.json"),
    `${JSON.stringify({ at: new Date().toISOString(), database: written[0], files: written.slice(1) }, null, 2)}\n`,
  );
  return written;
}

/** Puts a backup back: the database replaced whole, the data folder's files restored. The server must be stopped. */
export async function restore(settings: BackupSettings, source: string): Promise<void> {
  if (settings.databaseUrl.startsWith("sqlite:")) {
    const backupFile = join(source, SQLITE_FILE);
    if (!existsSync(backupFile)) throw new Error(`${source} holds no SQLite backup`);
    const check = new SQLite(backupFile, { readonly: true });
    try {
      const answer = check.pragma("integrity_check", { simple: true });
      if (answer !== "ok") throw new Error(`the backup's database is damaged: ${answer}`);
    } finally {
      check.close();
    }
    const database = sqlitePath(settings.databaseUrl);
    mkdirSync(dirname(database), { recursive: true });
    // copied beside it first, then renamed over it: a restore cut short leaves the old database whole
    const incoming = `${database}.restoring`;
    cpSync(backupFile, incoming);
    for (const journal of [`${database}-wal`, `${database}-shm`]) rmSync(journal, { force: true });
    renameSync(incoming, database);
  } else {
    const dump = join(source, POSTGRES_FILE);
    if (!existsSync(dump)) throw new Error(`${source} holds no PostgreSQL backup`);
    await run("pg_restore", [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--single-transaction",
      `--dbname=${settings.databaseUrl}`,
      dump,
    ]);
  }
  const files = join(source, FILES_DIR);
  if (existsSync(files)) {
    mkdirSync(settings.dataDir, { recursive: true });
    cpSync(files, settings.dataDir, { recursive: true, force: true });
  }
}
