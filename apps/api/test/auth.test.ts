import { createHmac } from "node:crypto";
import { type MenuItem, PREMIUM_TOOLTIP } from "@csc/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "./accounts.js";
import {
  bearer,
  body,
  createMailedTestApp,
  DEMO_PASSWORD,
  JWT_SECRET,
  login,
  type MailedTestApp,
  tokenFor,
} from "./helpers.js";

/** A menu as the names a person would read off the sidebar: groups as `group>child`, disabled ones marked. */
const outline = (menu: MenuItem[]): string[] =>
  menu.flatMap((item) =>
    item.children
      ? item.children.map((child) => `${item.name}>${child.name}${child.disabled ? " (disabled)" : ""}`)
      : [`${item.name}${item.disabled ? " (disabled)" : ""}`],
  );

const PROVIDER_STAFF_MENU = [
  "dashboard",
  "profile",
  "institutions",
  "learners>students",
  "learners>employees",
  "learners>imports",
  "career-roadmap",
  "self-assessment",
  "courses",
  "scholarship",
  "learning-events",
  "job-opportunities",
  "global-partners",
  "recruiters>recruiters-existing",
  "recruiters>recruiters-request",
  "enrichment-programs",
  "feature-profile",
  "users",
  "invitations",
  "join-requests",
  "configuration>program-departments",
  "configuration>tags",
  "configuration>testimonials",
];
const PROVIDER_ADMIN_MENU = [
  ...PROVIDER_STAFF_MENU,
  "activity-logs>deleted-users",
  "activity-logs>download-logs",
  "activity-logs>mail-queue",
];
const COLLEGE_STAFF_MENU = [
  "dashboard",
  "profile",
  "institution-details",
  "learners>students",
  "career-roadmap",
  "self-assessment",
  "courses",
  "learning-events",
  "job-opportunities",
  "college-recruiters",
  "enrichment-programs",
  "users",
  "invitations",
  "join-requests",
];
const COMPANY_EDITOR_MENU = [
  "dashboard",
  "profile",
  "institution-details",
  "learners>employees",
  "career-roadmap",
  "self-assessment",
  "courses",
  "scholarship",
  "learning-events",
  "job-opportunities",
  "global-partners",
  "enrichment-programs",
  "users",
  "invitations",
  "join-requests",
];
const RECRUITER_VIEWER_MENU = ["dashboard", "profile", "company-profile", "learning-events", "job-opportunities"];
const LEARNER_MENU = [
  "dashboard",
  "profile",
  "career-roadmap",
  "self-assessment",
  "courses",
  "scholarship",
  "learning-events",
  "job-opportunities",
  "global-partners",
  "users",
];

/** Menus for each demo account (the college's plan lacks scholarship and global partners). */
const EXPECTED_MENUS: Record<string, string[]> = {
  "superadmin@example.com": PROVIDER_ADMIN_MENU,
  "skilllab.admin@example.com": PROVIDER_ADMIN_MENU,
  "skilllab.editor@example.com": PROVIDER_STAFF_MENU,
  "skilllab.viewer@example.com": PROVIDER_STAFF_MENU,
  "college.admin@example.com": [
    "dashboard",
    "profile",
    "institution-details",
    "learners>students",
    "learners>imports",
    "career-roadmap",
    "self-assessment",
    "courses",
    "scholarship (disabled)",
    "learning-events",
    "job-opportunities",
    "global-partners (disabled)",
    "college-recruiters",
    "enrichment-programs",
    "institution-feature-profile",
    "users",
    "invitations",
    "join-requests",
  ],
  "college.editor@example.com": COLLEGE_STAFF_MENU,
  "college.viewer@example.com": COLLEGE_STAFF_MENU,
  "company.admin@example.com": [
    ...COMPANY_EDITOR_MENU.slice(0, 4),
    "learners>imports",
    ...COMPANY_EDITOR_MENU.slice(4, -3),
    "institution-feature-profile",
    "users",
    "invitations",
    "join-requests",
  ],
  "company.editor@example.com": COMPANY_EDITOR_MENU,
  // The employees list excludes the institution viewer
  "company.viewer@example.com": COMPANY_EDITOR_MENU.filter((name) => name !== "learners>employees"),
  "recruiter.admin@example.com": [...RECRUITER_VIEWER_MENU, "users"],
  "recruiter.editor@example.com": [...RECRUITER_VIEWER_MENU, "users"],
  "recruiter.viewer@example.com": RECRUITER_VIEWER_MENU,
  "student@example.com": LEARNER_MENU.filter((name) => name !== "scholarship" && name !== "global-partners"),
  "employee@example.com": LEARNER_MENU,
  "learner@example.com": LEARNER_MENU,
};

