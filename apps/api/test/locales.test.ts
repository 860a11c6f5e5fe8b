import { readdirSync, readFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BUNDLE_NAMESPACES, MAX_STORED_MISSING_KEYS, MISSING_KEYS_RULE } from "../src/routes/locales.js";
import { body, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
beforeAll(async () => {
  // as `npm run dev` starts the API; production's default (off) is tested below
  t = await createTestApp({ LOCALES_SAVE_MISSING: "true" });
});
afterAll(async () => {
  await t.close();
});

describe("translation files", () => {
  it("serves a namespace of each language exactly as the file in locales/", async () => {
    for (const lng of ["en-US", "np-NP"]) {
      const res = await t.app.inject({ url: `/api/locales/${lng}/api.json` });
      expect(res.statusCode).toBe(200);
      const file = readFileSync(new URL(`../../../locales/${lng}/api.json`, import.meta.url), "utf8");
      expect(res.json()).toEqual(JSON.parse(file));
    }
  });

  it("sends a namespace compressed (brotli, else gzip) to a browser that accepts it, the same words", async () => {
    const plain = await t.app.inject({ url: "/api/locales/en-US/common.json" });
    for (const [encoding, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        url: "/api/locales/en-US/common.json",
        headers: { "accept-encoding": `${encoding}, deflate` },
      });
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers.vary).toContain("Accept-Encoding");
      expect(JSON.parse(decode(res.rawPayload).toString("utf8"))).toEqual(plain.json());
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    }
  });

  it("serves i18next's fallback `en` as en-US", async () => {
    const res = await t.app.inject({ url: "/api/locales/en/validation.json" });
    expect(body(res).required).toBe("This field is required.");
  });

  it("answers a clear 404 for an unknown language or namespace", async () => {
    for (const url of ["/api/locales/fr-FR/api.json", "/api/locales/en-US/nothing.json", "/api/locales/en-US/api"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(body(res).message).toBe("Unknown language or namespace.");
    }
    const traversal = await t.app.inject({ url: "/api/locales/en-US/..%2F..%2Fpackage.json" });
    expect(traversal.statusCode).toBe(404);
  });
});

describe("bundles of namespaces", () => {
  /** One namespace as its own route serves it (the file, with the resources' own words in place). */
  const single = async (lng: string, ns: string) =>
    (await t.app.inject({ url: `/api/locales/${lng}/${ns}.json` })).json();

  it("serves several namespaces in two languages in one answer, each as its own route serves it, under the codes asked", async () => {
    const res = await t.app.inject({ url: "/api/locales/bundle/np-NP+en/common+validation+api.json" });
    expect(res.statusCode).toBe(200);
    const expected: Record<string, Record<string, unknown>> = { "np-NP": {}, en: {} };
    for (const [lng, namespaces] of Object.entries(expected)) {
      for (const ns of ["common", "validation", "api"]) namespaces[ns] = await single(lng, ns);
    }
    expect(res.json()).toEqual(expected);
    expect(Object.keys(expected["np-NP"] ?? {})).toEqual(["common", "validation", "api"]);
  });

  it("serves every namespace there is, in two languages, in one bundle: a longer address than a path parameter may have by default", async () => {
    const namespaces = readdirSync(new URL("../../../locales/en-US/", import.meta.url))
      .filter((name) => name.endsWith(".json"))
      .map((name) => name.replace(/\.json$/, ""));
    expect(namespaces.length).toBeLessThanOrEqual(MAX_BUNDLE_NAMESPACES);
    const file = `${namespaces.join("+")}.json`;
    expect(file.length).toBeGreaterThan(100);
    const res = await t.app.inject({ url: `/api/locales/bundle/np-NP+en/${file}` });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(Object.keys(res.json()["np-NP"])).toEqual(namespaces);
    expect(res.json().en.notifications).toEqual(await single("en", "notifications"));
  });

  it("sends a bundle compressed, the same words, and a bundle asked again the same bytes", async () => {
    const url = "/api/locales/bundle/en-US/common+fields+enums.json";
    const plain = await t.app.inject({ url });
    const first = await t.app.inject({ url, headers: { "accept-encoding": "br" } });
    const again = await t.app.inject({ url, headers: { "accept-encoding": "br" } });
    expect(first.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(first.rawPayload).toString("utf8"))).toEqual(plain.json());
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const gzip = await t.app.inject({ url, headers: { "accept-encoding": "gzip" } });
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString("utf8"))).toEqual(plain.json());
  });

  it("refuses with a clear 404 an unknown language or namespace, three languages or too many namespaces", async () => {
    const many = Array.from({ length: MAX_BUNDLE_NAMESPACES + 1 }, (_, i) => `ns${i}`).join("+");
    for (const url of [
      "/api/locales/bundle/fr-FR/common.json",
      "/api/locales/bundle/en-US/common+nothing.json",
      "/api/locales/bundle/en-US/common",
      "/api/locales/bundle/en-US+np-NP+en/common.json",
      `/api/locales/bundle/en-US/${many}.json`,
      "/api/locales/bundle/en-US/..%2F..%2Fpackage.json",
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    const unknown = await t.app.inject({ url: "/api/locales/bundle/en-US/common+nothing.json" });
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).message).toBe("Unknown language or namespace.");
  });

  it("answers any number of different bundles, keeping only a few compressed", async () => {
    const namespaces = ["common", "validation", "fields", "enums", "api"];
    for (let mask = 1; mask < 2 ** namespaces.length; mask++) {
      const picked = namespaces.filter((_, i) => mask & (1 << i));
      const res = await t.app.inject({
        url: `/api/locales/bundle/en-US/${picked.join("+")}.json`,
        headers: { "accept-encoding": "gzip" },
      });
      expect(res.statusCode).toBe(200);
      const text = res.headers["content-encoding"] === "gzip" ? gunzipSync(res.rawPayload) : res.rawPayload;
      expect(Object.keys(JSON.parse(text.toString("utf8"))["en-US"])).toEqual(picked);
    }
  });
});

