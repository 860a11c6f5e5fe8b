import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type IdentityProvider, startIdentityProvider } from "../../apps/api/test/identity-provider";
import { launchBrowser, newContext } from "./playwright.config";
import { api, callApi, fillLogin, textOf } from "./support/app";
import { seriousViolations, settleScreen } from "./support/axe";
import { chooseField, expectToast, fieldOf, fillField, save } from "./support/resources";
import { type RunningServer, startServer } from "./support/server";

/**
 * Single sign-on in the built app, against a real OpenID provider (`oidc-provider`) on loopback:
 * the demo college's admin sets its provider up in the college's form, the demo student signs in
 * through it and lands on their dashboard, and every refusal (a forged answer, a spent code,
 * another institution's person, a stranger on a closed site) says in words what happened. With
 * single sign-on only, the password form is gone and the API refuses a password.
 */
let server: RunningServer;
let idp: IdentityProvider;
let browser: Browser;
const contexts: BrowserContext[] = [];
let admin: Page;
let kmcId: number;

const fresh = async () => {
  const context = await newContext(browser);
  contexts.push(context);
  return context.newPage();
};
const kmc = (path: string) => `${server.origin("kmc")}${path}`;

async function expectClean(page: Page, name: string) {
  await settleScreen(page);
  expect(await seriousViolations(page), name).toEqual([]);
}

/** From the college's sign-in page through the provider's, signed in there as `account`. */
async function signInThrough(page: Page, account: string) {
  await page.goto(kmc("/login"));
  await page.getByTestId("login-sso").click();
  await page.waitForURL((url) => url.origin === idp.issuer);
  await page.locator("#login").fill(account);
  await page.locator("button[type=submit]").click();
}

/** The message `/sso` shows for a refusal. */
async function refusal(page: Page) {
  await page.waitForURL((url) => url.pathname === "/sso");
  const message = page.locator(".ant-result-subtitle");
  await message.waitFor();
  return textOf(message);
}

const setUp = (values: Record<string, unknown>) => api(admin, "PATCH", `/api/institution-details/${kmcId}`, values);