interface Profile {
  id: number;
  role: string;
  roles: { name: string }[];
  enabled_features: { slug: string }[];
  institution: { id: number; subdomain: string; type: string } | null;
  rules: unknown[];
}

let t: MailedTestApp;
beforeAll(async () => {
  t = await createMailedTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("the sixteen demo accounts", () => {
  it.each(DEMO_ACCOUNTS)("$email signs in on its site and gets its profile and menu", async (account) => {
    const token = await tokenFor(t.app, account.email, account.site);
    const profile = await t.app.inject({ url: "/api/profile", headers: bearer(token) });
    expect(profile.statusCode).toBe(200);
    const user = body<{ data: Profile }>(profile).data;
    expect(user.roles).toEqual([{ name: account.role }]);
    expect(user.institution?.subdomain ?? null).toBe(account.institution);
    expect(user.rules.length).toBeGreaterThan(0);
    const features = user.enabled_features.map((f) => f.slug);
    if (account.institution === "kmc") {
      expect(features).not.toContain("scholarship");
      expect(features).not.toContain("global-partner");
      expect(features).toContain("courses");
    } else {
      expect(features).toHaveLength(8);
    }

    const meta = await t.app.inject({ url: "/api/meta", headers: bearer(token) });
    expect(meta.statusCode).toBe(200);
    const { menu } = body<{ data: { menu: MenuItem[] } }>(meta).data;
    expect(outline(menu)).toEqual(EXPECTED_MENUS[account.email]);
  });

  it("shows the college admin the premium tooltip on its two disabled entries", async () => {
    const token = await tokenFor(t.app, "college.admin@example.com", "kmc");
    const { menu } = body<{ data: { menu: MenuItem[] } }>(
      await t.app.inject({ url: "/api/meta", headers: bearer(token) }),
    ).data;
    const disabled = menu.filter((item) => item.disabled);
    expect(disabled.map((item) => [item.name, item.tooltip])).toEqual([
      ["scholarship", PREMIUM_TOOLTIP],
      ["global-partners", PREMIUM_TOOLTIP],
    ]);
  });

  it("gives learners unprefixed paths and institution staff their own institution's details path", async () => {
    const student = await tokenFor(t.app, "student@example.com", "kmc");
    const studentMenu = body<{ data: { menu: MenuItem[] } }>(
      await t.app.inject({ url: "/api/meta", headers: bearer(student) }),
    ).data.menu;
    expect(studentMenu.find((item) => item.name === "self-assessment")?.path).toBe("/self-assessment?type=all");
    expect(studentMenu.find((item) => item.name === "dashboard")?.path).toBe("/dashboard");

    const editor = await tokenFor(t.app, "company.editor@example.com", "himal");
    const profile = body<{ data: Profile }>(await t.app.inject({ url: "/api/profile", headers: bearer(editor) })).data;
    const editorMenu = body<{ data: { menu: MenuItem[] } }>(
      await t.app.inject({ url: "/api/meta", headers: bearer(editor) }),
    ).data.menu;
    expect(editorMenu.find((item) => item.name === "institution-details")).toMatchObject({
      label: "Your Company",
      path: `/admin/institutions/details/${profile.institution?.id}?type=company`,
    });
  });
});

describe("signing in", () => {
  it("admits provider staff on an institution's site", async () => {
    expect((await login(t.app, "skilllab.viewer@example.com", "kmc")).statusCode).toBe(200);
  });

  it("refuses a college account on the company's site with a clear message", async () => {
    const res = await login(t.app, "college.editor@example.com", "himal");
    expect(res.statusCode).toBe(403);
    expect(body(res).message).toBe("This account does not belong to this site. Please sign in at kmc.localhost.");
  });

  it("refuses institution and recruiter accounts on the provider's site", async () => {
    expect((await login(t.app, "company.admin@example.com", "provider")).statusCode).toBe(403);
    expect((await login(t.app, "recruiter.admin@example.com", "kmc")).statusCode).toBe(403);
    expect((await login(t.app, "learner@example.com", "recruiter")).statusCode).toBe(403);
  });

  it("answers an unknown e-mail exactly as a wrong password", async () => {
    const unknown = await login(t.app, "nobody@example.com", "provider", "Whatever#123");
    const wrong = await login(t.app, "skilllab.editor@example.com", "provider", "Whatever#123");
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
  });

  it("accepts the e-mail in any letter case", async () => {
    expect((await login(t.app, "SuperAdmin@Example.com", "provider")).statusCode).toBe(200);
  });

  it("answers in Nepali when the caller asks for it", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "accept-language": "np-NP" },
      payload: { email: "nobody@example.com", password: "x" },
    });
    expect(body(res).message).toBe("इमेल वा पासवर्ड मिलेन।");
  });

  it("refuses the 21st wrong password in a minute with 429 and Retry-After", async () => {
    const email = "skilllab.viewer@example.com";
    for (let attempt = 1; attempt <= 20; attempt++) {
      const res = await login(t.app, email, "provider", `Wrong#${attempt}`);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login(t.app, email, "provider", "Wrong#21");
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    // even the right password waits until the window ends
    expect((await login(t.app, email, "provider")).statusCode).toBe(429);
    // other accounts are not affected
    expect((await login(t.app, "skilllab.editor@example.com", "provider")).statusCode).toBe(200);
  });
});

