import { randomBytes } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import { type FieldMeta, RESOURCES, type ResourceMeta } from "@csc/shared";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_PIXELS,
  UPLOAD_QUOTA_BYTES,
  UPLOAD_RATE,
  uploadAbilities,
} from "../src/routes/uploads.js";
import type { AnyDb } from "../src/seed/catalogue.js";
import { DEMO_ACCOUNTS } from "./accounts.js";
import { bearer, body, createTestApp, hostOf, type TestApp, tokenFor } from "./helpers.js";

/**
 * Uploads are for those who may use them, counted per user, and stored only
 * as images decoded and encoded again here; image fields point at nothing else.
 */

interface Account {
  id: number;
  email: string;
  headers: Record<string, string>;
}

let t: TestApp;
const accounts = new Map<string, Account>();
const account = (email: string) => {
  const found = accounts.get(email);
  if (!found) throw new Error(`no demo account ${email}`);
  return found;
};

beforeAll(async () => {
  t = await createTestApp();
  for (const demo of DEMO_ACCOUNTS) {
    const token = await tokenFor(t.app, demo.email, demo.site);
    const headers = { ...bearer(token), host: hostOf(demo.site) };
    const profile = body<{ data: { id: number } }>(await t.app.inject({ url: "/api/profile", headers })).data;
    accounts.set(demo.email, { id: profile.id, email: demo.email, headers });
  }
});
afterAll(async () => {
  await t.close();
});

/** A multipart body with one file, as a browser sends it. */
function upload(who: Account, content: Buffer, name = "image.png", type = "image/png") {
  const boundary = "----csc-security-boundary";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: "POST",
    url: "/api/uploads",
    headers: { ...who.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const urlOf = (res: LightMyRequestResponse) => body<{ data: { url: string } }>(res).data.url;
const fileError = (res: LightMyRequestResponse) => body<{ errors?: { file?: string } }>(res).errors?.file;

const storedBy = async (who: Account) =>
  t.app.db.selectFrom("uploads").select(["name", "bytes"]).where("user_id", "=", who.id).execute();

const smallPng = (color = "#0E5E9C") =>
  sharp({ create: { width: 4, height: 3, channels: 4, background: color } })
    .png()
    .toBuffer();

/** A PNG chunk with its CRC, so that a crafted file reads as a real one. */
function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, "latin1"), data])));
  return Buffer.concat([length, Buffer.from(type, "latin1"), data, crc]);
}

/** A few hundred bytes whose header declares width × height pixels (one row of data follows). */
function pngDeclaring(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(width * 3 + 1))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("who may upload", () => {
  it("a student, a learner and a viewer cannot upload, and nothing of theirs is stored", async () => {
    const png = await smallPng();
    for (const email of [
      "student@example.com",
      "employee@example.com",
      "learner@example.com",
      "college.viewer@example.com",
      "skilllab.viewer@example.com",
    ]) {
      const res = await upload(account(email), png);
      expect(res.statusCode, email).toBe(403);
      expect(body(res).message).toBe("You are not allowed to do this.");
      expect(await storedBy(account(email))).toEqual([]);
    }
  });

  it("admits exactly the accounts whose /api/meta lets them create or edit a record with an image field", async () => {
    const png = await smallPng("#1B7F5C");
    const admitted: string[] = [];
    for (const demo of DEMO_ACCOUNTS) {
      const who = account(demo.email);
      const meta = body<{ data: { resources: ResourceMeta[] } }>(
        await t.app.inject({ url: "/api/meta", headers: who.headers }),
      ).data;
      const usesImages = meta.resources.some(
        (r) =>
          (r.actions.includes("create") || r.actions.includes("update")) &&
          r.fields.some((f: FieldMeta) => f.type === "image" && !f.readOnly),
      );
      const res = await upload(who, png);
      expect(res.statusCode, demo.email).toBe(usesImages ? 201 : 403);
      if (usesImages) admitted.push(demo.email);
    }
    expect(admitted).toEqual(
      expect.arrayContaining(["superadmin@example.com", "college.admin@example.com", "recruiter.admin@example.com"]),
    );
    expect(admitted).not.toContain("student@example.com");
  });

  it("declares who may upload as plain (action, resource) pairs, each on a resource with an image field", () => {
    const pairs = uploadAbilities();
    expect(pairs).toEqual(
      expect.arrayContaining([
        ["update", "institution-details"],
        ["update", "company-profile"],
        ["create", "testimonials"],
      ]),
    );
    for (const [action, name] of pairs) {
      expect(["create", "update"]).toContain(action);
      expect(RESOURCES[name].fields.some((f) => f.type === "image")).toBe(true);
    }
  });
});

