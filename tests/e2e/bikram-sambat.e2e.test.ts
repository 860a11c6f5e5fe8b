import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "./playwright.config";
import { type DemoAccount, fillLogin, origin, visibleText, waitForApp } from "./support/app";
import { menuEntries, openInApp, settledPage } from "./support/resources";
import { type RunningServer, startServer } from "./support/server";

/**
 * With the Bikram Sambat option on, no screen of a learner or of a college admin shows a
 * Gregorian date, and BS dates are shown instead. The accounts' option is changed on a server of
 * this test's own, so that the rest of the suite keeps the Gregorian calendar.
 */

const ACCOUNTS: DemoAccount[] = [
  { email: "student@example.com", site: "kmc" },
  { email: "college.admin@example.com", site: "kmc" },
];

const MONTHS = "Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec";
const LONG_MONTHS = "January|February|March|April|June|July|August|September|October|November|December";
const YEAR = "(?:19|20)\\d{2}";
/** Gregorian dates as screens could write them: "Dec 8, 2026", "8 December 2026", ISO, 8/12/2026. */
const GREGORIAN = [
  new RegExp(`\\b(?:${MONTHS}|${LONG_MONTHS})\\.? \\d{1,2}, ${YEAR}\\b`),
  new RegExp(`\\b\\d{1,2} (?:${MONTHS}|${LONG_MONTHS})\\.?,? ${YEAR}\\b`),
  new RegExp(`\\b${YEAR}-\\d{2}-\\d{2}\\b`),
  new RegExp(`\\b\\d{1,2}/\\d{1,2}/${YEAR}\\b`),
];
const BS_MONTHS = "Baisakh|Jestha|Asar|Shrawan|Bhadra|Asoj|Kartik|Mangsir|Poush|Magh|Falgun|Chaitra";
const BIKRAM_SAMBAT = new RegExp(`\\b\\d{1,2} (?:${BS_MONTHS}) 20\\d{2}\\b`, "g");

/** np-NP: Devanagari digits, BS months in Nepali script; Gregorian months as dayjs's `ne` writes them. */
const NE_DIGITS = "[०-९]";
const NE_BIKRAM_SAMBAT = new RegExp(
  `${NE_DIGITS}{1,2} (?:बैशाख|जेठ|असार|साउन|भदौ|असोज|कार्तिक|मंसिर|पुस|माघ|फागुन|चैत) ${NE_DIGITS}{4}`,
  "g",
);
const NE_GREGORIAN = new RegExp(
  `(?:जनवरी|फेब्रुवरी|मार्च|अप्रिल|मे|जुन|जुलाई|अगष्ट|सेप्टेम्बर|अक्टोबर|नोभेम्बर|डिसेम्बर|जन\\.|फेब्रु\\.|अप्रि\\.|मई|अग\\.|सेप्ट\\.|अक्टो\\.|नोभे\\.|डिसे\\.) (?:${NE_DIGITS}|[0-9]){1,2},? (?:${NE_DIGITS}|[0-9]){4}`,
  "g",
);

function gregorianDatesIn(text: string): string[] {
  return GREGORIAN.flatMap((pattern) => text.match(new RegExp(pattern.source, "g")) ?? []);
}

/** Waits for the screen's data and reads what a person sees. */
async function readScreen(page: Page): Promise<string> {
  await waitForApp(page);
  await page
    .waitForFunction(() => document.querySelectorAll(".ant-spin-spinning, .ant-skeleton-active").length === 0, null, {
      timeout: 10_000,
    })
    .catch(() => {});
  return visibleText(page);
}

/** `PATCH /profile { calendar }`, and the same choice on this device; answers the status. */
function saveBikramSambat(page: Page): Promise<number> {
  return page.evaluate(async () => {
    localStorage.setItem("csc.calendar", "bikram-sambat");
    const response = await fetch("/api/profile", {
      method: "PATCH",
      headers: { Authorization: `Bearer ${localStorage.getItem("csc-token")}`, "Content-Type": "application/json" },
      body: JSON.stringify({ calendar: "bikram-sambat" }),
    });
    return response.status;
  });
}

/** Turns the option on: through the profile page's option when it is there, else `PATCH /profile`. */
async function chooseBikramSambat(page: Page, site: string, port: number): Promise<string> {
  await openInApp(page, "/profile");
  await settledPage(page, "profile");
  const option = page.getByRole("radio", { name: "Bikram Sambat (BS)" });
  await option.waitFor({ timeout: 10_000 }).catch(() => {});
  if (await option.count()) {
    await option.click();
    await page.waitForFunction(() => localStorage.getItem("csc.calendar") === "bikram-sambat");
    return "profile page";
  }
  const status = await saveBikramSambat(page);
  await page.goto(`${origin(site, port)}/`);
  await page.waitForSelector('[data-testid="side-menu"]');
  return status === 200 ? "PATCH /profile" : `this browser only (PATCH /profile answered ${status})`;
}

