import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";
import { body, createTestApp, type TestApp } from "./helpers.js";

describe("configuration from the environment", () => {
  it("names every bad variable in one clear message", () => {
    expect(() =>
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", SMTP_URL: "http://mail", JWT_SECRET: "short" }),
    ).toThrowError(
      new ConfigError(
        [
          "Invalid configuration:",
          "  PORT: a port number",
          "  DATABASE_URL: sqlite:<path> or postgres://…",
          "  SMTP_URL: smtp://… or smtps://…",
          "  JWT_SECRET: at least 32 characters",
        ].join("\n"),
      ),
    );
  });

  it("records missing translation keys only when asked, and says so for a bad value", () => {
    expect(loadConfig({ JWT_SECRET: "x".repeat(32) }).localesSaveMissing).toBe(false);
    expect(loadConfig({ JWT_SECRET: "x".repeat(32), LOCALES_SAVE_MISSING: "true" }).localesSaveMissing).toBe(true);
    expect(() => loadConfig({ JWT_SECRET: "x".repeat(32), LOCALES_SAVE_MISSING: "yes" })).toThrow(
      /LOCALES_SAVE_MISSING: true or false/,
    );
  });

  it("takes over a dead sender's mail after two minutes unless told otherwise, within bounds", () => {
    const secret = { JWT_SECRET: "x".repeat(32) };
    expect(loadConfig(secret).mailClaimStaleSeconds).toBe(120);
    expect(loadConfig({ ...secret, MAIL_CLAIM_STALE_SECONDS: "15" }).mailClaimStaleSeconds).toBe(15);
    for (const bad of ["5", "3601", "12.5", "soon"]) {
      expect(() => loadConfig({ ...secret, MAIL_CLAIM_STALE_SECONDS: bad })).toThrow(
        /MAIL_CLAIM_STALE_SECONDS: 10 to 3600/,
      );
    }
  });

  it("requires a JWT secret for PostgreSQL", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://127.0.0.1/x" })).toThrow(/JWT_SECRET: required/);
  });

  it("generates the embedded default's JWT secret once and keeps it under data/", () => {
    const dir = mkdtempSync(join(tmpdir(), "csc-config-"));
    try {
      const first = loadConfig({ DATA_DIR: dir });
      const second = loadConfig({ DATA_DIR: dir });
      expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(second.jwtSecret).toBe(first.jwtSecret);
      expect(readFileSync(join(dir, "jwt-secret"), "utf8")).toBe(first.jwtSecret);
      expect(first.databaseUrl).toBe(`sqlite:${join(dir, "csc.sqlite")}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("maintenance mode", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAINTENANCE_MODE: "true" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("tells the admin through the public config, and closes the rest of the API", async () => {
    expect(body(await t.app.inject({ url: "/api/public/config" })).data).toMatchObject({ maintenance: true });
    expect((await t.app.inject({ url: "/api/locales/en-US/api.json" })).statusCode).toBe(200);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "superadmin@example.com", password: "CareerDemo#2026" },
    });
    expect(login.statusCode).toBe(503);
    expect(body(login).message).toBe("We're performing some maintenance at the moment. Please check back later.");
  });

  it("stays healthy for the load balancer, which then keeps serving the maintenance page", async () => {
    const health = await t.app.inject({ url: "/api/health" });
    expect(health.statusCode).toBe(200);
    expect(body(health)).toEqual({ status: "ok" });
  });
});

describe("seeding", () => {
  it("never touches a database that already has data", async () => {
    const { seedIfEmpty } = await import("../src/seed/index.js");
    const t = await createTestApp();
    try {
      const before = await t.app.db.selectFrom("users").select("id").execute();
      const seeded = await seedIfEmpty(t.app.db, { demo: true, demoPassword: "x", passwordHashCost: 10 });
      expect(seeded).toBe(false);
      expect(await t.app.db.selectFrom("users").select("id").execute()).toEqual(before);
      const demo = await t.app.db.selectFrom("users").select("email").where("email", "like", "%@example.com").execute();
      expect(demo.map((u) => u.email)).toEqual(
        expect.arrayContaining(["superadmin@example.com", "learner@example.com"]),
      );
    } finally {
      await t.close();
    }
  });
});
