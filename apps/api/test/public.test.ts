import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, body, createTestApp, type TestApp, tokenFor } from "./helpers.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Place {
  id: number;
  name: string;
  name_np: string;
  province_id?: number;
  district_id?: number;
}
const places = async (path: string) =>
  body<{ data: Place[] }>(await t.app.inject({ url: `/api/locations/${path}` })).data;

describe("public config", () => {
  it("tells the admin the domains, languages and that maintenance is off", async () => {
    const res = await t.app.inject({ url: "/api/public/config" });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({
      maintenance: false,
      rootDomain: "localhost",
      adminSubdomain: "admin",
      languages: [
        { code: "en-US", name: "En" },
        { code: "np-NP", name: "नेपाली" },
      ],
    });
  });
});

describe("institution lookup by subdomain", () => {
  it("finds an active institution with its colours", async () => {
    const res = await t.app.inject({ url: "/api/public/institutions/by-subdomain/kmc" });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({
      name: "Kathmandu Model College",
      type: "college",
      status: "active",
      primary_color: "#0E5E9C",
    });
  });

  it("answers 404 for an unknown and for an inactive institution", async () => {
    expect((await t.app.inject({ url: "/api/public/institutions/by-subdomain/nowhere" })).statusCode).toBe(404);
    await t.app.db.updateTable("institutions").set({ status: "inactive" }).where("subdomain", "=", "himal").execute();
    const inactive = await t.app.inject({ url: "/api/public/institutions/by-subdomain/himal" });
    expect(inactive.statusCode).toBe(404);
    expect(body(inactive).message).toBe("No active institution uses this address.");
    await t.app.db.updateTable("institutions").set({ status: "active" }).where("subdomain", "=", "himal").execute();
  });
});

describe("Nepal locations", () => {
  it("counts 7 provinces, 77 districts and 753 local levels with the current province names", async () => {
    const provinces = await places("provinces");
    expect(provinces.map((p) => p.name)).toEqual([
      "Koshi",
      "Madhesh",
      "Bagmati",
      "Gandaki",
      "Lumbini",
      "Karnali",
      "Sudurpashchim",
    ]);
    expect(await places("districts")).toHaveLength(77);
    expect(await places("municipalities")).toHaveLength(753);
  });

  it("has no two districts with one name and every place under an existing parent", async () => {
    const provinces = new Set((await places("provinces")).map((p) => p.id));
    const districts = await places("districts");
    expect(new Set(districts.map((d) => d.name)).size).toBe(77);
    expect(districts.every((d) => provinces.has(d.province_id ?? 0))).toBe(true);
    const districtIds = new Set(districts.map((d) => d.id));
    const municipalities = await places("municipalities");
    expect(municipalities.every((m) => districtIds.has(m.district_id ?? 0))).toBe(true);
    expect(municipalities.map((m) => m.id)).toEqual(Array.from({ length: 753 }, (_, i) => i + 1));
  });

  it("filters districts by province and local levels by district", async () => {
    const bagmati = (await places("provinces")).find((p) => p.name === "Bagmati");
    const districts = await places(`districts?province_id=${bagmati?.id}`);
    expect(districts.map((d) => d.name)).toContain("Kathmandu");
    expect(districts.every((d) => d.province_id === bagmati?.id)).toBe(true);
    const kathmandu = districts.find((d) => d.name === "Kathmandu");
    const local = await places(`municipalities?district_id=${kathmandu?.id}`);
    expect(local.map((m) => m.name)).toContain("Kathmandu Metropolitan City");
    expect(local.find((m) => m.name === "Kathmandu Metropolitan City")?.name_np).toBe("काठमाडौं महानगरपालिका");
  });

  it("refuses an unknown filter", async () => {
    const res = await t.app.inject({ url: "/api/locations/districts?country=np" });
    expect(res.statusCode).toBe(400);
  });
});

