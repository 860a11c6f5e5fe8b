import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, body, createMailedTestApp, hostOf, login, type MailedTestApp, tokenFor } from "./helpers.js";

/**
 * Who may join an institution's site: the demo college approves each person, the demo company
 * takes addresses of its e-mail domain, and a closed site takes nobody. Answers are mailed to a
 * real SMTP mailbox on loopback.
 */
let t: MailedTestApp;
let collegeAdmin: string;
let companyAdmin: string;
let provider: string;
const PASSWORD = "Joining#2026";

beforeAll(async () => {
  t = await createMailedTestApp();
  collegeAdmin = await tokenFor(t.app, "college.admin@example.com", "kmc");
  companyAdmin = await tokenFor(t.app, "company.admin@example.com", "himal");
  provider = await tokenFor(t.app, "skilllab.admin@example.com", "provider");
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Method = "GET" | "POST" | "PATCH";
const call = (token: string | null, site: string, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), host: hostOf(site) },
    ...(payload ? { payload } : {}),
  });
const register = (site: string, email: string, fullName = "Asha Gurung") =>
  call(null, site, "POST", "/api/auth/register", { full_name: fullName, email, password: PASSWORD });
/** Registers and follows the mailed link, as the person would. */
async function registerVerified(site: string, email: string, fullName?: string) {
  const res = await register(site, email, fullName);
  expect(res.statusCode, res.body).toBe(201);
  const link = await t.mailbox.linkTo(email, "/verify-email");
  const verified = await call(null, site, "POST", "/api/auth/verify-email", { token: link.searchParams.get("token") });
  expect(verified.statusCode).toBe(200);
  return res;
}
const userId = async (email: string) =>
  (await t.app.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
const mailTo = (email: string, pattern: RegExp) =>
  t.mailbox.received.find((mail) => mail.to.includes(email) && pattern.test(mail.text));
const institutionId = async (subdomain: string) =>
  (await t.app.db.selectFrom("institutions").select("id").where("subdomain", "=", subdomain).executeTakeFirstOrThrow())
    .id;

describe("joining the demo college (approval)", () => {
  it("waits for its staff, who approve; the person is mailed and signs in as a student", async () => {
    const email = "asha.waits@example.com";
    const registered = await registerVerified("kmc", email);
    expect(body<{ message: string }>(registered).message).toContain("Kathmandu Model College");
    const waiting = await login(t.app, email, "kmc", PASSWORD);
    expect(waiting.statusCode).toBe(403);
    expect(body(waiting)).toMatchObject({ pending_approval: true, message: expect.stringMatching(/waiting/) });

    const requests = await call(collegeAdmin, "kmc", "GET", "/api/join-requests?_end=100");
    expect(body<{ email: string; email_verified_at: string | null }[]>(requests)).toEqual(
      expect.arrayContaining([expect.objectContaining({ email, email_verified_at: expect.any(String) })]),
    );
    // not another institution's to see or decide
    const theirs = await call(companyAdmin, "himal", "GET", "/api/join-requests?_end=100");
    expect(body<{ email: string }[]>(theirs).map((row) => row.email)).not.toContain(email);
    const id = await userId(email);
    expect((await call(companyAdmin, "himal", "POST", "/api/join-requests/approve", { ids: [id] })).statusCode).toBe(
      404,
    );

    const approved = await call(collegeAdmin, "kmc", "POST", "/api/join-requests/approve", { ids: [id] });
    expect(approved.statusCode, approved.body).toBe(200);
    await expect.poll(() => mailTo(email, /approved/)?.text ?? "").toContain("http://kmc.localhost");
    expect(mailTo(email, /approved/)?.text).toContain("स्वीकृत");
    const signedIn = await login(t.app, email, "kmc", PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(body<{ data: { user: { role: string } } }>(signedIn).data.user.role).toBe("STUDENT");
    // decided once: no longer a request
    const after = await call(collegeAdmin, "kmc", "GET", "/api/join-requests?_end=100");
    expect(body<{ email: string }[]>(after).map((row) => row.email)).not.toContain(email);
  });

  it("is rejected with a reason the person is mailed; the account is gone", async () => {
    const email = "ram.declined@example.com";
    await registerVerified("kmc", email, "Ram Karki");
    const id = await userId(email);
    const noReason = await call(collegeAdmin, "kmc", "POST", "/api/join-requests/reject", { ids: [id] });
    expect(noReason.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(noReason).errors.reason).toBeTruthy();
    const rejected = await call(collegeAdmin, "kmc", "POST", "/api/join-requests/reject", {
      ids: [id],
      reason: "You are not enrolled at this college.",
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await expect
      .poll(() => mailTo(email, /not approved/)?.text ?? "")
      .toContain("You are not enrolled at this college.");
    expect((await login(t.app, email, "kmc", PASSWORD)).statusCode).toBe(401);
    const deleted = await call(provider, "provider", "GET", `/api/deleted-users?q=${email}`);
    expect(body<{ delete_reason: string }[]>(deleted)[0]?.delete_reason).toBe("You are not enrolled at this college.");
  });
});

describe("joining the demo company (its e-mail domain)", () => {
  it("refuses an address outside the domain under the e-mail field and takes one of it at once", async () => {
    const outside = await register("himal", "someone@gmail.com");
    expect(outside.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(outside).errors.email).toBe(
      "Only addresses of himal.example.com may register on this site.",
    );
    expect(await t.app.db.selectFrom("users").select("id").where("email", "=", "someone@gmail.com").execute()).toEqual(
      [],
    );
    const email = "new.hire@himal.example.com";
    await registerVerified("himal", email);
    const signedIn = await login(t.app, email, "himal", PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(body<{ data: { user: { role: string } } }>(signedIn).data.user.role).toBe("EMPLOYEE");
  });
});

describe("a closed site, and setting the policy", () => {
  it("a new institution starts closed; an institution admin sets its policy and domains, checked under the fields", async () => {
    const created = await call(provider, "provider", "POST", "/api/institutions", {
      name: "Pokhara Polytechnic",
      subdomain: "pokhara",
      type: "college",
      primary_color: "#123456",
      secondary_color: "#654321",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(body<{ join_policy: string }>(created).join_policy).toBe("closed");
    const closed = await register("pokhara", "hopeful@example.com");
    expect(closed.statusCode).toBe(403);
    expect(body<{ message: string }>(closed).message).toMatch(/does not take sign-ups/);

    const kmc = await institutionId("kmc");
    const setting = (payload: object) => call(collegeAdmin, "kmc", "PATCH", `/api/institution-details/${kmc}`, payload);
    // no domain listed: nobody may register, as on a closed site
    expect((await setting({ join_policy: "domain", join_domains: [] })).statusCode).toBe(200);
    expect((await register("kmc", "asha@kmc.edu.np")).statusCode).toBe(403);
    const badDomain = await setting({ join_policy: "domain", join_domains: ["@kmc.edu.np"] });
    expect(body<{ errors: Record<string, string> }>(badDomain).errors.join_domains).toMatch(/lower case/);
    const ok = await setting({ join_policy: "domain", join_domains: ["kmc.edu.np"] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await register("kmc", "asha@kmc.edu.np")).statusCode).toBe(201);
    expect((await register("kmc", "asha@gmail.com")).statusCode).toBe(400);
    expect((await setting({ join_policy: "closed" })).statusCode).toBe(200);
    expect((await register("kmc", "late@kmc.edu.np")).statusCode).toBe(403);
    expect((await setting({ join_policy: "approval", join_domains: [] })).statusCode).toBe(200);
  });
});
