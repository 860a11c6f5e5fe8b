import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, hostOf, type TestApp } from "./helpers.js";

/**
 * The admin's page as the API serves it: index.html for every path that is not the API or a file,
 * with a `Link` header that asks with the page for what the admin needs before it can show it: on
 * an institution's own host, the site's look-up (resolved before anything renders); on a public
 * apply page, its first page of postings.
 */
describe("the admin's page", () => {
  const dist = mkdtempSync(join(tmpdir(), "csc-admin-dist-"));
  let test: TestApp;
  const get = (url: string, site: string) => test.app.inject({ method: "GET", url, headers: { host: hostOf(site) } });
  const lookUp = (subdomain: string) =>
    `</api/public/institutions/by-subdomain/${subdomain}>; rel=preload; as=fetch; crossorigin=anonymous`;
  const firstPostings = (resource: string) =>
    `</api/public/${resource}?_start=0&_end=12>; rel=preload; as=fetch; crossorigin=anonymous`;

  beforeAll(async () => {
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>Career Service Center</title>");
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "assets", "index-abc123.js"), "export {};");
    test = await createTestApp({ ADMIN_DIST_DIR: dist });
  });
  afterAll(async () => {
    await test?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("names the institution's look-up on its own host, on every page of it, the root too", async () => {
    for (const url of ["/", "/login", "/job-opportunities-apply/1", "/admin/dashboard?tab=1"]) {
      const res = await get(url, "kmc");
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain("<title>Career Service Center</title>");
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.headers.link, url).toBe(lookUp("kmc"));
    }
    expect((await get("/login", "himal")).headers.link).toBe(lookUp("himal"));
  });

  it("names a public apply page's first page of postings, on any site's own host", async () => {
    const cases = [
      ["/job-opportunities-apply", "kmc", [lookUp("kmc"), firstPostings("job-opportunities")]],
      ["/job-role-trainings-apply/?apply=3", "kmc", [lookUp("kmc"), firstPostings("learning-events")]],
      ["/job-opportunities-apply", "provider", [firstPostings("job-opportunities")]],
    ] as const;
    for (const [url, site, links] of cases) {
      const res = await get(url, site);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain("<title>Career Service Center</title>");
      expect(res.headers.link, url).toBe(links.join(", "));
    }
  });

  it("the first page it names is the page the apply page shows", async () => {
    // the same address as the page's own request (PUBLIC_APPLY_PAGE_SIZE cards), so the browser
    // hands the page the answer it preloaded
    const res = await get("/api/public/job-opportunities?_start=0&_end=12", "kmc");
    expect(res.statusCode).toBe(200);
    const rows = res.json<{ data: { id: number }[] }>().data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(12);
    expect(Number(res.headers["x-total-count"])).toBeGreaterThanOrEqual(rows.length);
  });

  it("names nothing where the site is not an institution's host, or a path names it", async () => {
    for (const [url, site] of [
      ["/login", "provider"],
      ["/", "recruiter"],
      ["/no-domain/kmc/login", "provider"],
      ["/no-domain/kmc/job-opportunities-apply", "provider"],
    ] as const) {
      const res = await get(url, site);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain("<title>Career Service Center</title>");
      expect(res.headers.link, url).toBeUndefined();
    }
  });

  it("the look-up it names answers the site", async () => {
    const res = await get("/api/public/institutions/by-subdomain/kmc", "kmc");
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { subdomain: string } }>().data.subdomain).toBe("kmc");
  });

  it("still serves the built files as files, and the API's unknown paths as the API's 404", async () => {
    const asset = await get("/assets/index-abc123.js", "kmc");
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe("export {};");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.link).toBeUndefined();

    const api = await get("/api/no-such-thing", "kmc");
    expect(api.statusCode).toBe(404);
    expect(api.headers["content-type"]).toMatch(/^application\/json/);
    expect(api.headers.link).toBeUndefined();
  });
});