describe("the Bikram Sambat calendar on every screen", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(ACCOUNTS)("$email sees no Gregorian date, lists and records alike", async (account) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    try {
      await page.goto(`${origin(account.site, server.port)}/login`);
      await fillLogin(page, account.email);
      await page.waitForSelector('[data-testid="side-menu"]');
      const how = await chooseBikramSambat(page, account.site, server.port);

      const entries = await menuEntries(page);
      expect(entries.length).toBeGreaterThan(3);
      const found: string[] = [];
      const shown: string[] = [];
      const check = async (where: string) => {
        const text = await readScreen(page);
        for (const date of gregorianDatesIn(text)) found.push(`${where}: ${date}`);
        const dates = text.match(BIKRAM_SAMBAT) ?? [];
        if (dates.length) shown.push(`${where}: ${dates.length}`);
      };

      for (const entry of entries) {
        await openInApp(page, entry.path);
        // pages outside the resource screens (a learner's roadmap…) settle their own way
        const kind = await settledPage(page, entry.name).catch((error: Error) => {
          if (!/did not settle/.test(error.message)) throw error;
          return "page" as const;
        });
        await check(entry.name === "dashboard" ? "dashboard" : entry.path);
        // a record of the list: its details carry the record's dates
        const link =
          kind === "rows"
            ? page.locator(`[data-resource="${entry.name}"] [data-testid="resource-table"] .csc-title-link`).first()
            : kind === "cards"
              ? page.locator(`[data-resource="${entry.name}"] [data-testid="learner-card"] h3 a`).first()
              : null;
        if (link && (await link.count())) {
          await link.click();
          await page.waitForFunction((path) => window.location.pathname !== path, entry.path);
          await page.waitForSelector(".csc-details, .csc-posting, [data-testid='resource-not-found']").catch(() => {});
          await check(new URL(page.url()).pathname);
        }
      }

      // a form's date inputs write the date as the screens do
      const events = entries.find((entry) => entry.name === "learning-events");
      if (account.email.startsWith("college.admin") && events) {
        const id = await page.evaluate(async () => {
          const response = await fetch("/api/learning-events?_start=0&_end=1&_sort=start_at&_order=desc", {
            headers: { Authorization: `Bearer ${localStorage.getItem("csc-token")}` },
          });
          return ((await response.json()) as { id: number }[])[0]?.id;
        });
        expect(id).toBeDefined();
        await openInApp(page, `${events.path.split("?")[0]}/edit/${id}`);
        await page.waitForSelector(".ant-picker input");
        const inputs = (
          await page
            .locator(".ant-picker input")
            .evaluateAll((elements) => elements.map((element) => (element as HTMLInputElement).value))
        ).join(" | ");
        for (const date of gregorianDatesIn(inputs)) found.push(`edit form: ${date}`);
        expect(inputs, "the form's dates").toMatch(BIKRAM_SAMBAT);
      }

      expect(found, `calendar set through ${how}`).toEqual([]);
      // today's date on the dashboard, and the records' dates on the screens that have them
      expect(
        shown.some((line) => line.startsWith("dashboard:")),
        shown.join(", "),
      ).toBe(true);
      expect(shown.length, shown.join(", ")).toBeGreaterThan(1);
    } finally {
      await context.close();
    }
  });

  it("writes BS dates in Nepali script and Devanagari digits for np-NP", async () => {
    const account = ACCOUNTS[1] as DemoAccount;
    const context = await newContext(browser, { locale: "ne-NP" });
    const page = await context.newPage();
    try {
      await page.addInitScript(() => localStorage.setItem("i18nextLng", "np-NP"));
      await page.goto(`${origin(account.site, server.port)}/login`);
      await fillLogin(page, account.email);
      await page.waitForSelector('[data-testid="side-menu"]');
      await saveBikramSambat(page);
      await page.reload();
      await page.waitForSelector('[data-testid="side-menu"]');
      const students = (await menuEntries(page)).find((entry) => entry.name === "students");
      expect(students).toBeDefined();
      await openInApp(page, students?.path ?? "");
      await settledPage(page, "students");
      const text = await readScreen(page);
      expect(text.match(NE_BIKRAM_SAMBAT)?.length ?? 0).toBeGreaterThan(0);
      expect(text.match(NE_GREGORIAN) ?? []).toEqual([]);
      expect(gregorianDatesIn(text)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
