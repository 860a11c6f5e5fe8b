import { CvSummary, DataOf, isLearnerRole, Nullable, RESOURCES } from "@csc/shared";
import multipart from "@fastify/multipart";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import {
  cvDir,
  cvFileName,
  cvOf,
  dropCvUpload,
  isPdf,
  MAX_CV_BYTES,
  newCvName,
  sendCv,
  writeCv,
} from "../domain/learner-cv.js";
import { reachOf } from "../engine/access.js";
import { ALIAS, findRow, scoped } from "../engine/store.js";
import { badRequest, forbidden, notFound, throttled } from "../platform/errors.js";
import type { Translate } from "../platform/messages.js";
import { bearer, ErrorResponse, errorResponses, IdParams } from "./schemas.js";
import { recordUpload, uploadRetryAfter } from "./uploads.js";

const OWN_CV_URL = "/api/profile/cv/file";

/**
 * The staff who may read some learner's CV besides the learner: those who reach the learner's
 * account as a student or employee of their institution, or reach any application of theirs (the
 * owner of the posting, the staff of the applicant's institution). Anyone else is told nothing.
 */
async function reachesLearner(request: FastifyRequest, userId: number): Promise<boolean> {
  const { ability, server } = request;
  if (request.auth.id === userId) return true;
  for (const resource of [RESOURCES.students, RESOURCES.employees]) {
    if (!ability.can("read", resource.name)) continue;
    if (await findRow(server.db, resource, reachOf(ability, "read", resource.name, ALIAS), userId)) return true;
  }
  if (!ability.can("read", "applications")) return false;
  const application = await scoped(server.db, RESOURCES.applications, reachOf(ability, "read", "applications", ALIAS))
    .select(`${ALIAS}.id`)
    .where(`${ALIAS}.user_id`, "=", userId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(application);
}

/**
 * A learner's CV: a PDF they upload, replace and remove on their profile, under the same
 * rules as images (size, type by content, the per-user rate and quota), stored outside the public
 * uploads. It is sent only to the learner and the staff of `reachesLearner`; anyone else gets a 404.
 */
export default async function learnerCvRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const dir = cvDir(app.config.dataDir);
  await app.register(multipart, { limits: { fileSize: MAX_CV_BYTES, files: 1, fields: 0 } });

  app.get(
    "/profile/cv",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["profile"],
        security: bearer,
        response: { 200: DataOf(Nullable(CvSummary)), ...errorResponses },
      },
    },
    async (request) => {
      const cv = await cvOf(app.db, request.auth.id);
      return { data: cv ? { file_name: cv.fileName, url: OWN_CV_URL } : null };
    },
  );

  app.get(
    "/profile/cv/file",
    { config: { access: "signed-in" }, schema: { tags: ["profile"], security: bearer } },
    async (request, reply) => {
      const cv = await cvOf(app.db, request.auth.id);
      if (!cv || !sendCv(reply, dir, cv)) throw notFound(request.t("notFound"));
      return reply;
    },
  );

  app.post(
    "/profile/cv",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["profile"],
        security: bearer,
        consumes: ["multipart/form-data"],
        response: { 201: DataOf(CvSummary), ...errorResponses, 413: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { t, auth } = request;
      if (!isLearnerRole(auth.role)) throw forbidden(t("forbidden"));
      // before the file is read: a flood costs the server as little as possible
      const retryAfter = await uploadRetryAfter(app.db, auth.id);
      if (retryAfter > 0) throw throttled(t("uploadRate", { seconds: retryAfter }), retryAfter);
      if (!request.isMultipart()) throw badRequest(t("invalidInput"), { file: t("cvType") });
      const file = await request.file().catch(() => {
        throw badRequest(t("invalidInput"), { file: t("cvType") });
      });
      if (!file) throw badRequest(t("invalidInput"), { file: t("validation:required") });
      const bytes = await file.toBuffer().catch(() => null);
      if (!bytes || file.file.truncated) {
        throw badRequest(t("invalidInput"), { file: t("cvSize", { max: MAX_CV_BYTES / 1024 / 1024 }) });
      }
      if (!isPdf(bytes)) throw badRequest(t("invalidInput"), { file: t("cvType") });

      const fileName = cvFileName(file.filename);
      const name = newCvName();
      // the shared quota message speaks of an image: a CV's says so
      const cvWords: Translate = (key, vars, fallback) => t(key === "uploadQuota" ? "cvQuota" : key, vars, fallback);
      await recordUpload(app.db, app.dialect, cvWords, { name, userId: auth.id, bytes: bytes.length });
      const uploaded = await app.db
        .selectFrom("uploads")
        .select("id")
        .where("name", "=", name)
        .executeTakeFirstOrThrow();
      try {
        await writeCv(dir, name, bytes);
      } catch (error) {
        await app.db.deleteFrom("uploads").where("id", "=", uploaded.id).execute();
        throw error;
      }
      const previous = await cvOf(app.db, auth.id);
      await app.db
        .updateTable("users")
        .set({ cv_upload_id: uploaded.id, cv_file_name: fileName, updated_at: new Date().toISOString() })
        .where("id", "=", auth.id)
        .execute();
      if (previous) await dropCvUpload(app.db, dir, previous);
      reply.status(201);
      return { data: { file_name: fileName, url: OWN_CV_URL } };
    },
  );

  app.delete(
    "/profile/cv",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["profile"],
        security: bearer,
        response: { 200: Type.Object({ data: Type.Null() }), ...errorResponses },
      },
    },
    async (request) => {
      const cv = await cvOf(app.db, request.auth.id);
      if (cv) {
        await app.db
          .updateTable("users")
          .set({ cv_upload_id: null, cv_file_name: null, updated_at: new Date().toISOString() })
          .where("id", "=", request.auth.id)
          .execute();
        await dropCvUpload(app.db, dir, cv);
      }
      return { data: null };
    },
  );

  app.get<{ Params: IdParams }>(
    "/learners/:id/cv",
    {
      config: { access: "signed-in" },
      schema: { tags: ["profile"], security: bearer, params: IdParams },
    },
    async (request, reply) => {
      const cv = (await reachesLearner(request, request.params.id)) ? await cvOf(app.db, request.params.id) : null;
      if (!cv || !sendCv(reply, dir, cv)) throw notFound(request.t("notFound"));
      return reply;
    },
  );
}