describe("images that are not what they seem", () => {
  it("refuses a PNG that declares 50,000 × 50,000 pixels, from its header", async () => {
    const bomb = pngDeclaring(50_000, 50_000);
    expect(bomb.length).toBeLessThan(1024);
    const who = account("superadmin@example.com");
    const before = await storedBy(who);
    const res = await upload(who, bomb);
    expect(res.statusCode).toBe(400);
    expect(fileError(res)).toBe(`The image must be at most ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels.`);
    expect(await storedBy(who)).toEqual(before);
  });

  it("refuses a small WebP animation whose frames together hold more pixels than allowed", async () => {
    const side = 2000;
    const frames = Math.floor(MAX_UPLOAD_PIXELS / (side * side)) + 1;
    const frame = (color: string) =>
      sharp({ create: { width: side, height: side, channels: 3, background: color } })
        .png()
        .toBuffer();
    const [red, blue] = await Promise.all([frame("#ff0000"), frame("#0000ff")]);
    const animation = await sharp(
      Array.from({ length: frames }, (_, i) => (i % 2 ? blue : red)),
      { join: { animated: true } },
    )
      .webp({ lossless: true })
      .toBuffer();
    const res = await upload(account("superadmin@example.com"), animation, "moving.webp", "image/webp");
    expect(res.statusCode).toBe(400);
    expect(fileError(res)).toMatch(/megapixels/);
  });

  it("refuses HTML behind PNG magic bytes", async () => {
    const html = Buffer.concat([
      Buffer.from("89504e470d0a1a0a", "hex"),
      Buffer.from("<html><body><script>fetch('/api/profile')</script></body></html>"),
    ]);
    const res = await upload(account("superadmin@example.com"), html, "page.png");
    expect(res.statusCode).toBe(400);
    expect(fileError(res)).toBe("Choose a PNG, JPEG, GIF or WebP image.");
  });

  it("refuses an SVG, whatever its name and declared type say", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const res = await upload(account("superadmin@example.com"), svg, "logo.png", "image/png");
    expect(res.statusCode).toBe(400);
    expect(fileError(res)).toBe("Choose a PNG, JPEG, GIF or WebP image.");
  });

  it("stores a PNG polyglot without the script in its text chunk or after its end", async () => {
    const png = await smallPng();
    const script = "<script>alert(document.cookie)</script>";
    const end = png.length - 12; // the IEND chunk
    const polyglot = Buffer.concat([
      png.subarray(0, end),
      chunk("tEXt", Buffer.from(`Comment\0${script}`, "latin1")),
      png.subarray(end),
      Buffer.from(script),
    ]);
    const res = await upload(account("superadmin@example.com"), polyglot);
    expect(res.statusCode).toBe(201);
    const served = await t.app.inject({ url: urlOf(res) });
    expect(served.rawPayload.includes(polyglot.subarray(0, 8))).toBe(true);
    expect(served.rawPayload.toString("latin1")).not.toContain("<script");
  });

  it("stores a photo upright and without its EXIF (camera, place)", async () => {
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#336699" } })
      .jpeg()
      .withExif({ IFD0: { Make: "SecretCam", ImageDescription: "Home, 27.7172 N 85.3240 E" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(photo.toString("latin1")).toContain("SecretCam");
    const res = await upload(account("superadmin@example.com"), photo, "photo.jpg", "image/jpeg");
    expect(res.statusCode).toBe(201);
    const served = await t.app.inject({ url: urlOf(res) });
    expect(served.rawPayload.toString("latin1")).not.toContain("SecretCam");
    expect(served.rawPayload.toString("latin1")).not.toContain("27.7172");
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored).toMatchObject({ format: "jpeg", width: 20, height: 40 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
  });

  it("keeps each format, and serves it with its type and X-Content-Type-Options: nosniff", async () => {
    const base = () => sharp({ create: { width: 6, height: 5, channels: 4, background: "#E4572E80" } });
    const samples = {
      png: { type: "image/png", bytes: await base().png().toBuffer() },
      jpeg: { type: "image/jpeg", bytes: await base().jpeg().toBuffer() },
      gif: { type: "image/gif", bytes: await base().gif().toBuffer() },
      webp: { type: "image/webp", bytes: await base().webp().toBuffer() },
    };
    for (const [format, { type, bytes }] of Object.entries(samples)) {
      const res = await upload(account("superadmin@example.com"), bytes, `image.${format}`, type);
      expect(res.statusCode, format).toBe(201);
      const served = await t.app.inject({ url: urlOf(res) });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"], format).toBe(type);
      expect(served.headers["x-content-type-options"], format).toBe("nosniff");
      expect(await sharp(served.rawPayload).metadata(), format).toMatchObject({ format, width: 6, height: 5 });
    }
  });

  it("keeps the frames of a GIF animation", async () => {
    const frame = (color: string) =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: color } })
        .png()
        .toBuffer();
    const frames = await Promise.all(["#ff0000", "#00ff00", "#0000ff"].map(frame));
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const res = await upload(account("superadmin@example.com"), gif, "moving.gif", "image/gif");
    expect(res.statusCode).toBe(201);
    const served = await t.app.inject({ url: urlOf(res) });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: "gif", pages: 3 });
  });
});

