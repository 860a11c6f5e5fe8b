import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Frozen once landed. Invitations: a person asked by e-mail to join with a role, on an
 * institution's site (`institution_id`) or the provider's (null). Only the hash of the mailed
 * link's token is kept; resending replaces it. The mail is written in the language the inviter
 * used (`language`). Accepting makes the account and stamps `accepted_at`; deleting revokes.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const id = db.getExecutor().adapter instanceof PostgresAdapter ? "serial" : "integer";
  await db.schema
    .createTable("invitations")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("institution_id", "integer", (c) => c.references("institutions.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.unique())
    .addColumn("language", "text", (c) => c.notNull().defaultTo("en-US"))
    .addColumn("invited_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("accepted_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("invitations_institution_idx")
    .on("invitations")
    .columns(["institution_id", "created_at"])
    .execute();
  await db.schema.createIndex("invitations_email_idx").on("invitations").column("email").execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("invitations").ifExists().execute();
}
