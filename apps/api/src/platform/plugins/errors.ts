import type { FastifyError, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isConflict } from "../db/retry.js";
import { HttpError } from "../errors.js";
import { HashGateBusy } from "../hash-gate.js";

/** How long a client is asked to wait when password hashing is at capacity: about one hash's time. */
const BUSY_RETRY_SECONDS = 1;

interface AjvIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** Ajv's findings → one message per field, in the caller's language. */
function fieldErrors(request: FastifyRequest, issues: AjvIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
    const field =
      issue.keyword === "required"
        ? [path, String(issue.params.missingProperty)].filter(Boolean).join(".")
        : issue.keyword === "additionalProperties"
          ? [path, String(issue.params.additionalProperty)].filter(Boolean).join(".")
          : path || "body";
    if (errors[field]) continue;
    const { t } = request;
    errors[field] =
      issue.keyword === "required"
        ? t("validation:required")
        : issue.keyword === "format" && issue.params.format === "email"
          ? t("validation:email")
          : issue.keyword === "minLength"
            ? Number(issue.params.limit) === 1
              ? t("validation:required")
              : t("field.tooShort", { min: Number(issue.params.limit) })
            : issue.keyword === "maxLength"
              ? t("field.tooLong", { max: Number(issue.params.limit) })
              : issue.keyword === "additionalProperties"
                ? t("field.unknownField")
                : t("field.invalid");
  }
  return errors;
}

/** One error shape, `{ message, errors? }`; a 500 never shows internals. */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (error instanceof HttpError) {
        if (error.headers) reply.headers(error.headers);
        return reply
          .status(error.statusCode)
          .send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}), ...error.extra });
      }
      // the gate at capacity, or a deadlock or serialization failure that outlasted its runs again
      // (db/retry.ts): nothing was changed, and the same request a moment later may well pass
      if (error instanceof HashGateBusy || isConflict(error)) {
        return reply
          .status(503)
          .header("Retry-After", String(BUSY_RETRY_SECONDS))
          .send({ message: request.t("busy") });
      }
      if (error.validation) {
        const errors = fieldErrors(request, error.validation as AjvIssue[]);
        return reply.status(400).send({ message: request.t("invalidInput"), errors });
      }
      // a race past the application's own checks still ends as a conflict, not a 500
      const code = (error as { code?: string }).code ?? "";
      if (code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
        return reply.status(409).send({ message: request.t("field.taken") });
      }
      if (code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY") {
        return reply.status(409).send({ message: request.t("inUse") });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, body too large, unsupported type…)
        return reply.status(status).send({ message: error.message });
      }
      request.log.error({ err: error }, "unhandled error");
      return reply.status(500).send({ message: request.t("serverError") });
    });
  },
  { name: "errors", dependencies: ["request"] },
);
