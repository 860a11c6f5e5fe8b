import { randomBytes } from "node:crypto";
import { createReadStream, existsSync, mkdirSync } from "node:fs";
import { unlink } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyReply } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../platform/db/schema.js";
import { writeNewFileDurably } from "../platform/files.js";

/** A CV is text and a few pictures: larger than a photo, still small against the per-user quota. */
export const MAX_CV_BYTES = 5 * 1024 * 1024;

/** Stored names: random, so that a name says nothing and cannot be guessed. */
const CV_NAME = /^[A-Za-z0-9_-]{22}\.pdf$/;

/**
 * A PDF by its content: it opens with `%PDF-<digit>.` and closes with `%%EOF` (a trailing newline or
 * padding allowed). The declared type and the file name are not trusted; a file that only holds
 * "%PDF" somewhere inside is not a PDF.
 */
export function isPdf(bytes: Buffer): boolean {
  if (!/^%PDF-\d\.\d/.test(bytes.subarray(0, 8).toString("latin1"))) return false;
  return bytes.subarray(Math.max(0, bytes.length - 1024)).includes("%%EOF", 0, "latin1");
}

/** The name the learner gave, fit to show and to send back in a header: no path, no control characters, `.pdf`. */
export function cvFileName(given: string | undefined): string {
  const base = (given ?? "").split(/[\\/]/).pop() ?? "";
  const clean = [...base]
    .filter((char) => char !== '"' && char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join("")
    .trim()
    .slice(0, 120);
  const named = clean || "cv.pdf";
  return /\.pdf$/i.test(named) ? named : `${named}.pdf`;
}

export const newCvName = () => `${randomBytes(16).toString("base64url")}.pdf`;

/** CVs live apart from the public images (`/api/uploads/{name}` never serves them). */
export function cvDir(dataDir: string): string {
  const dir = join(dataDir, "cvs");
  mkdirSync(dir, { recursive: true });
  return dir;
}

export async function writeCv(dir: string, name: string, bytes: Buffer) {
  await writeNewFileDurably(join(dir, name), bytes);
}

/** The learner's CV as stored, or null: the upload row it points at, and the name they gave it. */
export async function cvOf(db: Kysely<Database>, userId: number) {
  const row = await db
    .selectFrom("users as u")
    .innerJoin("uploads as up", "up.id", "u.cv_upload_id")
    .select(["up.id as upload_id", "up.name", "u.cv_file_name"])
    .where("u.id", "=", userId)
    .executeTakeFirst();
  return row && CV_NAME.test(row.name)
    ? { uploadId: row.upload_id, name: row.name, fileName: row.cv_file_name ?? "cv.pdf" }
    : null;
}

/** Forgets an upload (freeing its share of the quota) and deletes its file; a file already gone is fine. */
export async function dropCvUpload(db: Kysely<Database>, dir: string, upload: { uploadId: number; name: string }) {
  await db.deleteFrom("uploads").where("id", "=", upload.uploadId).execute();
  await unlink(join(dir, upload.name)).catch(() => undefined);
}

/** Sends the CV as a download, never cached by a shared cache; false when its file is missing. */
export function sendCv(reply: FastifyReply, dir: string, cv: { name: string; fileName: string }): boolean {
  const file = join(dir, cv.name);
  if (!CV_NAME.test(cv.name) || !existsSync(file)) return false;
  const ascii = cv.fileName.replace(/[^\x20-\x7e]/g, "_");
  void reply
    .header("Content-Type", "application/pdf")
    .header("Cache-Control", "private, no-store")
    .header("X-Content-Type-Options", "nosniff")
    .header(
      "Content-Disposition",
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(cv.fileName)}`,
    )
    .send(createReadStream(file));
  return true;
}