describe("tokens", () => {
  const forge = (header: object, payload: object, secret: string, algorithm = "sha256") => {
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString("base64url");
    const unsigned = `${encode(header)}.${encode(payload)}`;
    const signature = secret ? createHmac(algorithm, secret).update(unsigned).digest("base64url") : "";
    return `${unsigned}.${signature}`;
  };
  const claimsOf = (token: string) =>
    JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as Record<string, unknown>;
  const profileStatus = async (token: string) =>
    (await t.app.inject({ url: "/api/profile", headers: bearer(token) })).statusCode;

  it("refuses a missing or malformed token", async () => {
    expect((await t.app.inject({ url: "/api/profile" })).statusCode).toBe(401);
    expect(await profileStatus("not-a-token")).toBe(401);
    expect(body(await t.app.inject({ url: "/api/profile" })).message).toBe("Session expired.");
  });

  it("refuses a token replayed after logout", async () => {
    const token = await tokenFor(t.app, "learner@example.com", "provider");
    expect(await profileStatus(token)).toBe(200);
    const logout = await t.app.inject({ url: "/api/logout", headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    expect(await profileStatus(token)).toBe(401);
    expect((await t.app.inject({ url: "/api/logout", headers: bearer(token) })).statusCode).toBe(401);
  });

  it("refuses a token signed with another algorithm or another key", async () => {
    const token = await tokenFor(t.app, "superadmin@example.com", "provider");
    const claims = claimsOf(token);
    expect(await profileStatus(forge({ alg: "HS512", typ: "JWT" }, claims, JWT_SECRET, "sha512"))).toBe(401);
    expect(
      await profileStatus(forge({ alg: "HS256", typ: "JWT" }, claims, "another-secret-of-sufficient-length!!")),
    ).toBe(401);
    expect(await profileStatus(forge({ alg: "none", typ: "JWT" }, claims, ""))).toBe(401);
    // the same claims with the right algorithm and key pass, so the refusals above are about alg and key
    expect(await profileStatus(forge({ alg: "HS256", typ: "JWT" }, claims, JWT_SECRET))).toBe(200);
  });

  it("refuses an expired token", async () => {
    const token = await tokenFor(t.app, "superadmin@example.com", "provider");
    const claims = { ...claimsOf(token), iat: 1_000, exp: 2_000 };
    expect(await profileStatus(forge({ alg: "HS256", typ: "JWT" }, claims, JWT_SECRET))).toBe(401);
  });

  it("refuses earlier tokens once the account is disabled, its role changes or it is deleted", async () => {
    const { db } = t.app;
    const disabled = await tokenFor(t.app, "company.viewer@example.com", "himal");
    await db
      .updateTable("users")
      .set({ status: "disabled" })
      .where("email", "=", "company.viewer@example.com")
      .execute();
    expect(await profileStatus(disabled)).toBe(401);
    expect((await login(t.app, "company.viewer@example.com", "himal")).statusCode).toBe(403);

    const promoted = await tokenFor(t.app, "company.editor@example.com", "himal");
    await db
      .updateTable("users")
      .set({ role: "INSTITUTION_ADMIN" })
      .where("email", "=", "company.editor@example.com")
      .execute();
    expect(await profileStatus(promoted)).toBe(401);
    const fresh = await tokenFor(t.app, "company.editor@example.com", "himal");
    expect(body<{ data: Profile }>(await t.app.inject({ url: "/api/profile", headers: bearer(fresh) })).data.role).toBe(
      "INSTITUTION_ADMIN",
    );

    const removed = await tokenFor(t.app, "recruiter.viewer@example.com", "recruiter");
    await db
      .updateTable("users")
      .set({ deleted_at: new Date().toISOString() })
      .where("email", "=", "recruiter.viewer@example.com")
      .execute();
    expect(await profileStatus(removed)).toBe(401);
  });
});

describe("forgot and reset password", () => {
  it("gives the same answer for an unknown e-mail and sends nothing", async () => {
    const known = await t.app.inject({
      method: "POST",
      url: "/api/forgot-password",
      payload: { email: "employee@example.com" },
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/forgot-password",
      payload: { email: "ghost@example.com" },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const ghostMail = await t.app.db
      .selectFrom("mail_outbox")
      .select("id")
      .where("to_address", "=", "ghost@example.com")
      .execute();
    expect(ghostMail).toEqual([]);
  });

  it("resets the password from the e-mailed link on the user's own site and revokes earlier tokens", async () => {
    const email = "employee@example.com";
    const before = await tokenFor(t.app, email, "himal");
    await t.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email } });
    const link = await t.mailbox.linkTo(email, "/reset-password");
    expect(link.host).toBe("himal.localhost");
    expect(link.pathname).toBe("/reset-password");
    const token = link.searchParams.get("token") ?? "";

    const mismatch = await t.app.inject({
      method: "POST",
      url: "/api/reset-password",
      payload: { token, password: "NewPass#2027", password_confirmation: "Other#2027" },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(mismatch).errors).toHaveProperty("password_confirmation");

    const weak = await t.app.inject({
      method: "POST",
      url: "/api/reset-password",
      payload: { token, password: "short", password_confirmation: "short" },
    });
    expect(body<{ errors: Record<string, string> }>(weak).errors.password).toMatch(/at least 8 characters/);

    const reset = await t.app.inject({
      method: "POST",
      url: "/api/reset-password",
      payload: { token, password: "NewPass#2027", password_confirmation: "NewPass#2027" },
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/profile", headers: bearer(before) })).statusCode).toBe(401);
    expect((await login(t.app, email, "himal")).statusCode).toBe(401);
    expect((await login(t.app, email, "himal", "NewPass#2027")).statusCode).toBe(200);

    const again = await t.app.inject({
      method: "POST",
      url: "/api/reset-password",
      payload: { token, password: "Another#2028", password_confirmation: "Another#2028" },
    });
    expect(again.statusCode).toBe(400);
    expect(body(again).message).toMatch(/invalid or has expired/);
  });
});

describe("registration", () => {
  it("creates an unverified learner of the institution whose site it is on", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { host: "kmc.localhost" },
      payload: { full_name: "Rita Magar", email: "rita@example.com", password: "Learn#2026", phone: "+977 9800000000" },
    });
    expect(res.statusCode).toBe(201);
    const unverified = await login(t.app, "rita@example.com", "kmc", "Learn#2026");
    expect(unverified.statusCode).toBe(403);
    expect(body(unverified)).toMatchObject({ email_verified: false });

    const link = await t.mailbox.linkTo("rita@example.com", "/verify-email");
    expect(link.host).toBe("kmc.localhost");
    const verify = await t.app.inject({
      method: "POST",
      url: "/api/auth/verify-email",
      payload: { token: link.searchParams.get("token") },
    });
    expect(verify.statusCode).toBe(200);

    // the college approves who joins its site: until its staff do, she waits
    const waiting = await login(t.app, "rita@example.com", "kmc", "Learn#2026");
    expect(waiting.statusCode).toBe(403);
    expect(body(waiting)).toMatchObject({ pending_approval: true });
    const staff = await tokenFor(t.app, "college.admin@example.com", "kmc");
    const rita = await t.app.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "rita@example.com")
      .executeTakeFirstOrThrow();
    const approved = await t.app.inject({
      method: "POST",
      url: "/api/join-requests/approve",
      headers: { ...bearer(staff), host: "kmc.localhost" },
      payload: { ids: [rita.id] },
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const signedIn = await login(t.app, "rita@example.com", "kmc", "Learn#2026");
    const token = body<{ data: { token: string } }>(signedIn).data.token;
    const profile = body<{ data: Profile }>(await t.app.inject({ url: "/api/profile", headers: bearer(token) })).data;
    expect(profile.role).toBe("STUDENT");
    expect(profile.institution?.subdomain).toBe("kmc");
  });

  it("answers a taken e-mail as a new one and creates nothing", async () => {
    const count = async () =>
      (await t.app.db.selectFrom("users").select("id").where("email", "=", "student@example.com").execute()).length;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { host: "kmc.localhost" },
      payload: { full_name: "Someone Else", email: "student@example.com", password: "Learn#2026" },
    });
    expect(res.statusCode).toBe(201);
    expect(await count()).toBe(1);
    expect((await login(t.app, "student@example.com", "kmc")).statusCode).toBe(200);
  });

  it("creates a recruiter company request awaiting provider approval on the recruiter site", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { host: "recruiter.localhost" },
      payload: {
        company_name: "Annapurna Jobs",
        full_name: "Suman Gautam",
        email: "suman@annapurna.example.com",
        password: "Hire#2026x",
        phone: "01-4000000",
        website: "annapurna.example.com",
      },
    });
    expect(res.statusCode).toBe(201);
    const recruiter = await t.app.db
      .selectFrom("recruiters")
      .selectAll()
      .where("name", "=", "Annapurna Jobs")
      .executeTakeFirstOrThrow();
    expect(recruiter).toMatchObject({ status: "pending", website: "https://annapurna.example.com" });
    await t.app.db
      .updateTable("users")
      .set({ email_verified_at: new Date().toISOString() })
      .where("email", "=", "suman@annapurna.example.com")
      .execute();
    const pending = await login(t.app, "suman@annapurna.example.com", "recruiter", "Hire#2026x");
    expect(pending.statusCode).toBe(403);
    expect(body(pending).message).toMatch(/awaiting approval/);
  });

  it("puts each problem under its own field and writes nothing", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { host: "recruiter.localhost" },
      payload: { full_name: "", email: "not-an-email", password: "abc", phone: "call me", website: "not a site" },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(body<{ errors: Record<string, string> }>(res).errors).sort()).toEqual(["email", "full_name"]);
    const second = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { host: "recruiter.localhost" },
      payload: { full_name: "A B", email: "ab@example.com", password: "abc", phone: "call me", website: "not a site" },
    });
    expect(Object.keys(body<{ errors: Record<string, string> }>(second).errors).sort()).toEqual([
      "company_name",
      "password",
      "phone",
      "website",
    ]);
    const users = await t.app.db.selectFrom("users").select("id").where("email", "=", "ab@example.com").execute();
    expect(users).toEqual([]);
  });

  it("checks the demo password constant against the seed", () => {
    expect(DEMO_PASSWORD).toBe("CareerDemo#2026");
  });
});

describe("sites without wildcard DNS", () => {
  it("signs in on an institution named by X-Site-Subdomain on the provider's host", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { host: "localhost", "x-site-subdomain": "kmc" },
      payload: { email: "college.viewer@example.com", password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });

  it("never lets the header override a real institution host", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { host: "himal.localhost", "x-site-subdomain": "kmc" },
      payload: { email: "college.viewer@example.com", password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
  });
});
