import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailedTestApp, createTestApp, DEMO_PASSWORD, type MailedTestApp } from "./helpers.js";

/**
 * Nobody can stop others signing in: each test performs an availability attack an outside probe
 * found, and checks that the owner still gets in.
 */

let t: MailedTestApp;
beforeAll(async () => {
  t = await createMailedTestApp();
});
afterAll(async () => {
  await t?.close();
});

type App = MailedTestApp["app"];

const signIn = (
  app: App,
  email: string,
  password: string,
  address: string,
  options: { cookie?: string; code?: string; host?: string } = {},
) =>
  app.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress: address,
    headers: { host: options.host ?? "himal.localhost", ...(options.cookie ? { cookie: options.cookie } : {}) },
    payload: { email, password, ...(options.code ? { code: options.code } : {}) },
  });

/** The device cookie a successful sign-in sets, as a browser would send it back. */
const deviceCookieOf = (res: LightMyRequestResponse) => {
  const header = res.headers["set-cookie"];
  const value = (Array.isArray(header) ? header[0] : header) ?? "";
  return value.split(";")[0] ?? "";
};

const mailsTo = (to: string) => t.mailbox.received.filter((mail) => mail.to.includes(to));

/** 1,001 wrong passwords over 60 addresses, each address under every per-address limit. */
async function lockByGuesses(app: App, email: string) {
  for (let guess = 0; guess < 1_001; guess += 3) {
    const answers = await Promise.all(
      [0, 1, 2].map((n) => signIn(app, email, `Guess#${guess + n}`, `127.0.3.${((guess + n) % 60) + 1}`)),
    );
    for (const res of answers) expect([401, 403]).toContain(res.statusCode);
  }
}

describe("guesses spread over many addresses do not lock the owner out", () => {
  const owner = "company.editor@example.com";
  let deviceCookie = "";

  beforeAll(async () => {
    // the owner's own browser, before the attack
    const first = await signIn(t.app, owner, DEMO_PASSWORD, "127.0.0.90");
    expect(first.statusCode).toBe(200);
    deviceCookie = deviceCookieOf(first);
    expect(deviceCookie).toMatch(/^csc-device-[\w-]+=[\w-]+\.[\w-]+$/);
    expect(String(first.headers["set-cookie"])).toMatch(/HttpOnly/);
    await lockByGuesses(t.app, owner);
  }, 120_000);

  it("the owner's browser that signed in before signs in with the right password at once", async () => {
    const res = await signIn(t.app, owner, DEMO_PASSWORD, "127.0.0.90", { cookie: deviceCookie });
    expect(res.statusCode, res.body).toBe(200);
    // and from another address too: the cookie is the browser's, not the network's
    const elsewhere = await signIn(t.app, owner, DEMO_PASSWORD, "127.0.0.91", { cookie: deviceCookie });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it("a cookie made for another account, or forged, is not trusted", async () => {
    const other = await signIn(t.app, "company.viewer@example.com", DEMO_PASSWORD, "127.0.0.92");
    expect(other.statusCode).toBe(200);
    const [name, value] = deviceCookieOf(other).split("=");
    const forged = `${deviceCookie.split("=")[0]}=${value}`;
    for (const cookie of [deviceCookieOf(other), forged, `${name}=x.y`]) {
      const res = await signIn(t.app, owner, DEMO_PASSWORD, "127.0.0.92", { cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code_required: true });
    }
  });

  it("a new browser with the right password is asked for a code mailed to the account, and gets in with it", async () => {
    await t.deliverMail();
    const before = mailsTo(owner).length;
    const asked = await signIn(t.app, owner, DEMO_PASSWORD, "127.0.0.93");
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({ code_required: true });
    await t.deliverMail();
    expect(mailsTo(owner)).toHaveLength(before + 1);
    const code = /\b(\d{6})\b/.exec(mailsTo(owner).at(-1)?.text ?? "")?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const wrong = await signIn(t.app, owner, DEMO_PASSWORD, "127.0.0.93", { code: wrongCode });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errors).toHaveProperty("code");
    // the right code with a wrong password is refused exactly alike
    const guessed = await signIn(t.app, owner, "Wrong#Password1", "127.0.0.93", { code });
    expect(guessed.statusCode).toBe(401);
    expect(guessed.body).toBe(wrong.body);

    const passed = await signIn(t.app, owner, DEMO_PASSWORD, "127.0.0.93", { code });
    expect(passed.statusCode, passed.body).toBe(200);
    // the browser is trusted from now on, and the code works once
    const again = await signIn(t.app, owner, DEMO_PASSWORD, "127.0.0.93", { cookie: deviceCookieOf(passed) });
    expect(again.statusCode).toBe(200);
    const reused = await signIn(t.app, owner, DEMO_PASSWORD, "127.0.0.94", { code });
    expect(reused.statusCode).toBe(401);
  });

  it("an attacker's wrong password gets the same answer as the owner's right one, and mails nothing", async () => {
    await t.deliverMail();
    const before = mailsTo(owner).length;
    const attacker = await signIn(t.app, owner, "Another#Guess1", "127.0.0.95");
    const rightOne = await signIn(t.app, owner, DEMO_PASSWORD, "127.0.0.96");
    expect(attacker.statusCode).toBe(rightOne.statusCode);
    expect(attacker.body).toBe(rightOne.body);
    await t.deliverMail();
    expect(mailsTo(owner)).toHaveLength(before + 1);
  });
});

describe("one client flooding sign-in holds only a small share of the hashing gate", () => {
  it("turns the flood's excess away at once, and its wrong passwords get the address throttled", async () => {
    // hashes slow enough that the whole flood reaches the gate before the first one ends: Argon2id
    // at 8 times OWASP's memory (152 MiB, about 100 ms here), on PostgreSQL too, where each request
    // reads the database before it reaches the gate
    const slow = await createTestApp({
      PASSWORD_HASH_COST: "20",
      PASSWORD_HASH_CONCURRENCY: "2",
      PASSWORD_HASH_QUEUE: "16",
    });
    try {
      await floodAndThrottle(slow.app);
    } finally {
      await slow.close();
    }
  }, 60_000);
});

async function floodAndThrottle(app: App) {
  {
    const flood = await Promise.all(
      Array.from({ length: 24 }, (_, n) => signIn(app, `nobody.${n}@example.com`, "Wrong#Pass1", "127.0.4.1")),
    );
    const statuses = flood.map((res) => res.statusCode);
    // concurrency 2 and a queue of 16 give one key ceil(18 / 4) = 5 places
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 503)).toHaveLength(19);
    // only the 5 wrong passwords count (a busy refusal tried no password): 95 more, 5 at a time
    // (the address's share), reach the address's limit of 100 a minute, and then it is refused
    for (let n = 0; n < 95; n += 5) {
      const wrong = await Promise.all(
        [0, 1, 2, 3, 4].map((k) => signIn(app, `x${n + k}@example.com`, "Wrong#Pass1", "127.0.4.1")),
      );
      expect(wrong.map((res) => res.statusCode)).toEqual(Array(5).fill(401));
    }
    const refused = await signIn(app, "student@example.com", DEMO_PASSWORD, "127.0.4.1", { host: "kmc.localhost" });
    expect(refused.statusCode).toBe(429);
    // while another address signs in as usual
    const other = await signIn(app, "student@example.com", DEMO_PASSWORD, "127.0.4.2", { host: "kmc.localhost" });
    expect(other.statusCode).toBe(200);
  }
}

