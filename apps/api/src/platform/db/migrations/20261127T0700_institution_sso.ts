import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Frozen once landed. Single sign-on per institution (OpenID Connect): how its people sign in
 * (`sso_mode`: `password`, `sso` or `both`; everyone keeps their password until it says otherwise)
 * and its identity provider (`oidc_issuer`, `oidc_client_id`, and `oidc_client_secret`, which no
 * answer carries). `oidc_logins` holds a sign-in under way at the provider — the hash of its
 * `state`, its PKCE verifier and nonce, where the browser returns — for ten minutes, taken once by
 * the callback, so that any API process can finish it. `oidc_results` holds what a callback
 * produced: the hash of a one-time code for the person it signs in (`user_id`, for a minute), or
 * in test mode the provider's answer (`result`, JSON) for the staff member testing it (`tester_id`).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const id = db.getExecutor().adapter instanceof PostgresAdapter ? "serial" : "integer";
  await db.schema
    .alterTable("institutions")
    .addColumn("sso_mode", "text", (c) => c.notNull().defaultTo("password"))
    .execute();
  await db.schema.alterTable("institutions").addColumn("oidc_issuer", "text").execute();
  await db.schema.alterTable("institutions").addColumn("oidc_client_id", "text").execute();
  await db.schema.alterTable("institutions").addColumn("oidc_client_secret", "text").execute();

  await db.schema
    .createTable("oidc_logins")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("state_hash", "text", (c) => c.notNull().unique())
    .addColumn("institution_id", "integer", (c) => c.notNull().references("institutions.id").onDelete("cascade"))
    .addColumn("code_verifier", "text", (c) => c.notNull())
    .addColumn("nonce", "text", (c) => c.notNull())
    .addColumn("redirect_uri", "text", (c) => c.notNull())
    .addColumn("return_to", "text", (c) => c.notNull())
    .addColumn("tester_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("oidc_logins_expires_idx").on("oidc_logins").column("expires_at").execute();

  await db.schema
    .createTable("oidc_results")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("code_hash", "text", (c) => c.notNull().unique())
    .addColumn("institution_id", "integer", (c) => c.notNull().references("institutions.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("tester_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("result", "text")
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("oidc_results_expires_idx").on("oidc_results").column("expires_at").execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("oidc_results").ifExists().execute();
  await db.schema.dropTable("oidc_logins").ifExists().execute();
  for (const column of ["oidc_client_secret", "oidc_client_id", "oidc_issuer", "sso_mode"]) {
    await db.schema.alterTable("institutions").dropColumn(column).execute();
  }
}
