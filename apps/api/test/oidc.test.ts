import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, body, createTestApp, DEMO_PASSWORD, hostOf, login, type TestApp, tokenFor } from "./helpers.js";
import { type IdentityProvider, startIdentityProvider } from "./identity-provider.js";

/**
 * Single sign-on with an institution's own identity provider: a real OpenID provider
 * (`oidc-provider`) on loopback, the demo college set up to use it through the API as its admin
 * would, and people signing in there as a browser would, up to our callback and the one-time code
 * the `/sso` page exchanges for a session.
 */
let t: TestApp;
let idp: IdentityProvider;
let collegeAdmin: string;
let provider: string;
let kmcId: number;
const callback = (site: string) => `http://${hostOf(site)}/api/auth/oidc/callback`;

type Method = "GET" | "POST" | "PATCH";
const call = (token: string | null, site: string, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), host: hostOf(site) },
    ...(payload ? { payload } : {}),
  });
const setUp = async (values: Record<string, unknown>) => {
  const res = await call(collegeAdmin, "kmc", "PATCH", `/api/institution-details/${kmcId}`, values);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

/** Where our answer sends the browser: its address, without following it. */
const location = (res: { statusCode: number; headers: Record<string, unknown> }) => {
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location), "http://kmc.localhost");
};

/** The provider's answer delivered to our callback, as the browser would (its host is the site's). */
const deliver = (answer: URL) =>
  t.app.inject({ method: "GET", url: `${answer.pathname}${answer.search}`, headers: { host: answer.host } });

/** Start on the site, sign in at the provider as `account`, and hand its answer to our callback: where `/sso` is sent. */
async function signInThrough(site: string, account: string) {
  const start = location(await call(null, site, "GET", "/api/auth/oidc/start"));
  const answer = await idp.signIn(start.href, account);
  return { answer, sso: location(await deliver(answer)) };
}
const exchange = (site: string, code: string) => call(null, site, "POST", "/api/auth/oidc/exchange", { code });

