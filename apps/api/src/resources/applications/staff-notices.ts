import type { FastifyRequest } from "fastify";
import { notify, staffOf } from "../../domain/notifications.js";
import { postingPagePath } from "../../domain/site-mail.js";
import type { Transaction } from "../../engine/command-types.js";
import { applicantRows } from "./applicant-mail.js";

/**
 * Tells the staff of whoever posted what was applied to that someone applied, in the transaction
 * that keeps the application: each as they chose (by default in their bell and the day's digest),
 * and only those whose own ability reaches the application (an institution's viewer whose plan
 * lacks the pipeline, say, is not told).
 */
export async function tellStaffOfApplicant(trx: Transaction, request: FastifyRequest, applicationId: number) {
  const [row] = await applicantRows(trx, [applicationId]);
  if (!row) return;
  const staff = await staffOf(trx, { institution_id: row.owner_institution_id, recruiter_id: row.owner_recruiter_id });
  await notify(
    trx,
    request,
    staff.map((userId) => ({
      userId,
      kind: "new-applicant" as const,
      params: { name: row.full_name, posting: row.posting },
      link: postingPagePath(row.posting_type, row.posting_id),
      about: { resource: "applications" as const, id: applicationId },
    })),
  );
}
