import { randomBytes } from "node:crypto";
import { createReadStream, existsSync, mkdirSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import multipart from "@fastify/multipart";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { badRequest, notFound } from "../lib/errors.js";
import { bearer, errorResponses } from "./schemas.js";

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/** Image types by their first bytes: the declared type and the file name are not trusted. */
const SIGNATURES: { type: string; extension: string; matches: (b: Buffer) => boolean }[] = [
  {
    type: "image/png",
    extension: "png",
    matches: (b) => b.subarray(0, 8).equals(Buffer.from("89504e470d0a1a0a", "hex")),
  },
  { type: "image/jpeg", extension: "jpg", matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/gif", extension: "gif", matches: (b) => b.subarray(0, 4).toString("latin1") === "GIF8" },
  {
    type: "image/webp",
    extension: "webp",
    matches: (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
];
const NAME = /^[A-Za-z0-9_-]{22}\.(png|jpg|gif|webp)$/;

/**
 * Images (logos, photos) upload as multipart into data/uploads (DESIGN §3), checked for type by
 * content and for size; the answer is the URL an image field stores.
 */
export default async function uploadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const dir = join(app.config.dataDir, "uploads");
  mkdirSync(dir, { recursive: true });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0 } });

  app.post(
    "/uploads",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["uploads"],
        security: bearer,
        consumes: ["multipart/form-data"],
        response: { 201: Type.Object({ data: Type.Object({ url: Type.String() }) }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { t } = request;
      if (!request.isMultipart()) throw badRequest(t("invalidInput"), { file: t("uploadType") });
      const file = await request.file();
      if (!file) throw badRequest(t("invalidInput"), { file: t("validation:required") });
      const bytes = await file.toBuffer().catch(() => null);
      if (!bytes || file.file.truncated) {
        throw badRequest(t("invalidInput"), { file: t("uploadSize", { max: MAX_UPLOAD_BYTES / 1024 / 1024 }) });
      }
      const kind = SIGNATURES.find((signature) => signature.matches(bytes));
      if (!kind) throw badRequest(t("invalidInput"), { file: t("uploadType") });
      const name = `${randomBytes(16).toString("base64url")}.${kind.extension}`;
      await writeFile(join(dir, name), bytes, { flag: "wx" });
      reply.status(201);
      return { data: { url: `/api/uploads/${name}` } };
    },
  );

  app.get(
    "/uploads/:name",
    { schema: { tags: ["uploads"], params: Type.Object({ name: Type.String({ maxLength: 40 }) }) } },
    async (request, reply) => {
      const { name } = request.params;
      const file = join(dir, name);
      if (!NAME.test(name) || !existsSync(file)) throw notFound(request.t("notFound"));
      const extension = name.split(".").pop();
      const type = SIGNATURES.find((s) => s.extension === extension)?.type ?? "application/octet-stream";
      return reply
        .header("Content-Type", type)
        .header("Cache-Control", "public, max-age=31536000, immutable")
        .header("Content-Disposition", "inline")
        .send(createReadStream(file));
    },
  );
}
