import { randomBytes } from "node:crypto";
import { createReadStream, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fieldType, RESOURCES, type ResourceName, UPLOAD_NAME, Uploaded, uploadUrl } from "@csc/shared";
import multipart from "@fastify/multipart";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { Type } from "typebox";
import type { Dialect } from "../platform/db/connect.js";
import type { Database } from "../platform/db/schema.js";
import { badRequest, HttpError, notFound, throttled } from "../platform/errors.js";
import { writeNewFileDurably } from "../platform/files.js";
import type { Translate } from "../platform/messages.js";
import { nowIso } from "../platform/time.js";
import { bearer, ErrorResponse, errorResponses } from "./schemas.js";

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
/** A logo or a photo needs far fewer; decoding more would let a small file take the server's memory. */
export const MAX_UPLOAD_PIXELS = 25_000_000;
/** Per user, so that one account cannot fill the disk or keep the image decoder busy. */
export const UPLOAD_RATE = { limit: 20, windowMs: 10 * 60_000 };
export const UPLOAD_QUOTA_BYTES = 20 * 1024 * 1024;

type ImageFormat = "png" | "jpeg" | "gif" | "webp";

/** Image types by their first bytes: the declared type and the file name are not trusted. */
const SIGNATURES: { format: ImageFormat; type: string; extension: string; matches: (b: Buffer) => boolean }[] = [
  {
    format: "png",
    type: "image/png",
    extension: "png",
    matches: (b) => b.subarray(0, 8).equals(Buffer.from("89504e470d0a1a0a", "hex")),
  },
  {
    format: "jpeg",
    type: "image/jpeg",
    extension: "jpg",
    matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  },
  {
    format: "gif",
    type: "image/gif",
    extension: "gif",
    matches: (b) => b.subarray(0, 4).toString("latin1") === "GIF8",
  },
  {
    format: "webp",
    type: "image/webp",
    extension: "webp",
    matches: (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
];

type UploadAbility = ["create" | "update", ResourceName];

/**
 * Who may upload: whoever may create or edit a record of a resource that has an image field, the
 * only place an upload can be used.
 */
export function uploadAbilities(): UploadAbility[] {
  return Object.values(RESOURCES).flatMap((resource) =>
    resource.fields.some((field) => fieldType(field.type).references === "upload" && !field.readOnly)
      ? (["create", "update"] as const)
          .filter((action) => resource.actions.includes(action))
          .map((action): UploadAbility => [action, resource.name])
      : [],
  );
}

type Reencoded = { ok: true; bytes: Buffer } | { ok: false; problem: "notAnImage" | "tooManyPixels" };

/**
 * The image decoded and encoded again in its own format, upright: only its pixels survive, not
 * its metadata (camera, place) nor anything hidden in or after it (script, HTML). The size its
 * header declares is checked before a single pixel is decoded.
 */
async function reencodeImage(input: Buffer, format: ImageFormat): Promise<Reencoded> {
  const header = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!header?.width || !header.height || header.format !== format) return { ok: false, problem: "notAnImage" };
  // the height of an animation's frame: every frame is decoded
  if (header.width * header.height * (header.pages ?? 1) > MAX_UPLOAD_PIXELS) {
    return { ok: false, problem: "tooManyPixels" };
  }
  const image = sharp(input, { animated: true, limitInputPixels: MAX_UPLOAD_PIXELS }).autoOrient();
  const encoder = {
    png: () => image.png(),
    jpeg: () => image.jpeg({ quality: 85 }),
    webp: () => image.webp({ quality: 85 }),
    gif: () => image.gif(),
  }[format];
  const bytes = await encoder()
    .toBuffer()
    .catch(() => null);
  return bytes ? { ok: true, bytes } : { ok: false, problem: "notAnImage" };
}

/** Seconds until the user's oldest upload within the rate window leaves it; 0 when they may upload now. */
export async function uploadRetryAfter(db: Kysely<Database>, userId: number): Promise<number> {
  const since = new Date(Date.now() - UPLOAD_RATE.windowMs).toISOString();
  const recent = await db
    .selectFrom("uploads")
    .select("created_at")
    .where("user_id", "=", userId)
    .where("created_at", ">", since)
    .orderBy("created_at", "desc")
    .limit(UPLOAD_RATE.limit)
    .execute();
  const leaving = recent[UPLOAD_RATE.limit - 1];
  if (!leaving) return 0;
  return Math.max(1, Math.ceil((Date.parse(leaving.created_at) + UPLOAD_RATE.windowMs - Date.now()) / 1000));
}

/**
 * Records an upload against the rate and the quota in one transaction, so that uploads sent at
 * the same moment cannot all pass the checks (PostgreSQL: the user's row is locked meanwhile;
 * SQLite runs one transaction at a time).
 */
export async function recordUpload(
  db: Kysely<Database>,
  dialect: Dialect,
  t: Translate,
  upload: { name: string; userId: number; bytes: number },
) {
  await db.transaction().execute(async (trx) => {
    if (dialect === "postgres") {
      await trx.selectFrom("users").select("id").where("id", "=", upload.userId).forUpdate().execute();
    }
    const retryAfter = await uploadRetryAfter(trx, upload.userId);
    if (retryAfter > 0) throw throttled(t("uploadRate", { seconds: retryAfter }), retryAfter);
    const { used } = await trx
      .selectFrom("uploads")
      .select((eb) => eb.fn.sum<number | string | null>("bytes").as("used"))
      .where("user_id", "=", upload.userId)
      .executeTakeFirstOrThrow();
    if (Number(used ?? 0) + upload.bytes > UPLOAD_QUOTA_BYTES) {
      const message = t("uploadQuota", { max: UPLOAD_QUOTA_BYTES / 1024 / 1024 });
      throw new HttpError(413, message, { file: message });
    }
    await trx
      .insertInto("uploads")
      .values({ name: upload.name, user_id: upload.userId, bytes: upload.bytes, created_at: nowIso() })
      .execute();
  });
}

/**
 * Images (logos, photos) upload as multipart into data/uploads: checked for type by
 * content and for size, decoded and re-encoded, counted against the uploader's rate and quota;
 * the answer is the URL an image field stores.
 */
export default async function uploadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const dir = join(app.config.dataDir, "uploads");
  mkdirSync(dir, { recursive: true });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0 } });

  const receive = async (request: FastifyRequest, reply: FastifyReply) => {
    const { t, auth } = request;
    // before the file is read or decoded: a flood costs the server as little as possible
    const retryAfter = await uploadRetryAfter(app.db, auth.id);
    if (retryAfter > 0) throw throttled(t("uploadRate", { seconds: retryAfter }), retryAfter);

    if (!request.isMultipart()) throw badRequest(t("invalidInput"), { file: t("uploadType") });
    // a malformed multipart body (no boundary, a boundary the body lacks) is bad input, not a fault
    const file = await request.file().catch(() => {
      throw badRequest(t("invalidInput"), { file: t("uploadType") });
    });
    if (!file) throw badRequest(t("invalidInput"), { file: t("validation:required") });
    const bytes = await file.toBuffer().catch(() => null);
    if (!bytes || file.file.truncated) {
      throw badRequest(t("invalidInput"), { file: t("uploadSize", { max: MAX_UPLOAD_BYTES / 1024 / 1024 }) });
    }
    const kind = SIGNATURES.find((signature) => signature.matches(bytes));
    if (!kind) throw badRequest(t("invalidInput"), { file: t("uploadType") });
    const image = await reencodeImage(bytes, kind.format);
    if (!image.ok) {
      throw badRequest(t("invalidInput"), {
        file:
          image.problem === "tooManyPixels"
            ? t("uploadPixels", { max: MAX_UPLOAD_PIXELS / 1_000_000 })
            : t("uploadType"),
      });
    }

    const name = `${randomBytes(16).toString("base64url")}.${kind.extension}`;
    await recordUpload(app.db, app.dialect, t, { name, userId: auth.id, bytes: image.bytes.length });
    try {
      await writeNewFileDurably(join(dir, name), image.bytes);
    } catch (error) {
      await app.db.deleteFrom("uploads").where("name", "=", name).execute();
      throw error;
    }
    reply.status(201);
    return { data: { url: uploadUrl(name) } };
  };

  app.post(
    "/uploads",
    {
      config: { access: { can: uploadAbilities() } },
      schema: {
        tags: ["uploads"],
        security: bearer,
        consumes: ["multipart/form-data"],
        response: {
          201: Uploaded,
          ...errorResponses,
          413: ErrorResponse,
        },
      },
    },
    receive,
  );

  app.post(
    "/uploads/photo",
    {
      // the caller's own profile photo (/profile): everyone signed in has one
      config: { access: "signed-in" },
      schema: {
        tags: ["uploads"],
        security: bearer,
        consumes: ["multipart/form-data"],
        response: {
          201: Uploaded,
          ...errorResponses,
          413: ErrorResponse,
        },
      },
    },
    receive,
  );

  app.get(
    "/uploads/:name",
    {
      config: { access: "public" },
      schema: { tags: ["uploads"], params: Type.Object({ name: Type.String({ maxLength: 40 }) }) },
    },
    async (request, reply) => {
      const { name } = request.params;
      const file = join(dir, name);
      if (!UPLOAD_NAME.test(name) || !existsSync(file)) throw notFound(request.t("notFound"));
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