describe("single sign-on", () => {
  beforeAll(async () => {
    server = await startServer({ OIDC_ALLOW_HTTP_LOOPBACK: "true" });
    idp = await startIdentityProvider([kmc("/api/auth/oidc/callback")]);
    browser = await launchBrowser();
    admin = await fresh();
    await admin.goto(kmc("/login"));
    await fillLogin(admin, "college.admin@example.com");
    await admin.waitForURL((url) => url.pathname.startsWith("/admin"));
    kmcId = (await api<{ data: { institution: { id: number } } }>(admin, "GET", "/api/profile")).data.institution.id;
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
    await idp?.close();
  });

  it("the college admin sets its provider up in the college's form; the secret is never shown again", async () => {
    await admin.goto(kmc(`/admin/institutions/details/${kmcId}?type=college`));
    await admin.getByTestId("resource-edit").click();
    await fieldOf(admin, "oidc_client_secret").waitFor();
    const secret = fieldOf(admin, "oidc_client_secret").locator("input");
    expect(await secret.getAttribute("type")).toBe("password");
    expect(await textOf(fieldOf(admin, "oidc_client_secret"))).toContain("Leave it blank to keep the saved one.");
    await chooseField(admin, "sso_mode", "Password or single sign-on", false);
    await fillField(admin, "oidc_issuer", idp.issuer);
    await fillField(admin, "oidc_client_id", idp.clientId);
    await fillField(admin, "oidc_client_secret", idp.clientSecret);
    await save(admin);
    await expectToast(admin, /was saved|were saved/);

    // the form gives way to the record; a click on Edit while the record still renders can be lost,
    // so Edit is pressed again until the form is back (once the field shows, no more presses)
    const secretField = fieldOf(admin, "oidc_client_secret");
    await secretField.waitFor({ state: "hidden" });
    await expect
      .poll(
        async () => {
          if (!(await secretField.isVisible())) {
            await admin.getByTestId("resource-edit").click({ timeout: 5_000 });
            await secretField.waitFor({ timeout: 4_000 }).catch(() => {});
          }
          return secretField.isVisible();
        },
        { timeout: 25_000, interval: 500 },
      )
      .toBe(true);
    expect(await fieldOf(admin, "oidc_client_secret").locator("input").inputValue()).toBe("");
    const record = await callApi(admin, "GET", `/api/institution-details/${kmcId}`);
    expect(JSON.stringify(record.body)).not.toContain(idp.clientSecret);
    expect(record.body).toMatchObject({ oidc_issuer: idp.issuer, oidc_client_id: idp.clientId });
  });

  it("the demo student signs in through the college's provider and lands on their dashboard", async () => {
    const page = await fresh();
    await page.goto(kmc("/login"));
    const button = page.getByTestId("login-sso");
    expect(await textOf(button)).toBe("Sign in with Kathmandu Model College");
    // both ways in: the password form stays
    expect(await page.locator("form#login").count()).toBe(1);
    await expectClean(page, "login page with single sign-on");

    let codeAddress = "";
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.url().includes("/sso?code=")) codeAddress = request.url();
    });
    await signInThrough(page, "student@example.com");
    await page.waitForURL((url) => url.pathname === "/dashboard");
    const profile = await api<{ data: { email: string; role: string } }>(page, "GET", "/api/profile");
    expect(profile.data).toMatchObject({ email: "student@example.com", role: "STUDENT" });
    // only our own one-time code was ever in an address
    expect(new URL(codeAddress).searchParams.get("code")).toMatch(/^[\w-]{40,}$/);

    // the same code again, from another browser: spent
    const replay = await fresh();
    await replay.goto(codeAddress);
    expect(await refusal(replay)).toBe("This sign-in has expired or was used already. Please sign in again.");
    await expectClean(replay, "a spent code");
  });

  it("refuses a forged answer, another institution's person and a stranger on a closed site, each in words", async () => {
    const forged = await fresh();
    await forged.goto(kmc("/api/auth/oidc/callback?state=forged&code=forged"));
    expect(await refusal(forged)).toBe(
      "This sign-in was not started here, took too long, or was finished already. Please start again.",
    );
    expect(await forged.getByRole("link", { name: "Back to sign in" }).count()).toBe(1);
    await expectClean(forged, "a forged answer");

    const employee = await fresh();
    await signInThrough(employee, "employee@example.com");
    expect(await refusal(employee)).toBe(
      "Your e-mail address belongs to an account of another site. Sign in there instead.",
    );

    await setUp({ join_policy: "closed" });
    const stranger = await fresh();
    await signInThrough(stranger, "stranger@example.com");
    expect(await refusal(stranger)).toBe(
      "There is no account for your e-mail address on this site, and it does not take new people. Ask your career office for an invitation.",
    );
    await setUp({ join_policy: "approval" });
  });

  it("shows the admin's test what the provider answered, signing nobody in", async () => {
    await admin.goto(kmc(`/admin/institutions/details/${kmcId}?type=college`));
    await admin.getByTestId("sso-test").click();
    await admin.waitForURL((url) => url.origin === idp.issuer);
    await admin.locator("#login").fill("tester@kmc.edu.np");
    await admin.locator("button[type=submit]").click();
    await admin.waitForURL((url) => url.pathname === "/sso");
    const result = admin.getByTestId("sso-test-result");
    await result.waitFor();
    expect(await textOf(result)).toContain("tester@kmc.edu.np");
    await expectClean(admin, "a test's result");
    const made = await callApi<{ email: string }[]>(admin, "GET", "/api/students?q=tester%40kmc.edu.np");
    expect(made.body).toEqual([]);
  });

  it("with single sign-on only, the password form is gone and the API refuses a password", async () => {
    await setUp({ sso_mode: "sso" });
    const page = await fresh();
    await page.goto(kmc("/login"));
    await page.getByTestId("login-sso").waitFor();
    expect(await page.locator("form#login").count()).toBe(0);
    expect(await page.getByRole("link", { name: "Create an account" }).count()).toBe(0);
    await expectClean(page, "login page, single sign-on only");
    const refused = await callApi<{ message: string }>(page, "POST", "/api/auth/login", {
      email: "student@example.com",
      password: "CareerDemo#2026",
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain("Sign in with Kathmandu Model College");
    await setUp({ sso_mode: "both" });
  });
});