describe("missing keys", () => {
  const missing = () => t.app.db.selectFrom("missing_locale_keys").selectAll().orderBy("key").execute();

  it("records missing keys once each, for known languages and namespaces only", async () => {
    const post = (lng: string, ns: string, payload: unknown) =>
      t.app.inject({ method: "POST", url: `/api/locales/add/${lng}/${ns}`, payload: payload as object });
    expect((await post("np-NP", "api", { "dashboard.new": "New", "dashboard.old": "Old" })).statusCode).toBe(200);
    expect((await post("np-NP", "api", { "dashboard.new": "Changed" })).statusCode).toBe(200);
    expect((await post("xx-XX", "api", { a: "b" })).statusCode).toBe(404);
    expect((await post("en-US", "secrets", { a: "b" })).statusCode).toBe(404);
    const rows = await missing();
    expect(rows.map((r) => [r.lng, r.ns, r.key, r.fallback])).toEqual([
      ["np-NP", "api", "dashboard.new", "New"],
      ["np-NP", "api", "dashboard.old", "Old"],
    ]);
  });

  it("never changes a translation file", async () => {
    const before = readFileSync(new URL("../../../locales/np-NP/api.json", import.meta.url), "utf8");
    await t.app.inject({ method: "POST", url: "/api/locales/add/np-NP/api", payload: { notFound: "Overwritten" } });
    expect(readFileSync(new URL("../../../locales/np-NP/api.json", import.meta.url), "utf8")).toBe(before);
    const served = await t.app.inject({ url: "/api/locales/np-NP/api.json" });
    expect(body(served).notFound).toBe("भेटिएन।");
  });

  it("refuses too many keys, too long keys and a body that is not an object", async () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`key${i}`, "x"]));
    const tooMany = await t.app.inject({ method: "POST", url: "/api/locales/add/en-US/api", payload: many });
    expect(tooMany.statusCode).toBe(400);
    const long = await t.app.inject({
      method: "POST",
      url: "/api/locales/add/en-US/api",
      payload: { ["k".repeat(201)]: "x" },
    });
    expect(long.statusCode).toBe(400);
    const notObject = await t.app.inject({
      method: "POST",
      url: "/api/locales/add/en-US/api",
      headers: { "content-type": "application/json" },
      payload: "[1,2]",
    });
    expect(notObject.statusCode).toBe(400);
    // the two keys of the first test and the one of the second, nothing from the refused calls
    expect(await missing()).toHaveLength(3);
  });
});

describe("missing keys, bounded even in development", () => {
  const post = (payload: object, ip = "203.0.113.9") =>
    t.app.inject({ method: "POST", url: "/api/locales/add/en-US/api", payload, remoteAddress: ip });
  const count = async () =>
    Number(
      (
        await t.app.db
          .selectFrom("missing_locale_keys")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("throttles one address, not the others", async () => {
    for (let i = 0; i < MISSING_KEYS_RULE.limit; i++) {
      expect((await post({ [`throttle.${i}`]: "x" })).statusCode).toBe(200);
    }
    const refused = await post({ "throttle.over": "x" });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
    expect(body(refused).message).toMatch(/^Too many missing translations reported/);
    const rows = await t.app.db
      .selectFrom("missing_locale_keys")
      .select("key")
      .where("key", "=", "throttle.over")
      .execute();
    expect(rows).toEqual([]);
    expect((await post({ "throttle.other": "x" }, "203.0.113.10")).statusCode).toBe(200);
  });

  it("stores nothing more once the table holds its cap", async () => {
    // many addresses, as a distributed flood would come: the cap still holds
    let sent = 0;
    for (let ip = 1; sent < MAX_STORED_MISSING_KEYS + 200; ip++) {
      for (let request = 0; request < 5; request++) {
        const keys = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`flood.${sent + i}`, "v".repeat(1000)]));
        expect((await post(keys, `198.51.100.${ip}`)).statusCode).toBe(200);
        sent += 50;
      }
    }
    expect(await count()).toBe(MAX_STORED_MISSING_KEYS);
    const after = await post({ "flood.after": "x" }, "198.51.100.250");
    expect(after.statusCode).toBe(200);
    expect(body<{ data: { recorded: number } }>(after).data.recorded).toBe(0);
    expect(await count()).toBe(MAX_STORED_MISSING_KEYS);
  });
});

describe("missing keys in production", () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp();
  });
  afterAll(async () => {
    await prod.close();
  });

  it("answers 404 to anyone signed out and stores nothing, whatever the body", async () => {
    for (const payload of [{ "dashboard.new": "New" }, { ["k".repeat(201)]: "x" }]) {
      const res = await prod.app.inject({ method: "POST", url: "/api/locales/add/en-US/api", payload });
      expect(res.statusCode).toBe(404);
    }
    expect(await prod.app.db.selectFrom("missing_locale_keys").selectAll().execute()).toEqual([]);
  });

  it("tells the admin that nothing is recorded, so that it sends nothing", async () => {
    expect(
      body<{ data: { localesSaveMissing: boolean } }>(await prod.app.inject({ url: "/api/public/config" })).data,
    ).toMatchObject({ localesSaveMissing: false });
    expect(
      body<{ data: { localesSaveMissing: boolean } }>(await t.app.inject({ url: "/api/public/config" })).data,
    ).toMatchObject({ localesSaveMissing: true });
  });
});
