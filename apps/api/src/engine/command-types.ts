import type { ResourceName } from "@csc/shared";
import type { FastifyRequest } from "fastify";
import type { Expression, Kysely, SqlBool } from "kysely";
import { type TProperties, type TSchema, Type } from "typebox";
import type { Database } from "../platform/db/schema.js";
import { badRequest } from "../platform/errors.js";
import type { Mail } from "../platform/mailer.js";

export type Transaction = Kysely<Database>;

/**
 * What a command's answer is: a message (and data), or the row it changed or made, as the reader
 * may see it — a row of another resource than the command's (`of`: applying to a posting makes an
 * application); `created` when what it made is new (201).
 */
type CommandAnswer = (
  | { message: string; data?: unknown; created?: boolean }
  | { row: Record<string, unknown>; of?: ResourceName; created?: boolean }
) & {
  /** Mail the command causes: queued in its transaction by the engine, so sent only if the change commits. */
  mails?: Mail[];
};

/**
 * What one command of the registry does: the body it takes besides `ids`, which of
 * the rows the caller's ability reaches it applies to, and its work, inside one transaction that
 * also writes its history rows and queues its mail.
 */
export interface CommandHandler {
  body?: TProperties;
  /**
   * What it answers: the row it changed or made, of this resource or another (as the reader may
   * see it), or a message and data by their contract in @csc/shared.
   */
  answer: { row: ResourceName } | { message: TSchema };
  /** Rows it applies to at all, over the alias `r` (a pending request, a deleted account). */
  // biome-ignore lint/suspicious/noExplicitAny: resource tables are chosen at run time from the registry
  applies?: (eb: any) => Expression<SqlBool>;
  /**
   * The rows it names stay as they were (applying makes an application, saving keeps a bookmark):
   * the live readers of those rows are not told of a change.
   */
  leavesRows?: boolean;
  /** Checks the body before any row is read; throws a 400 naming the field. */
  check?: (request: FastifyRequest, body: Record<string, unknown>) => void;
  run: (
    trx: Transaction,
    ids: number[],
    request: FastifyRequest,
    body: Record<string, unknown>,
  ) => Promise<CommandAnswer>;
}

/** A refusal's reason, which its requester is told: required, under `reason`, before any row is read. */
export const REQUIRED_REASON: Pick<CommandHandler, "body" | "check"> = {
  body: { reason: Type.Optional(Type.String({ maxLength: 500 })) },
  check: (request, body) => {
    if (typeof body.reason !== "string" || !body.reason.trim()) {
      throw badRequest(request.t("invalidInput"), { reason: request.t("validation:required") });
    }
  },
};