describe("TRUST_PROXY is a count of hops: a forged X-Forwarded-For is not a new address", () => {
  const forgot = (app: App, forwardedFor: string) =>
    app.inject({
      method: "POST",
      url: "/api/forgot-password",
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": forwardedFor },
      payload: { email: `rotating.${forwardedFor.length}.${Math.random()}@example.com` },
    });

  for (const setting of ["1", "true", "127.0.0.1"]) {
    it(`with TRUST_PROXY=${setting} a client rotating the header is still one address, and is throttled`, async () => {
      const proxied = await createTestApp({ TRUST_PROXY: setting });
      try {
        // our proxy appends the address it saw; everything left of it is the client's to write
        const statuses: number[] = [];
        for (let n = 1; n <= 11; n++)
          statuses.push((await forgot(proxied.app, `10.9.${n}.${n}, 198.51.100.7`)).statusCode);
        expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
        expect(statuses[10]).toBe(429);
        // the proxy's entry is the address: another client behind it is not throttled
        expect((await forgot(proxied.app, "198.51.100.8")).statusCode).toBe(200);
      } finally {
        await proxied.close();
      }
    });
  }

  it("refuses a TRUST_PROXY that is neither a count nor addresses at start-up", async () => {
    await expect(createTestApp({ TRUST_PROXY: "everyone" })).rejects.toThrow(/TRUST_PROXY/);
  });
});

describe("requests from one address cannot block the owner's password reset", () => {
  const forgot = (email: string, address: string) =>
    t.app.inject({ method: "POST", url: "/api/forgot-password", remoteAddress: address, payload: { email } });

  it("the owner, from another address, still gets a reset e-mail after an address has used up its share", async () => {
    const owner = "college.viewer@example.com";
    const statuses: number[] = [];
    for (let n = 0; n < 12; n++) statuses.push((await forgot(owner, "127.0.5.1")).statusCode);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    await t.deliverMail();
    const before = mailsTo(owner).length;
    const res = await forgot(owner, "127.0.5.2");
    expect(res.statusCode).toBe(200);
    await t.deliverMail();
    expect(mailsTo(owner)).toHaveLength(before + 1);
    expect(mailsTo(owner).at(-1)?.text).toMatch(/reset-password\?token=/);
  });

  it("past the account's ceiling over many addresses the answer is the same and no more mail goes out", async () => {
    const owner = "college.editor@example.com";
    const first = await forgot(owner, "127.0.6.1");
    for (let n = 2; n <= 20; n++) expect((await forgot(owner, `127.0.6.${n}`)).statusCode).toBe(200);
    await t.deliverMail();
    const sent = mailsTo(owner).length;
    const past = await forgot(owner, "127.0.6.30");
    expect(past.statusCode).toBe(200);
    expect(past.body).toBe(first.body);
    await t.deliverMail();
    expect(mailsTo(owner)).toHaveLength(sent);
  });
});
