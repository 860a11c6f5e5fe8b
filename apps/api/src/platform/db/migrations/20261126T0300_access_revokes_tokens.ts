import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Frozen once landed. A token names its account's token version; any change of what the account
 * may do or reach — its role, permissions, institution, recruiter company, status or deletion —
 * raises the version, so every token issued before it is refused. The role claim alone let a
 * token live again once its role was changed and changed back, and permissions, institution and a
 * restore after deletion were not checked at all. The database raises it itself, in the statement
 * that makes the change, so no write (the generic account update, a restore, a soft delete, a
 * command written later) can forget to. Writing the same value again is no change.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

const NAME = "users_access_revokes_tokens";
const WATCHED = ["role", "permissions", "institution_id", "recruiter_id", "status", "deleted_at"];

export async function up(db: Db): Promise<void> {
  const columns = WATCHED.join(", ");
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const changed = WATCHED.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(" OR ");
    await sql
      .raw(`CREATE FUNCTION ${NAME}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.token_version := NEW.token_version + 1;
  RETURN NEW;
END $$`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${NAME} BEFORE UPDATE OF ${columns} ON users FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION ${NAME}()`,
      )
      .execute(db);
  } else {
    // SQLite cannot change NEW: the row is raised after its update (recursive triggers are off, and
    // this update touches none of the watched columns)
    const changed = WATCHED.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(" OR ");
    await sql
      .raw(
        `CREATE TRIGGER ${NAME} AFTER UPDATE OF ${columns} ON users FOR EACH ROW WHEN ${changed} BEGIN UPDATE users SET token_version = token_version + 1 WHERE id = NEW.id; END`,
      )
      .execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${NAME} ON users`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS ${NAME}()`).execute(db);
  } else {
    await sql.raw(`DROP TRIGGER IF EXISTS ${NAME}`).execute(db);
  }
}