describe("per-user rate and quota", () => {
  it("the upload after the rate's limit within its window answers 429 with Retry-After; others still upload", async () => {
    const who = account("skilllab.admin@example.com");
    const png = await smallPng("#6A4C93");
    const since = new Date(Date.now() - UPLOAD_RATE.windowMs).toISOString();
    const earlier = (await storedBy(who)).length;
    expect(earlier).toBeLessThan(UPLOAD_RATE.limit);
    for (let i = earlier; i < UPLOAD_RATE.limit; i++) expect((await upload(who, png)).statusCode).toBe(201);

    const refused = await upload(who, png);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(UPLOAD_RATE.windowMs / 1000);
    expect(body(refused).message).toBe(`Too many uploads. Please try again in ${retryAfter} seconds.`);
    const recent = await t.app.db
      .selectFrom("uploads")
      .select("id")
      .where("user_id", "=", who.id)
      .where("created_at", ">", since)
      .execute();
    expect(recent).toHaveLength(UPLOAD_RATE.limit);

    expect((await upload(account("skilllab.editor@example.com"), png)).statusCode).toBe(201);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + UPLOAD_RATE.windowMs + 1000 });
    try {
      expect((await upload(who, png)).statusCode).toBe(201);
    } finally {
      vi.useRealTimers();
    }
  });

  it("25 uploads sent at once store no more than the rate allows", async () => {
    const who = account("company.admin@example.com");
    const png = await smallPng("#00798C");
    const earlier = (await storedBy(who)).length;
    const answers = await Promise.all(Array.from({ length: 25 }, () => upload(who, png)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(UPLOAD_RATE.limit - earlier);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - (UPLOAD_RATE.limit - earlier));
    expect(await storedBy(who)).toHaveLength(UPLOAD_RATE.limit);
  });

  it("an upload that would take the user past their quota answers 413 naming the file", async () => {
    const who = account("college.admin@example.com");
    // noise does not compress: each file stays close to the largest upload allowed
    const side = Math.floor(Math.sqrt((MAX_UPLOAD_BYTES * 0.95) / 3));
    const noise = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png()
      .toBuffer();
    expect(noise.length).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);

    let used = (await storedBy(who)).reduce((sum, row) => sum + row.bytes, 0);
    let stored = 0;
    let refused: LightMyRequestResponse | null = null;
    for (let i = 0; i < UPLOAD_RATE.limit && !refused; i++) {
      const res = await upload(who, noise);
      if (res.statusCode === 201) {
        const served = await t.app.inject({ url: urlOf(res) });
        stored = served.rawPayload.length;
        used += stored;
      } else refused = res;
    }
    expect(refused?.statusCode).toBe(413);
    expect(fileError(refused as LightMyRequestResponse)).toBe(
      `Your uploads have reached their limit of ${UPLOAD_QUOTA_BYTES / 1024 / 1024} MB, so this image cannot be stored.`,
    );
    // refused exactly when the same image stored once more would not fit
    expect(used).toBeLessThanOrEqual(UPLOAD_QUOTA_BYTES);
    expect(used + stored).toBeGreaterThan(UPLOAD_QUOTA_BYTES);
    expect((await storedBy(who)).reduce((sum, row) => sum + row.bytes, 0)).toBe(used);
  });
});

