import type { Kysely } from "kysely";

/**
 * Frozen once landed. Who may register on an institution's site: `closed` (invitations and
 * imports only, a new institution's choice until it makes another), `domain` (addresses of
 * `join_domains`, a JSON list) or `approval` (anyone, waiting as a `pending` account for its
 * staff). Institutions already running keep taking sign-ups, now through their staff's approval.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable("institutions")
    .addColumn("join_policy", "text", (c) => c.notNull().defaultTo("closed"))
    .execute();
  await db.schema
    .alterTable("institutions")
    .addColumn("join_domains", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.updateTable("institutions").set({ join_policy: "approval" }).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("institutions").dropColumn("join_domains").execute();
  await db.schema.alterTable("institutions").dropColumn("join_policy").execute();
}
