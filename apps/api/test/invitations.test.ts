import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, body, createMailedTestApp, hostOf, type MailedTestApp, tokenFor } from "./helpers.js";

/**
 * Invitations: staff invite a person by e-mail with a role they may give; the mailed link (read
 * from a real SMTP mailbox on loopback) sets the password and signs the person in with that role,
 * once, for seven days, and not after the invitation was revoked or sent again.
 */
let t: MailedTestApp;
let collegeAdmin: string;
let collegeEditor: string;
let collegeViewer: string;
let companyAdmin: string;
let provider: string;
const PASSWORD = "Invited#2026";

beforeAll(async () => {
  t = await createMailedTestApp();
  collegeAdmin = await tokenFor(t.app, "college.admin@example.com", "kmc");
  collegeEditor = await tokenFor(t.app, "college.editor@example.com", "kmc");
  collegeViewer = await tokenFor(t.app, "college.viewer@example.com", "kmc");
  companyAdmin = await tokenFor(t.app, "company.admin@example.com", "himal");
  provider = await tokenFor(t.app, "skilllab.admin@example.com", "provider");
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Method = "GET" | "POST" | "DELETE";
const call = (token: string | null, site: string, method: Method, url: string, payload?: object, language = "en-US") =>
  t.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), host: hostOf(site), "accept-language": language },
    ...(payload ? { payload } : {}),
  });
const invite = (token: string, site: string, email: string, role: string, language = "en-US") =>
  call(token, site, "POST", "/api/invitations", { full_name: "Mina Thapa", email, role }, language);
const accept = (site: string, token: string, password = PASSWORD) =>
  call(null, site, "POST", "/api/invitations/accept", { token, password });
const linkFor = async (email: string) => (await t.mailbox.linkTo(email, "/invitation")).searchParams.get("token") ?? "";
const mailsTo = (email: string) => t.mailbox.received.filter((mail) => mail.to.includes(email));

