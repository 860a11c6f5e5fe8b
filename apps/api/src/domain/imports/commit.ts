import { type ImportResource, RESOURCES } from "@csc/shared";
import type { FastifyRequest } from "fastify";
import { queueMails } from "../../platform/mail-queue.js";
import type { Mail } from "../../platform/mailer.js";
import { issueUserTokens } from "../../platform/user-tokens.js";
import { INVITATION_LIFETIME_MS } from "../../resources/invitations/link.js";
import { setPasswordMail } from "../../resources/users/hooks.js";
import { notify } from "../notifications.js";
import { originFor, ownerSite } from "../site-mail.js";
import type { ImportPlan, ImportTarget } from "./check.js";

/**
 * What an imported account holds until its person chooses a password through the mailed link:
 * no password verifies against it (platform/password.ts reads only scrypt hashes), and none is
 * hashed for it — ten thousand hashes would take the import minutes.
 */
const NO_PASSWORD_YET = "!imported";

/** Rows written per statement: well under SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 200;

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/**
 * Writes a checked file in one transaction: new addresses become accounts of the list (each
 * mailed a link to choose a password, queued with the rows so that a failed import mails nobody),
 * accounts of this list that differ get the file's values, and the import is recorded.
 */
export async function commitImport(
  request: FastifyRequest,
  plan: ImportPlan,
  target: ImportTarget & { resource: ImportResource; fileName: string },
): Promise<ImportCounts> {
  const { db } = request.server;
  const creates = plan.rows.flatMap((row) => (row.kind === "create" ? [row] : []));
  const updates = plan.rows.flatMap((row) => (row.kind === "update" ? [row] : []));
  const counts = {
    created: creates.length,
    updated: updates.length,
    unchanged: plan.rows.length - creates.length - updates.length,
  };
  const { name: site, site: where } = await ownerSite(
    db,
    { institution_id: target.institutionId, recruiter_id: null },
    request.t,
  );
  const origin = originFor(request, where);

  await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const mails: Mail[] = [];
    for (let start = 0; start < creates.length; start += CHUNK) {
      const chunk = creates.slice(start, start + CHUNK);
      const made = await trx
        .insertInto("users")
        .values(
          chunk.map((row) => ({
            email: row.email,
            password_hash: NO_PASSWORD_YET,
            full_name: row.full_name,
            phone: null,
            role: target.role,
            institution_id: target.institutionId,
            recruiter_id: null,
            permissions: "[]",
            status: "active",
            email_verified_at: null,
            token_version: 0,
            deleted_at: null,
            created_at: now,
            updated_at: now,
            ...row.values,
          })),
        )
        .returning(["id", "email", "full_name"])
        .execute();
      const tokens = await issueUserTokens(
        trx,
        made.map((user) => user.id),
        "reset-password",
        INVITATION_LIFETIME_MS,
      );
      for (const user of made) {
        mails.push(
          setPasswordMail(request.t, {
            to: user.email,
            name: user.full_name,
            site,
            origin,
            token: tokens.get(user.id) ?? "",
          }),
        );
      }
    }
    for (const row of updates) {
      await trx
        .updateTable("users")
        .set({ ...row.values, updated_at: now })
        .where("id", "=", row.id)
        .where("institution_id", "=", target.institutionId)
        .where("role", "=", target.role)
        .where("deleted_at", "is", null)
        .execute();
    }
    await queueMails(trx, mails, { at: now });
    const record = await trx
      .insertInto("imports")
      .values({
        institution_id: target.institutionId,
        resource: target.resource,
        file_name: target.fileName,
        total: plan.total,
        ...counts,
        invalid: plan.invalid,
        by: request.auth.fullName,
        by_user_id: request.auth.id,
        at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // the one who loaded it is told what became of it, as they chose (off the screen by then, maybe)
    await notify(
      trx,
      request,
      [
        {
          userId: request.auth.id,
          kind: "import-finished",
          params: { file: target.fileName, created: counts.created, updated: counts.updated, invalid: plan.invalid },
          link: RESOURCES.imports.menu?.path ?? "/imports",
          about: { resource: "imports", id: record.id },
        },
      ],
      { at: now },
    );
  });
  request.server.mailQueue.wake();
  return counts;
}
