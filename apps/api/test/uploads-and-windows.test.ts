import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, body, createTestApp, type TestApp, tokenFor } from "./helpers.js";

let t: TestApp;
let token: string;
let PNG: Buffer;
beforeAll(async () => {
  PNG = await sharp({ create: { width: 3, height: 2, channels: 4, background: "#0E5E9C" } })
    .png()
    .toBuffer();
  t = await createTestApp();
  token = await tokenFor(t.app, "skilllab.editor@example.com", "provider");
});
afterAll(async () => {
  await t.close();
});

/** A multipart body with one file, as a browser sends it. */
function multipart(name: string, type: string, content: Buffer) {
  const boundary = "----csc-test-boundary";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

describe("image uploads", () => {
  it("stores a PNG under data/ and serves it back with its type", async () => {
    const { payload, headers } = multipart("logo.png", "image/png", PNG);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: { ...headers, ...bearer(token) },
      payload,
    });
    expect(res.statusCode).toBe(201);
    const { url } = body<{ data: { url: string } }>(res).data;
    expect(url).toMatch(/^\/api\/uploads\/[\w-]{22}\.png$/);
    const served = await t.app.inject({ url });
    expect(served.headers["content-type"]).toBe("image/png");
    // stored as decoded and encoded again: the same picture, not necessarily the same bytes
    const stored = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const sent = await sharp(PNG).raw().toBuffer({ resolveWithObject: true });
    expect(stored.info).toMatchObject({ format: "raw", width: 3, height: 2 });
    expect(stored.data.equals(sent.data)).toBe(true);

    // and an image field accepts the stored URL
    const partner = await t.app.inject({
      method: "POST",
      url: "/api/global-partners",
      headers: bearer(token),
      payload: { name: "Uploaded Logo Partner", country: "NP", logo: url },
    });
    expect(body(partner).logo).toBe(url);
  });

  it("refuses a file that is not an image by its content, whatever its name and type say", async () => {
    const { payload, headers } = multipart("evil.png", "image/png", Buffer.from("<script>alert(1)</script>"));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: { ...headers, ...bearer(token) },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(res).errors.file).toMatch(/PNG, JPEG, GIF or WebP/);
  });

  it("refuses an image over 2 MB and an upload without a session", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const { payload, headers } = multipart("big.png", "image/png", big);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: { ...headers, ...bearer(token) },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(res).errors.file).toMatch(/at most 2 MB/);
    const anonymous = multipart("logo.png", "image/png", PNG);
    expect((await t.app.inject({ method: "POST", url: "/api/uploads", ...anonymous })).statusCode).toBe(401);
  });

  it("serves nothing outside the uploads folder", async () => {
    expect((await t.app.inject({ url: "/api/uploads/..%2Fjwt-secret" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/uploads/jwt-secret" })).statusCode).toBe(404);
  });
});

describe("time filters", () => {
  const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const event = (title: string, start: number, end: number) =>
    t.app.inject({
      method: "POST",
      url: "/api/learning-events",
      headers: bearer(token),
      payload: { title, event_type: "workshop", start_at: iso(start), end_at: iso(end) },
    });
  const titles = async (type: string) =>
    body<{ title: string }[]>(
      await t.app.inject({ url: `/api/learning-events?type=${type}&q=Window&_end=100`, headers: bearer(token) }),
    ).map((row) => row.title);

  it("splits learning events into ongoing, upcoming and expired", async () => {
    await event("Window past", -10, -5);
    await event("Window now", -1, 1);
    await event("Window soon", 3, 4);
    expect(await titles("ongoing")).toEqual(["Window now"]);
    expect(await titles("upcoming")).toEqual(["Window soon"]);
    expect(await titles("expired")).toEqual(["Window past"]);
  });

  it("splits job opportunities into current and expired by deadline, and refuses other filters", async () => {
    const day = (d: number) => iso(d).slice(0, 10);
    for (const [title, deadline] of [
      ["Window open job", day(5)],
      ["Window closed job", day(-5)],
    ]) {
      await t.app.inject({
        method: "POST",
        url: "/api/job-opportunities",
        headers: bearer(token),
        payload: { title, job_type: "internship", deadline },
      });
    }
    const list = async (type: string) =>
      await t.app.inject({ url: `/api/job-opportunities?type=${type}&q=Window`, headers: bearer(token) });
    expect(body<{ title: string }[]>(await list("current")).map((r) => r.title)).toEqual(["Window open job"]);
    expect(body<{ title: string }[]>(await list("expired")).map((r) => r.title)).toEqual(["Window closed job"]);
    expect((await list("ongoing")).statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/courses?type=current", headers: bearer(token) })).statusCode).toBe(400);
  });
});
