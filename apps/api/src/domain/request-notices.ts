import { RESOURCES, type ResourceName } from "@csc/shared";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../platform/db/schema.js";
import { notify, staffOf } from "./notifications.js";

/** The staff page of a resource's rows, where a request waiting for a decision is listed. */
const listPath = (resource: ResourceName) => RESOURCES[resource].menu?.path ?? `/${resource}`;

/**
 * A company registered to recruit and waits for the provider's staff: each of them who may read
 * the request is told, in the registration's transaction.
 */
export async function tellOfRecruiterRequest(
  trx: Kysely<Database>,
  request: FastifyRequest,
  recruiterId: number,
  company: string,
) {
  const staff = await staffOf(trx, { institution_id: null, recruiter_id: null });
  await notify(
    trx,
    request,
    staff.map((userId) => ({
      userId,
      kind: "recruiter-request" as const,
      params: { company },
      link: listPath("recruiters-request"),
      about: { resource: "recruiters-request" as const, id: recruiterId },
    })),
  );
}

/**
 * A person asked to join an institution's site that approves who joins: its staff who may decide
 * (read the join request) are told, in the registration's transaction.
 */
export async function tellOfJoinRequest(
  trx: Kysely<Database>,
  request: FastifyRequest,
  institutionId: number,
  person: { id: number; email: string; full_name: string },
) {
  const staff = await staffOf(trx, { institution_id: institutionId, recruiter_id: null });
  await notify(
    trx,
    request,
    staff.map((userId) => ({
      userId,
      kind: "join-request" as const,
      params: { name: person.full_name, email: person.email },
      link: listPath("join-requests"),
      about: { resource: "join-requests" as const, id: person.id },
    })),
  );
}
