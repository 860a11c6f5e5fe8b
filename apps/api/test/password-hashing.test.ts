import { randomBytes, scryptSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, needsRehash, verifyPassword } from "../src/platform/password.js";
import { createTestApp, DEMO_PASSWORD, hostOf, type TestApp } from "./helpers.js";

/**
 * Passwords are hashed with Argon2id (password.ts); a hash of the kind made before (scrypt) still
 * signs its owner in, once, and is replaced by an Argon2id hash then. An account with no password
 * yet (an imported one waiting for its link) signs nobody in, whatever is typed.
 */

/** A hash as the earlier versions stored it: scrypt, its parameters and salt in the string. */
function legacyScrypt(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFKC"), salt, 64, { N: 2 ** 10, r: 8, p: 1 });
  return ["scrypt", 2 ** 10, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
}

describe("a password hash", () => {
  it("is Argon2id with OWASP's parameters at the default cost, and lighter ones below it", async () => {
    const hash = await hashPassword("CareerDemo#2026", 17);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword("CareerDemo#2026", hash)).toBe(true);
    expect(await verifyPassword("careerdemo#2026", hash)).toBe(false);
    expect(await hashPassword("x", 12)).toMatch(/^\$argon2id\$v=19\$m=608,t=2,p=1\$/);
    expect(needsRehash(hash, 17)).toBe(false);
    expect(needsRehash(hash, 12)).toBe(true);
    expect(needsRehash(legacyScrypt("x"), 17)).toBe(true);
  });

  it("of the earlier kind still verifies, and nothing else does", async () => {
    expect(await verifyPassword("Old#2025pass", legacyScrypt("Old#2025pass"))).toBe(true);
    expect(await verifyPassword("other", legacyScrypt("Old#2025pass"))).toBe(false);
    for (const stored of ["!imported", "", "$argon2id$broken", "scrypt$1$8$1$$"]) {
      expect(await verifyPassword("anything", stored), stored).toBe(false);
    }
  });
});

describe("signing in", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const signIn = (email: string, password: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { host: hostOf("kmc") },
      payload: { email, password },
    });
  const storedHash = async (email: string) =>
    (await t.app.db.selectFrom("users").select("password_hash").where("email", "=", email).executeTakeFirstOrThrow())
      .password_hash;

  it("replaces an earlier kind of hash with Argon2id at the owner's next sign-in", async () => {
    const email = "student@example.com";
    await t.app.db
      .updateTable("users")
      .set({ password_hash: legacyScrypt(DEMO_PASSWORD) })
      .where("email", "=", email)
      .execute();
    const first = await signIn(email, DEMO_PASSWORD);
    expect(first.statusCode, first.body).toBe(200);
    const upgraded = await storedHash(email);
    expect(upgraded).toMatch(/^\$argon2id\$/);
    expect((await signIn(email, DEMO_PASSWORD)).statusCode).toBe(200);
    // nothing more to do once it is current
    expect(await storedHash(email)).toBe(upgraded);
  });

  it("leaves a hash as it is when the password is wrong", async () => {
    const email = "student@example.com";
    const legacy = legacyScrypt(DEMO_PASSWORD);
    await t.app.db.updateTable("users").set({ password_hash: legacy }).where("email", "=", email).execute();
    expect((await signIn(email, "Wrong#2026pass")).statusCode).toBe(401);
    expect(await storedHash(email)).toBe(legacy);
  });

  it("lets nobody into an account that has no password yet, not even with the decoy's", async () => {
    const email = "student@example.com";
    await t.app.db.updateTable("users").set({ password_hash: "!imported" }).where("email", "=", email).execute();
    expect((await signIn(email, "decoy-password")).statusCode).toBe(401);
    expect((await signIn(email, DEMO_PASSWORD)).statusCode).toBe(401);
  });
});