beforeAll(async () => {
  t = await createTestApp({ OIDC_ALLOW_HTTP_LOOPBACK: "true" });
  idp = await startIdentityProvider([callback("kmc"), callback("himal")]);
  collegeAdmin = await tokenFor(t.app, "college.admin@example.com", "kmc");
  provider = await tokenFor(t.app, "skilllab.admin@example.com", "provider");
  kmcId = (
    await t.app.db.selectFrom("institutions").select("id").where("subdomain", "=", "kmc").executeTakeFirstOrThrow()
  ).id;
  await setUp({
    sso_mode: "both",
    oidc_issuer: idp.issuer,
    oidc_client_id: idp.clientId,
    oidc_client_secret: idp.clientSecret,
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

describe("signing in through the institution's provider", () => {
  it("sends the browser to the provider with PKCE (S256), state and nonce, and the site says it offers it", async () => {
    const start = location(await call(null, "kmc", "GET", "/api/auth/oidc/start"));
    expect(start.origin).toBe(idp.issuer);
    expect(Object.fromEntries(start.searchParams)).toMatchObject({
      client_id: idp.clientId,
      response_type: "code",
      redirect_uri: callback("kmc"),
      code_challenge_method: "S256",
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      state: expect.any(String),
      nonce: expect.any(String),
    });
    const site = await call(null, "kmc", "GET", "/api/public/institutions/by-subdomain/kmc");
    expect(body<{ data: object }>(site).data).toMatchObject({ sso_mode: "both", sso_configured: true });
    // a site without it sends the browser back with a reason
    const elsewhere = location(await call(null, "himal", "GET", "/api/auth/oidc/start"));
    expect(`${elsewhere.pathname}${elsewhere.search}`).toBe("/sso?error=not_configured");
  });

  it("signs the demo student in: a one-time code in the address, exchanged for our own session", async () => {
    const { sso } = await signInThrough("kmc", "student@example.com");
    expect(sso.origin).toBe("http://kmc.localhost");
    expect(sso.pathname).toBe("/sso");
    // only our one-time code travels: no token of the provider's
    expect([...sso.searchParams.keys()]).toEqual(["code"]);
    const code = sso.searchParams.get("code") ?? "";
    const signedIn = await exchange("kmc", code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { token, user } = body<{ data: { token: string; user: { email: string; role: string } } }>(signedIn).data;
    expect(user).toMatchObject({ email: "student@example.com", role: "STUDENT" });
    const profile = await call(token, "kmc", "GET", "/api/profile");
    expect(profile.statusCode).toBe(200);
    expect(body<{ data: { email: string } }>(profile).data.email).toBe("student@example.com");

    // the code works once
    const again = await exchange("kmc", code);
    expect(again.statusCode).toBe(400);
    expect(body<{ errors: { code: string } }>(again).errors.code).toMatch(/expired or was used/);
  });

  it("refuses the provider's answer delivered a second time, and one for a sign-in it never started", async () => {
    const { answer, sso } = await signInThrough("kmc", "student@example.com");
    expect(sso.searchParams.get("code")).toBeTruthy();
    const replayed = location(await deliver(answer));
    expect(`${replayed.pathname}${replayed.search}`).toBe("/sso?error=state");

    const forged = new URL(answer);
    forged.searchParams.set("state", "not-a-state-we-sent");
    expect(location(await deliver(forged)).search).toBe("?error=state");
    expect(location(await call(null, "kmc", "GET", "/api/auth/oidc/callback")).search).toBe("?error=state");
  });

  it("refuses a code that is not one, and after many from one address holds that address back", async () => {
    const guess = (code: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/oidc/exchange",
        headers: { host: hostOf("kmc") },
        remoteAddress: "192.0.2.7",
        payload: { code },
      });
    for (let i = 0; i < 20; i++) expect((await guess(`wrong-${i}`)).statusCode).toBe(400);
    expect((await guess("wrong-again")).statusCode).toBe(429);
    // another address is not held back
    expect((await exchange("kmc", "wrong")).statusCode).toBe(400);
  });

  it("refuses another institution's person, and an account of nobody's institution", async () => {
    for (const email of ["employee@example.com", "skilllab.admin@example.com"]) {
      const { sso } = await signInThrough("kmc", email);
      expect(sso.search).toBe("?error=other_institution");
    }
  });

  it("lets an unknown person in only as the join policy says", async () => {
    await setUp({ join_policy: "closed" });
    expect((await signInThrough("kmc", "stranger@example.com")).sso.search).toBe("?error=unknown_person");

    await setUp({ join_policy: "domain", join_domains: ["kmc.edu.np"] });
    expect((await signInThrough("kmc", "stranger@example.com")).sso.search).toBe("?error=outside_domains");
    const joined = await signInThrough("kmc", "new.student@kmc.edu.np");
    const signedIn = await exchange("kmc", joined.sso.searchParams.get("code") ?? "");
    expect(body<{ data: { user: { role: string } } }>(signedIn).data.user.role).toBe("STUDENT");

    await setUp({ join_policy: "approval" });
    expect((await signInThrough("kmc", "waiting@example.com")).sso.search).toBe("?error=pending_approval");
    const waiting = await t.app.db
      .selectFrom("users")
      .select(["status", "institution_id"])
      .where("email", "=", "waiting@example.com")
      .executeTakeFirstOrThrow();
    expect(waiting).toEqual({ status: "pending", institution_id: kmcId });
    // the staff see the request to join
    const requests = await call(collegeAdmin, "kmc", "GET", "/api/join-requests?_end=100");
    expect(body<{ email: string }[]>(requests).map((row) => row.email)).toContain("waiting@example.com");
  });

  it("refuses an answer without a verified e-mail address", async () => {
    idp.accounts.set("no-mail", { name: "Nobody" });
    idp.accounts.set("unverified", { email: "student@example.com", email_verified: false });
    expect((await signInThrough("kmc", "no-mail")).sso.search).toBe("?error=no_email");
    expect((await signInThrough("kmc", "unverified")).sso.search).toBe("?error=no_email");
  });
});

describe("single sign-on only", () => {
  afterAll(async () => {
    await setUp({ sso_mode: "both" });
  });

  it("refuses the site's people their password and sign-up, but not provider staff", async () => {
    await setUp({ sso_mode: "sso" });
    const site = await call(null, "kmc", "GET", "/api/public/institutions/by-subdomain/kmc");
    expect(body<{ data: object }>(site).data).toMatchObject({ sso_mode: "sso", sso_configured: true });

    const refused = await login(t.app, "student@example.com", "kmc");
    expect(refused.statusCode).toBe(403);
    expect(body<{ message: string }>(refused).message).toContain("Sign in with Kathmandu Model College");
    const registered = await call(null, "kmc", "POST", "/api/auth/register", {
      full_name: "Asha Gurung",
      email: "asha.sso@example.com",
      password: "Joining#2026",
    });
    expect(registered.statusCode).toBe(403);
    expect((await login(t.app, "skilllab.admin@example.com", "kmc", DEMO_PASSWORD)).statusCode).toBe(200);
    // another institution keeps its passwords
    expect((await login(t.app, "employee@example.com", "himal")).statusCode).toBe(200);
    // and the provider's way in still works
    const { sso } = await signInThrough("kmc", "student@example.com");
    expect((await exchange("kmc", sso.searchParams.get("code") ?? "")).statusCode).toBe(200);
  });

  it("is not turned on without a provider to sign in through", async () => {
    const himal = await t.app.db
      .selectFrom("institutions")
      .select("id")
      .where("subdomain", "=", "himal")
      .executeTakeFirstOrThrow();
    const res = await call(provider, "provider", "PATCH", `/api/institutions/${himal.id}`, { sso_mode: "sso" });
    expect(res.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(res).errors).toHaveProperty("sso_mode");
    const insecure = await call(provider, "provider", "PATCH", `/api/institutions/${himal.id}`, {
      oidc_issuer: "http://login.himal.example",
    });
    expect(body<{ errors: Record<string, string> }>(insecure).errors).toHaveProperty("oidc_issuer");
  });
});

describe("the client secret", () => {
  it("is in no answer, to anyone: lists, records, exports, meta, the OpenAPI document, the public site", async () => {
    const answers = [
      await call(provider, "provider", "GET", "/api/institutions?_end=100"),
      await call(provider, "provider", "GET", `/api/institutions/${kmcId}`),
      await call(provider, "provider", "GET", "/api/institutions/export"),
      await call(provider, "provider", "GET", "/api/institutions/export?format=xlsx"),
      await call(provider, "provider", "PATCH", `/api/institutions/${kmcId}`, { oidc_client_secret: idp.clientSecret }),
      await call(collegeAdmin, "kmc", "GET", `/api/institution-details/${kmcId}`),
      await call(collegeAdmin, "kmc", "GET", "/api/institution-details?_end=10"),
      await call(collegeAdmin, "kmc", "PATCH", `/api/institution-details/${kmcId}`, {
        name: "Kathmandu Model College",
      }),
      await call(provider, "provider", "GET", "/api/meta"),
      await call(collegeAdmin, "kmc", "GET", "/api/meta"),
      await call(null, "kmc", "GET", "/api/public/institutions/by-subdomain/kmc"),
      await call(collegeAdmin, "kmc", "GET", `/api/institution/${kmcId}`),
      await call(null, "provider", "GET", "/api/docs"),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(300);
      expect(res.rawPayload.includes(Buffer.from(idp.clientSecret))).toBe(false);
    }
    const [list, one] = answers.map((res) => res.body);
    expect(list).not.toContain("oidc_client_secret");
    expect(one).not.toContain("oidc_client_secret");
    expect(one).toContain("oidc_client_id");

    // the form knows the field is there to write, never what it holds
    const meta = body<{ data: { resources: { name: string; fields: { name: string; writeOnly?: boolean }[] }[] } }>(
      answers[9] as never,
    );
    const details = meta.data.resources.find((resource) => resource.name === "institution-details");
    expect(details?.fields.find((field) => field.name === "oidc_client_secret")).toMatchObject({ writeOnly: true });

    // no answer's schema names it; only the bodies that write it do
    const docs = body<{ paths: Record<string, Record<string, { responses: object }>> }>(
      answers[answers.length - 1] as never,
    );
    const responses = JSON.stringify(
      Object.values(docs.paths).flatMap((methods) => Object.values(methods).map((op) => op.responses)),
    );
    expect(responses).not.toContain("oidc_client_secret");
  });

  it("is kept when written blank, and replaced when written", async () => {
    await setUp({ oidc_client_secret: "", oidc_client_id: idp.clientId });
    const stored = () =>
      t.app.db
        .selectFrom("institutions")
        .select("oidc_client_secret")
        .where("id", "=", kmcId)
        .executeTakeFirstOrThrow();
    expect((await stored()).oidc_client_secret).toBe(idp.clientSecret);
    await setUp({ oidc_client_secret: null });
    expect((await stored()).oidc_client_secret).toBe(idp.clientSecret);
    const { sso } = await signInThrough("kmc", "student@example.com");
    expect(sso.searchParams.get("code")).toBeTruthy();

    await setUp({ oidc_client_secret: "a-wrong-secret" });
    expect((await signInThrough("kmc", "student@example.com")).sso.search).toBe("?error=provider");
    await setUp({ oidc_client_secret: idp.clientSecret });
  });
});

describe("test mode", () => {
  it("shows the staff member what the provider answered, and signs nobody in", async () => {
    const codes = () => t.app.db.selectFrom("oidc_results").select("id").where("user_id", "is not", null).execute();
    const before = await codes();
    const started = await call(collegeAdmin, "kmc", "GET", "/api/auth/oidc/start?test=1");
    expect(started.statusCode, started.body).toBe(200);
    const url = body<{ data: { url: string } }>(started).data.url;
    idp.accounts.set("tester", { email: "someone.new@example.com", email_verified: true, name: "Someone New" });
    const sso = location(await deliver(await idp.signIn(url, "tester")));
    expect([...sso.searchParams.keys()]).toEqual(["test"]);
    const id = sso.searchParams.get("test") ?? "";

    const result = await call(collegeAdmin, "kmc", "GET", `/api/auth/oidc/test/${id}`);
    expect(result.statusCode, result.body).toBe(200);
    expect(body<{ data: object }>(result).data).toMatchObject({
      institution: "Kathmandu Model College",
      issuer: idp.issuer,
      subject: "tester",
      email: "someone.new@example.com",
      email_verified: true,
      name: "Someone New",
      claims: expect.objectContaining({ sub: "tester", aud: idp.clientId }),
    });
    // nobody else reads it, nobody was made, and no code was issued
    expect((await call(provider, "provider", "GET", `/api/auth/oidc/test/${id}`)).statusCode).toBe(404);
    const made = await t.app.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "someone.new@example.com")
      .executeTakeFirst();
    expect(made).toBeUndefined();
    expect(await codes()).toEqual(before);
  });

  it("is for staff who may change the institution's single sign-on: provider staff name it", async () => {
    expect((await call(null, "kmc", "GET", "/api/auth/oidc/start?test=1")).statusCode).toBe(401);
    const student = await tokenFor(t.app, "employee@example.com", "himal");
    expect((await call(student, "himal", "GET", "/api/auth/oidc/start?test=1")).statusCode).toBe(403);
    const viewer = await tokenFor(t.app, "college.viewer@example.com", "kmc");
    expect((await call(viewer, "kmc", "GET", "/api/auth/oidc/start?test=1")).statusCode).toBe(403);
    const company = await tokenFor(t.app, "company.admin@example.com", "himal");
    expect(
      (await call(company, "himal", "GET", `/api/auth/oidc/start?test=1&institution_id=${kmcId}`)).statusCode,
    ).toBe(403);
    const byProvider = await call(provider, "provider", "GET", `/api/auth/oidc/start?test=1&institution_id=${kmcId}`);
    expect(byProvider.statusCode, byProvider.body).toBe(200);
    const sso = location(
      await deliver(await idp.signIn(body<{ data: { url: string } }>(byProvider).data.url, "x@y.np")),
    );
    // back to the site the tester started from
    expect(sso.origin).toBe("http://localhost");
    expect(
      (await call(provider, "provider", "GET", `/api/auth/oidc/test/${sso.searchParams.get("test")}`)).statusCode,
    ).toBe(200);
  });
});