describe("an invitation", () => {
  it("is mailed in the inviter's language and, accepted through its link, signs the person in with the role", async () => {
    const email = "mina.invited@example.com";
    const created = await invite(collegeAdmin, "kmc", email, "STUDENT", "np-NP");
    expect(created.statusCode, created.body).toBe(201);
    const row = body<Record<string, unknown>>(created);
    expect(row).toMatchObject({ email, role: "STUDENT", accepted_at: null, institution_id: expect.any(Number) });
    // what only the server keeps is in no answer
    expect(Object.keys(row)).not.toEqual(expect.arrayContaining(["token_hash"]));
    expect(JSON.stringify(row)).not.toMatch(/token|language|invited_by/);

    const link = await t.mailbox.linkTo(email, "/invitation");
    expect(link.host).toBe("kmc.localhost");
    const [mail] = mailsTo(email);
    expect(mail?.raw).toMatch(/Subject: =\?UTF-8\?/);
    expect(mail?.text).toContain("करियर सेवा केन्द्र");
    expect(mail?.text).toContain("विद्यार्थी");

    const accepted = await accept("kmc", link.searchParams.get("token") ?? "");
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { token, user } = body<{ data: { token: string; user: { email: string; role: string } } }>(accepted).data;
    expect(user).toMatchObject({ email, role: "STUDENT" });
    const profile = await call(token, "kmc", "GET", "/api/profile");
    expect(body<{ data: { role: string; institution: { subdomain: string } } }>(profile).data).toMatchObject({
      role: "STUDENT",
      institution: { subdomain: "kmc" },
    });
    // and the password chosen is theirs from now on
    const login = await call(null, "kmc", "POST", "/api/auth/login", { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);

    const read = await call(collegeAdmin, "kmc", "GET", `/api/invitations/${row.id}`);
    expect(body<{ accepted_at: string | null }>(read).accepted_at).not.toBeNull();
    // the link worked once
    const again = await accept("kmc", link.searchParams.get("token") ?? "");
    expect(again.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(again).errors.token).toMatch(/no longer valid/);
    expect((await call(collegeAdmin, "kmc", "POST", `/api/invitations/${row.id}/resend`)).statusCode).toBe(409);
  });

  it("gives only a role the inviter may give, to an address with no account and no invitation waiting", async () => {
    const refused = async (res: Awaited<ReturnType<typeof invite>>, field: string) => {
      expect(res.statusCode, res.body).toBe(400);
      return body<{ errors: Record<string, string> }>(res).errors[field];
    };
    expect(await refused(await invite(collegeEditor, "kmc", "a1@example.com", "COLLEGE_ADMIN"), "role")).toBeTruthy();
    expect(await refused(await invite(collegeAdmin, "kmc", "a2@example.com", "SUPER_ADMIN"), "role")).toBeTruthy();
    // a company's role on a college does not fit
    expect(await refused(await invite(collegeAdmin, "kmc", "a3@example.com", "EMPLOYEE"), "role")).toBeTruthy();
    expect(await refused(await invite(collegeAdmin, "kmc", "student@example.com", "STUDENT"), "email")).toBe(
      "This e-mail address already has an account.",
    );
    expect((await invite(collegeEditor, "kmc", "waiting@example.com", "STUDENT")).statusCode).toBe(201);
    expect(await refused(await invite(collegeAdmin, "kmc", "waiting@example.com", "STUDENT"), "email")).toMatch(
      /invitation waiting/,
    );
    // viewers read; they invite nobody
    expect((await invite(collegeViewer, "kmc", "a4@example.com", "STUDENT")).statusCode).toBe(403);
  });

  it("stays within its institution: another institution's staff neither read nor revoke it", async () => {
    const created = await invite(collegeAdmin, "kmc", "tenant.check@example.com", "STUDENT");
    const { id } = body<{ id: number }>(created);
    expect((await call(companyAdmin, "himal", "GET", `/api/invitations/${id}`)).statusCode).toBe(404);
    expect((await call(companyAdmin, "himal", "DELETE", `/api/invitations/${id}`)).statusCode).toBe(404);
    const theirs = await call(companyAdmin, "himal", "GET", "/api/invitations?_end=100");
    expect(body<{ email: string }[]>(theirs).map((row) => row.email)).not.toContain("tenant.check@example.com");
    expect((await call(provider, "provider", "GET", `/api/invitations/${id}`)).statusCode).toBe(200);
  });

  it("is refused once revoked, once expired, and with its old link once sent again", async () => {
    const revokedEmail = "revoked@example.com";
    const revoked = body<{ id: number }>(await invite(collegeAdmin, "kmc", revokedEmail, "STUDENT"));
    const revokedLink = await linkFor(revokedEmail);
    expect((await call(collegeAdmin, "kmc", "DELETE", `/api/invitations/${revoked.id}`)).statusCode).toBe(200);
    expect((await accept("kmc", revokedLink)).statusCode).toBe(400);

    const expiredEmail = "expired@example.com";
    const expired = body<{ id: number }>(await invite(collegeAdmin, "kmc", expiredEmail, "STUDENT"));
    const expiredLink = await linkFor(expiredEmail);
    await t.app.db
      .updateTable("invitations")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", expired.id)
      .execute();
    const late = await accept("kmc", expiredLink);
    expect(late.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(late).errors.token).toMatch(/expired/);

    // sent again: a new link, seven more days; the old one no longer works
    const resent = await call(collegeAdmin, "kmc", "POST", `/api/invitations/${expired.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    await t.deliverMail();
    expect(mailsTo(expiredEmail)).toHaveLength(2);
    const freshLink = await linkFor(expiredEmail);
    expect(freshLink).not.toBe(expiredLink);
    expect((await accept("kmc", expiredLink)).statusCode).toBe(400);
    const row = body<{ expires_at: string }>(await call(collegeAdmin, "kmc", "GET", `/api/invitations/${expired.id}`));
    expect(new Date(row.expires_at).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3_600_000);
    expect((await accept("kmc", freshLink)).statusCode).toBe(200);
  });

  it("is accepted on its own site only, with a password the rules allow, and the link still works after a refusal", async () => {
    const email = "careful@example.com";
    await invite(collegeAdmin, "kmc", email, "COLLEGE_VIEWER");
    const token = await linkFor(email);
    const weak = await accept("kmc", token, "short");
    expect(weak.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(weak).errors.password).toBeTruthy();
    const elsewhere = await accept("himal", token);
    expect(elsewhere.statusCode).toBe(403);
    expect(body<{ message: string }>(elsewhere).message).toContain("kmc.localhost");
    const accepted = await accept("kmc", token);
    expect(accepted.statusCode).toBe(200);
    expect(body<{ data: { user: { role: string } } }>(accepted).data.user.role).toBe("COLLEGE_VIEWER");
  });

  it("is refused for an unknown token, and the refusals from one address are bounded", async () => {
    const refusals = [];
    // from an address of its own, so that the other tests' refusals do not count
    for (let attempt = 0; attempt < 21; attempt++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/invitations/accept",
        headers: { host: hostOf("kmc") },
        remoteAddress: "127.0.0.21",
        payload: { token: `guess-${attempt}`, password: PASSWORD },
      });
      refusals.push(res.statusCode);
    }
    expect(refusals.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(refusals[20]).toBe(429);
  });
});
