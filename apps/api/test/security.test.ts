import { PassThrough } from "node:stream";
import { PostingMatchProperties, postingTypeOf, type ResourceMeta, roleKind } from "@csc/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "./accounts.js";
import {
  bearer,
  body,
  createMailedTestApp,
  createTestApp,
  DEMO_PASSWORD,
  login,
  type MailedTestApp,
  type TestApp,
  tokenFor,
} from "./helpers.js";

/**
 * Each finding of the outside probe, written as the attack it stops. Runs on SQLite and,
 * with TEST_POSTGRES_URL, on PostgreSQL.
 */

let t: MailedTestApp;
beforeAll(async () => {
  t = await createMailedTestApp();
});
afterAll(async () => {
  await t.close();
});

const forgot = (app: TestApp["app"], email: string) =>
  app.inject({ method: "POST", url: "/api/forgot-password", payload: { email } });

describe("a read-only Skill Lab Viewer cannot take over the Super Admin account (finding 1)", () => {
  it("refuses the outbox to the viewer, and the outbox never holds the reset link", async () => {
    expect((await forgot(t.app, "superadmin@example.com")).statusCode).toBe(200);
    const link = await t.mailbox.linkTo("superadmin@example.com", "/reset-password");
    await t.deliverMail();
    const secret = link.searchParams.get("token") ?? "";
    expect(secret.length).toBeGreaterThan(20);

    const viewer = await tokenFor(t.app, "skilllab.viewer@example.com", "provider");
    const refused = await t.app.inject({ url: "/api/mail-outbox", headers: bearer(viewer) });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(secret);

    // the provider's administrators see who, what and when — never the secret
    for (const email of ["superadmin@example.com", "skilllab.admin@example.com"]) {
      const admin = await tokenFor(t.app, email, "provider");
      const res = await t.app.inject({
        url: "/api/mail-outbox?to_address=superadmin@example.com",
        headers: bearer(admin),
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(secret);
      const [mail] = body<{ subject: string; status: string; text_body: string }[]>(res);
      expect(mail).toMatchObject({ subject: "Reset your password", status: "sent" });
      expect(mail?.text_body).toContain("token=[redacted]");
    }
    const stored = await t.app.db.selectFrom("mail_outbox").select("text_body").execute();
    expect(stored.some((row) => row.text_body.includes(secret))).toBe(false);
  });

  it("keeps invitation links out of the outbox too", async () => {
    const admin = await tokenFor(t.app, "superadmin@example.com", "provider");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/users",
      headers: bearer(admin),
      payload: { full_name: "Invited Editor", email: "invited.editor@example.com", role: "SKILLLAB_EDITOR" },
    });
    expect(created.statusCode).toBe(201);
    const link = await t.mailbox.linkTo("invited.editor@example.com", "/reset-password");
    await t.deliverMail();
    const secret = link.searchParams.get("token") ?? "";
    const res = await t.app.inject({ url: "/api/mail-outbox", headers: bearer(admin) });
    expect(res.body).toContain("invited.editor@example.com");
    expect(res.body).not.toContain(secret);
  });

  it("on the embedded default (no SMTP) writes the links to the server's log for the developer", async () => {
    const log = new PassThrough();
    let output = "";
    log.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    const local = await createTestApp({ LOG_LEVEL: "info" }, { logger: true, logStream: log });
    try {
      await forgot(local.app, "learner@example.com");
      await local.app.mailQueue.drain();
      const logged = /https?:\/\/[^\s"\\]+\/reset-password\?token=[\w-]+/.exec(output)?.[0];
      expect(logged).toBeDefined();
      const token = new URL(logged ?? "").searchParams.get("token");
      const outbox = await local.app.db.selectFrom("mail_outbox").selectAll().execute();
      expect(outbox).toHaveLength(1);
      expect(outbox[0]).toMatchObject({ to_address: "learner@example.com", status: "logged" });
      expect(outbox[0]?.text_body).not.toContain(token);
      // the logged link works
      const reset = await local.app.inject({
        method: "POST",
        url: "/api/reset-password",
        payload: { token, password: "Logged#Link2026", password_confirmation: "Logged#Link2026" },
      });
      expect(reset.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe("self-assessment answers never reach learners (finding 2)", () => {
  const answersIn = (value: unknown): number => JSON.stringify(value).match(/"answer"/g)?.length ?? 0;

  it("hides every question's answer from a student in the list, the detail and many-by-id", async () => {
    const student = await tokenFor(t.app, "student@example.com", "kmc");
    const list = await t.app.inject({ url: "/api/self-assessment?_start=0&_end=100", headers: bearer(student) });
    expect(list.statusCode).toBe(200);
    const rows = body<{ id: number; questions: { question: string }[] }[]>(list);
    const withQuestions = rows.filter((row) => row.questions.length > 0);
    expect(withQuestions.length).toBeGreaterThan(0);
    expect(answersIn(rows)).toBe(0);

    const first = withQuestions[0]?.id;
    const one = await t.app.inject({ url: `/api/self-assessment/${first}`, headers: bearer(student) });
    expect(one.statusCode).toBe(200);
    expect(body<{ questions: unknown[] }>(one).questions.length).toBeGreaterThan(0);
    expect(answersIn(body(one))).toBe(0);

    const many = await t.app.inject({
      url: `/api/self-assessment?${rows.map((row) => `id=${row.id}`).join("&")}`,
      headers: bearer(student),
    });
    expect(answersIn(body(many))).toBe(0);
  });

  it("still gives the answer key to the staff who write the assessment", async () => {
    const staff = await tokenFor(t.app, "skilllab.admin@example.com", "provider");
    const list = await t.app.inject({ url: "/api/self-assessment?_start=0&_end=100", headers: bearer(staff) });
    expect(answersIn(body(list))).toBeGreaterThan(0);
    const csv = await t.app.inject({ url: "/api/self-assessment/export", headers: bearer(staff) });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("answer");
  });

  it.each(DEMO_ACCOUNTS)("sends $email exactly the fields its meta lists, in every row", async (account) => {
    const token = await tokenFor(t.app, account.email, account.site);
    const meta = body<{ data: { resources: ResourceMeta[] } }>(
      await t.app.inject({ url: "/api/meta", headers: bearer(token) }),
    ).data.resources;
    for (const resource of meta) {
      // a write-only field (a client secret) is listed for the form to write, and never sent
      const fields = resource.fields.filter((field) => !field.writeOnly).map((field) => field.name);
      // and a posting a learner reads carries its skill match beside its fields (DESIGN §5b)
      const match =
        roleKind(account.role) === "learner" && postingTypeOf(resource.name) ? Object.keys(PostingMatchProperties) : [];
      const listed = [...fields, ...match].sort();
      const list = await t.app.inject({ url: `/api/${resource.name}?_start=0&_end=5`, headers: bearer(token) });
      expect(list.statusCode, `${resource.name}: ${list.body.slice(0, 200)}`).toBe(200);
      for (const row of body<Record<string, unknown>[]>(list)) {
        expect(Object.keys(row).sort(), `${account.email} ${resource.name}`).toEqual(listed);
        const one = await t.app.inject({ url: `/api/${resource.name}/${row.id}`, headers: bearer(token) });
        expect(Object.keys(body(one)).sort(), `${account.email} ${resource.name}/${row.id}`).toEqual(listed);
      }
      // the applicant export is the applicant table under its labels (applications-export.test.ts)
      if (resource.actions.includes("export") && resource.name !== "applications") {
        const csv = await t.app.inject({ url: `/api/${resource.name}/export`, headers: bearer(token) });
        const header = csv.body.replace(/^\uFEFF/, "").split("\r\n")[0] ?? "";
        const columns = header.split(",").map((column) => column.replace(/^"|"$/g, ""));
        expect(columns.sort(), `${account.email} ${resource.name} export`).toEqual(fields.sort());
      }
    }
  });
});

describe("registration does not tell a taken e-mail apart (finding 3)", () => {
  const register = (app: TestApp["app"], email: string, address: string) =>
    app.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: address,
      payload: { full_name: "Probe Person", email, password: "Probe#Pass2026" },
    });

  it("answers a new and a taken address with the same status and body, and no account id", async () => {
    const fresh = await register(t.app, "brand.new.person@example.com", "127.0.0.21");
    const taken = await register(t.app, "student@example.com", "127.0.0.22");
    expect(fresh.statusCode).toBe(201);
    expect(taken.statusCode).toBe(201);
    expect(taken.body).toBe(fresh.body);
    expect(Object.keys(body(fresh))).toEqual(["message"]);
  });

  it("spends the password hash on a taken address as on a new one", async () => {
    // the hash is nearly all of the answer's time (~0.4 s at the production cost, ~1 ms to look up
    // an address): counting hashes is the timing check that a busy test machine cannot blur
    const hashing = t.app.passwords;
    const hash = hashing.hash;
    let hashes = 0;
    hashing.hash = async (password) => {
      hashes++;
      return hash(password);
    };
    try {
      await register(t.app, "another.new.person@example.com", "127.0.0.23");
      expect(hashes).toBe(1);
      await register(t.app, "employee@example.com", "127.0.0.24");
      expect(hashes).toBe(2);
    } finally {
      hashing.hash = hash;
    }
  });
});

describe("an attacker's failures do not lock the owner out, and hashing cannot be exhausted (finding 4)", () => {
  const owner = "college.editor@example.com";
  const attempt = (app: TestApp["app"], email: string, password: string, address: string) =>
    app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: address,
      headers: { host: "kmc.localhost" },
      payload: { email, password },
    });

  it("throttles the attacker's address, and the owner signs in from their own", async () => {
    for (let n = 1; n <= 20; n++)
      expect((await attempt(t.app, owner, `Wrong#${n}`, "127.0.0.66")).statusCode).toBe(401);
    const blocked = await attempt(t.app, owner, "Wrong#21", "127.0.0.66");
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect((await attempt(t.app, owner, DEMO_PASSWORD, "127.0.0.66")).statusCode).toBe(429);
    expect((await attempt(t.app, owner, DEMO_PASSWORD, "127.0.0.1")).statusCode).toBe(200);
  });

  it("stops guessing spread over many addresses at the account's ceiling: past it a new browser needs a mailed code", async () => {
    const target = "company.viewer@example.com";
    let refusedAt = 0;
    let letThrough = 0;
    // one guess from each address stays under every per-address limit; batches of 3 stay within
    // the share of the hashing gate one account may hold
    for (let batch = 0; batch < 400 && refusedAt === 0; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 3 }, (_, n) =>
          attempt(
            t.app,
            target,
            `Guess#${batch}-${n}`,
            `127.0.${10 + (batch % 200)}.${n + 1 + 3 * Math.floor(batch / 200)}`,
          ),
        ),
      );
      const statuses = answers.map((res) => res.statusCode);
      expect(statuses.filter((status) => status !== 401 && status !== 403)).toEqual([]);
      letThrough += statuses.filter((status) => status === 401).length;
      if (statuses.includes(403)) {
        refusedAt = batch * 3 + statuses.indexOf(403) + 1;
        expect(body(answers[statuses.indexOf(403)] as (typeof answers)[number])).toMatchObject({ code_required: true });
      }
    }
    // the ceiling is 1,000: that many guesses were checked and refused as wrong first (the three of
    // a batch may be served in any order, so the refused one's place in its batch says less), and
    // guesses already past the check when it was reached still count
    expect(letThrough).toBeGreaterThanOrEqual(1_000);
    expect(refusedAt).toBeGreaterThanOrEqual(1_000);
    expect(refusedAt).toBeLessThanOrEqual(1_000 + 3);
  }, 120_000);

  it("answers 503 with Retry-After when hashing is at capacity instead of queueing without limit", async () => {
    // the production cost (about 20 ms a hash here): at 14 (2 ms) the first hash could end before
    // the eighth request, slowed by its PostgreSQL look-ups, reached the gate, and none was turned away
    const small = await createTestApp({
      PASSWORD_HASH_COST: "17",
      PASSWORD_HASH_CONCURRENCY: "1",
      PASSWORD_HASH_QUEUE: "1",
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          small.app.inject({
            method: "POST",
            url: "/api/auth/login",
            remoteAddress: `127.0.2.${n + 1}`,
            payload: { email: `nobody.${n}@example.com`, password: "Wrong#Pass1" },
          }),
        ),
      );
      const busy = answers.filter((res) => res.statusCode === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(busy.length).toBeLessThanOrEqual(6);
      expect(busy[0]?.headers["retry-after"]).toBe("1");
      expect(body(busy[0] as (typeof answers)[number]).message).toMatch(/busy/i);
      expect(answers.filter((res) => res.statusCode === 401).length).toBeGreaterThanOrEqual(2);
      // the gate frees itself: a sign-in right after succeeds
      expect((await login(small.app, "superadmin@example.com", "provider")).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe("personal answers are never cached, and HTTPS is pinned behind a proxy (finding 7)", () => {
  it("sends Cache-Control: no-store on authenticated JSON and CSV answers", async () => {
    const admin = await tokenFor(t.app, "superadmin@example.com", "provider");
    for (const url of ["/api/profile", "/api/meta", "/api/courses", "/api/courses/export", "/api/mail-outbox"]) {
      const res = await t.app.inject({ url, headers: bearer(admin) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
  });

  it("sends HSTS when TRUST_PROXY says the request came over HTTPS, and not otherwise", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "true" });
    try {
      const secure = await proxied.app.inject({
        url: "/api/public/config",
        headers: { "x-forwarded-proto": "https", "x-forwarded-host": "localhost" },
      });
      expect(secure.headers["strict-transport-security"]).toMatch(/max-age=\d{8,}/);
      const plain = await proxied.app.inject({ url: "/api/public/config" });
      expect(plain.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await proxied.close();
    }
    // without a trusted proxy a forged header changes nothing
    const forged = await t.app.inject({ url: "/api/public/config", headers: { "x-forwarded-proto": "https" } });
    expect(forged.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("rules both sides read", () => {
  it("lets no admin delete their own account, from the API either", async () => {
    for (const [email, site, resource] of [
      ["superadmin@example.com", "provider", "users"],
      ["company.admin@example.com", "himal", "users"],
    ] as const) {
      const token = await tokenFor(t.app, email, site);
      const me = body<{ data: { id: number } }>(
        await t.app.inject({ url: "/api/profile", headers: bearer(token) }),
      ).data;
      const res = await t.app.inject({ method: "DELETE", url: `/api/${resource}/${me.id}`, headers: bearer(token) });
      expect(res.statusCode, email).toBe(404);
      const row = await t.app.db.selectFrom("users").select("deleted_at").where("id", "=", me.id).executeTakeFirst();
      expect(row?.deleted_at, email).toBeNull();
    }
  });
});