describe("image fields take only our own uploads", () => {
  const partner = (who: Account, logo: unknown) =>
    t.app.inject({
      method: "POST",
      url: "/api/global-partners",
      headers: who.headers,
      payload: { name: `Partner ${randomBytes(3).toString("hex")}`, country: "NP", logo },
    });

  it("an image field refuses a data: SVG, an https:// URL and a file never uploaded", async () => {
    const who = account("skilllab.editor@example.com");
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const logo of [
      `data:image/svg+xml;base64,${svg.toString("base64")}`,
      `data:image/png;base64,${(await smallPng()).toString("base64")}`,
      "https://evil.example.com/logo.png",
      "/api/uploads/AAAAAAAAAAAAAAAAAAAAAA.png",
      "/api/uploads/../jwt-secret",
    ]) {
      const res = await partner(who, logo);
      expect(res.statusCode, logo.slice(0, 40)).toBe(400);
      expect(body<{ errors: Record<string, string> }>(res).errors).toEqual({ logo: "This value is not valid." });
    }
  });

  it("an image field takes a file uploaded here", async () => {
    const who = account("skilllab.editor@example.com");
    const url = urlOf(await upload(who, await smallPng("#EDAE49")));
    const res = await partner(who, url);
    expect(res.statusCode).toBe(201);
    expect(body(res).logo).toBe(url);
  });

  it("no seeded logo is a data: URI: each is a PNG served from the uploads folder", async () => {
    const db = t.app.db as unknown as AnyDb;
    const logos: string[] = [];
    for (const table of ["institutions", "recruiters", "global_partners"]) {
      const rows = await db.selectFrom(table).select("logo").where("logo", "is not", null).execute();
      logos.push(...rows.map((row: { logo: string }) => row.logo));
    }
    expect(logos.length).toBeGreaterThan(10);
    for (const logo of new Set(logos)) {
      expect(logo).toMatch(/^\/api\/uploads\/[\w-]{22}\.png$/);
      const served = await t.app.inject({ url: logo });
      expect(served.statusCode, logo).toBe(200);
      expect(served.headers["content-type"]).toBe("image/png");
      expect((await sharp(served.rawPayload).metadata()).format).toBe("png");
    }
  });

  it("a seeded record saved back as the admin's edit form sends it keeps its logo", async () => {
    for (const [email, resource] of [
      ["superadmin@example.com", "institutions"],
      ["college.admin@example.com", "institution-details"],
      ["recruiter.admin@example.com", "company-profile"],
      ["superadmin@example.com", "global-partners"],
      ["superadmin@example.com", "recruiters-existing"],
    ] as const) {
      const who = account(email);
      const meta = body<{ data: { resources: ResourceMeta[] } }>(
        await t.app.inject({ url: "/api/meta", headers: who.headers }),
      ).data.resources.find((r) => r.name === resource);
      const rows = body<Record<string, unknown>[]>(
        await t.app.inject({ url: `/api/${resource}?_end=50`, headers: who.headers }),
      );
      const row = rows.find((r) => typeof r.logo === "string");
      if (!meta || !row) throw new Error(`${email} sees no ${resource} with a logo`);
      const form = Object.fromEntries(meta.fields.filter((f) => !f.readOnly).map((f) => [f.name, row[f.name]]));
      const res = await t.app.inject({
        method: "PATCH",
        url: `/api/${resource}/${row.id}`,
        headers: who.headers,
        payload: form,
      });
      expect(res.statusCode, `${resource}: ${res.body}`).toBe(200);
      expect(body(res).logo).toBe(row.logo);
    }
  });
});
