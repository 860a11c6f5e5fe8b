import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { up } from "../../../tests/scaffold/mentors.js";
import { bearer, body, createTestApp, hostOf, type TestApp, tokenFor } from "./helpers.js";

/**
 * A new resource module is enough: `mentors` (tests/scaffold/mentors.ts: a module and a migration,
 * nothing else) is listed beside the others, as resources/index.ts would list it, and the API
 * serves it from that alone — its routes with their declared access and schemas, its validation,
 * its policy over every tenant, its OpenAPI paths, its meta and its menu entry.
 */
vi.mock("../../../packages/shared/src/resources/index.ts", async (importOriginal) =>
  (await import("../../../tests/scaffold/mentors.js")).listedWithMentors(await importOriginal()),
);

let t: TestApp;
let provider: string;
let student: string;
let collegeAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  await up(t.app.db);
  provider = await tokenFor(t.app, "skilllab.admin@example.com", "provider");
  student = await tokenFor(t.app, "student@example.com", "kmc");
  collegeAdmin = await tokenFor(t.app, "college.admin@example.com", "kmc");
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const request = (
  token: string,
  site: string,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: { ...bearer(token), host: hostOf(site) }, ...(payload ? { payload } : {}) });

describe("a new resource module, and nothing else", () => {
  it("gets every route of the simple-rest contract, each declaring its access", () => {
    const declared = t.app.declaredRoutes.filter(
      (route) => route.url.startsWith("/api/mentors") && route.method !== "HEAD",
    );
    expect(declared.map((route) => `${route.method} ${route.url}`).sort()).toEqual(
      [
        "DELETE /api/mentors/:id",
        "GET /api/mentors",
        "GET /api/mentors/:id",
        "GET /api/mentors/:id/creator",
        "GET /api/mentors/export",
        "GET /api/mentors/options/:field",
        "PATCH /api/mentors/:id",
        "POST /api/mentors",
      ].sort(),
    );
  });

  it("is created, listed, filtered, read, updated and deleted by provider staff", async () => {
    const created = await request(provider, "provider", "POST", "/api/mentors", {
      full_name: "Sita Sharma",
      expertise: "Data analysis",
      email: "sita@example.com",
      available_from: "2026-12-01",
      publish_status: true,
    });
    expect(created.statusCode).toBe(201);
    const { id } = body<{ id: number }>(created);
    await request(provider, "provider", "POST", "/api/mentors", { full_name: "Ram Thapa", expertise: "Design" });

    const list = await request(provider, "provider", "GET", "/api/mentors?expertise=Data%20analysis&_sort=full_name");
    expect(list.statusCode).toBe(200);
    expect(list.headers["x-total-count"]).toBe("1");
    expect(body<{ full_name: string }[]>(list).map((row) => row.full_name)).toEqual(["Sita Sharma"]);

    const one = await request(provider, "provider", "GET", `/api/mentors/${id}`);
    expect(body(one)).toMatchObject({ full_name: "Sita Sharma", available_from: "2026-12-01", publish_status: true });

    const updated = await request(provider, "provider", "PATCH", `/api/mentors/${id}`, { expertise: "Statistics" });
    expect(body(updated)).toMatchObject({ expertise: "Statistics" });

    const other = await request(provider, "provider", "GET", "/api/mentors?q=Ram");
    const ramId = body<{ id: number }[]>(other)[0]?.id;
    expect((await request(provider, "provider", "DELETE", `/api/mentors/${ramId}`)).statusCode).toBe(200);
    expect((await request(provider, "provider", "GET", `/api/mentors/${ramId}`)).statusCode).toBe(404);
  });

  it("refuses bad input under the field, from its field definitions", async () => {
    const missing = await request(provider, "provider", "POST", "/api/mentors", { expertise: "Nothing else" });
    expect(missing.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(missing).errors).toHaveProperty("full_name");
    const email = await request(provider, "provider", "POST", "/api/mentors", {
      full_name: "X",
      email: "not-an-e-mail",
    });
    expect(email.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(email).errors).toHaveProperty("email");
    const filter = await request(provider, "provider", "GET", "/api/mentors?bio=anything");
    expect(filter.statusCode).toBe(400);
  });

  it("follows its policy for every kind of user: learners read what is published, institution staff keep their own", async () => {
    await request(provider, "provider", "POST", "/api/mentors", { full_name: "Unpublished Mentor" });
    const seen = await request(student, "kmc", "GET", "/api/mentors?_end=100");
    expect(seen.statusCode).toBe(200);
    const names = body<{ full_name: string }[]>(seen).map((row) => row.full_name);
    expect(names).toContain("Sita Sharma");
    expect(names).not.toContain("Unpublished Mentor");
    expect((await request(student, "kmc", "POST", "/api/mentors", { full_name: "Me" })).statusCode).toBe(403);

    const own = await request(collegeAdmin, "kmc", "POST", "/api/mentors", { full_name: "College Mentor" });
    expect(own.statusCode).toBe(201);
    expect(body(own)).toMatchObject({ institution_id: expect.any(Number) });
    const theirs = await request(collegeAdmin, "kmc", "GET", "/api/mentors?_end=100");
    expect(body<{ full_name: string }[]>(theirs).map((row) => row.full_name)).toContain("College Mentor");
  });

  it("is in the OpenAPI document, the caller's meta and their menu", async () => {
    const docs = body<{ paths: Record<string, unknown> }>(await t.app.inject({ method: "GET", url: "/api/docs" }));
    expect(Object.keys(docs.paths)).toEqual(expect.arrayContaining(["/api/mentors", "/api/mentors/{id}"]));

    const meta = await request(provider, "provider", "GET", "/api/meta");
    const { data } = body<{
      data: {
        menu: { name: string; path: string | null; children?: unknown[] }[];
        resources: { name: string; fields: { name: string }[] }[];
      };
    }>(meta);
    const flat = (
      items: { name: string; path: string | null; children?: unknown[] }[],
    ): { name: string; path: string | null }[] =>
      items.flatMap((item) => [item, ...flat((item.children ?? []) as typeof items)]);
    expect(flat(data.menu).find((item) => item.name === "mentors")?.path).toBe("/admin/mentors");
    const mentors = data.resources.find((resource) => resource.name === "mentors");
    expect(mentors?.fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(["full_name", "expertise", "available_from"]),
    );
  });
});