describe("institution and recruiter records", () => {
  const ids = async () => {
    const rows = await t.app.db.selectFrom("institutions").select(["id", "subdomain"]).execute();
    return Object.fromEntries(rows.map((r) => [r.subdomain, r.id])) as Record<string, number>;
  };

  it("shows an institution's own record to its staff and a 404 for another's", async () => {
    const { kmc, himal } = await ids();
    const token = await tokenFor(t.app, "college.viewer@example.com", "kmc");
    const own = await t.app.inject({ url: `/api/college/${kmc}`, headers: bearer(token) });
    expect(own.statusCode).toBe(200);
    expect(body(own).data).toMatchObject({ name: "Kathmandu Model College", subdomain: "kmc" });
    expect((await t.app.inject({ url: `/api/institution/${himal}`, headers: bearer(token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/institution/${kmc}`, headers: bearer(token) })).statusCode).toBe(200);
  });

  it("answers /college only for colleges, and lets provider staff read any institution", async () => {
    const { himal } = await ids();
    const token = await tokenFor(t.app, "skilllab.viewer@example.com", "provider");
    expect((await t.app.inject({ url: `/api/college/${himal}`, headers: bearer(token) })).statusCode).toBe(404);
    const company = await t.app.inject({ url: `/api/institution/${himal}`, headers: bearer(token) });
    expect(body(company).data).toMatchObject({ type: "company", name: "Himal Tech" });
  });

  it("gives a recruiter its company profile and nobody else one", async () => {
    const recruiter = await tokenFor(t.app, "recruiter.viewer@example.com", "recruiter");
    const res = await t.app.inject({ url: "/api/recruiter-profile", headers: bearer(recruiter) });
    expect(body(res).data).toMatchObject({ name: "Everest Recruiters", status: "approved" });
    const student = await tokenFor(t.app, "student@example.com", "kmc");
    expect((await t.app.inject({ url: "/api/recruiter-profile", headers: bearer(student) })).statusCode).toBe(403);
  });

  it("checks a job provider publicly, for approved companies only", async () => {
    const everest = await t.app.db
      .selectFrom("recruiters")
      .select("id")
      .where("name", "=", "Everest Recruiters")
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({ url: `/api/public/job-providers/check-job-provider/${everest.id}` });
    expect(body(res).data).toMatchObject({ id: everest.id, name: "Everest Recruiters" });
    expect((await t.app.inject({ url: "/api/public/job-providers/check-job-provider/99999" })).statusCode).toBe(404);
  });
});

describe("the API's own documentation and headers", () => {
  it("serves OpenAPI listing the spec's endpoints", async () => {
    const doc = body<{ openapi: string; paths: Record<string, unknown> }>(await t.app.inject({ url: "/api/docs" }));
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      "/api/auth/login",
      "/api/profile",
      "/api/logout",
      "/api/auth/register",
      "/api/forgot-password",
      "/api/reset-password",
      "/api/college/{id}",
      "/api/institution/{id}",
      "/api/recruiter-profile",
      "/api/public/job-providers/check-job-provider/{id}",
      "/api/locales/{lng}/{file}",
      "/api/locales/add/{lng}/{ns}",
      "/api/meta",
      "/api/public/config",
      "/api/locations/provinces",
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
  });

  it("sends security headers and exposes X-Total-Count to other clients of our domains", async () => {
    const res = await t.app.inject({
      url: "/api/public/config",
      headers: { origin: "http://kmc.localhost:3000" },
    });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["access-control-allow-origin"]).toBe("http://kmc.localhost:3000");
    expect(res.headers["access-control-expose-headers"]).toContain("X-Total-Count");
    const foreign = await t.app.inject({ url: "/api/public/config", headers: { origin: "http://evil.example" } });
    expect(foreign.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("lets the provider's administrators read the outbox and nobody else", async () => {
    await t.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email: "learner@example.com" } });
    await t.app.mailQueue.drain();
    const staff = await tokenFor(t.app, "skilllab.admin@example.com", "provider");
    const res = await t.app.inject({ url: "/api/mail-outbox?_start=0&_end=10", headers: bearer(staff) });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers["x-total-count"])).toBeGreaterThan(0);
    expect(body<{ to_address: string }[]>(res)[0]?.to_address).toBe("learner@example.com");
    const learner = await tokenFor(t.app, "learner@example.com", "provider");
    expect((await t.app.inject({ url: "/api/mail-outbox", headers: bearer(learner) })).statusCode).toBe(403);
    const viewer = await tokenFor(t.app, "skilllab.viewer@example.com", "provider");
    expect((await t.app.inject({ url: "/api/mail-outbox", headers: bearer(viewer) })).statusCode).toBe(403);
  });
});
