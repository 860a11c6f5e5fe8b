import { readdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import type { Database } from "./schema.js";

// a path, not a URL: under the admin's component tests the global URL is the DOM's, which Node's fs refuses
const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), "migrations");
/** A migration's file: a timestamp, its name, and `.ts` in the source or `.js` in the build. */
const MIGRATION_FILE = /^(\d{8}T\d{4}_\w+)\.(ts|js)$/;

/**
 * Every file of migrations/, by name (a timestamp first, so the order is the names'): a new
 * migration is a new file there and nothing else. Imported from here rather than by Kysely's
 * FileMigrationProvider, so that the tests run the TypeScript source as they run the rest.
 */
const provider: MigrationProvider = {
  async getMigrations() {
    const migrations: Record<string, Migration> = {};
    for (const file of (await readdir(MIGRATIONS)).sort()) {
      const name = MIGRATION_FILE.exec(file)?.[1];
      if (name) migrations[name] = (await import(pathToFileURL(join(MIGRATIONS, file)).href)) as Migration;
    }
    return migrations;
  },
};

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
