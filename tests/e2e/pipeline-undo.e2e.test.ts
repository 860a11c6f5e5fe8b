import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Mailbox, startMailbox } from "../../apps/api/test/mailbox";
import { e2eConfig, launchBrowser, newContext, REPO_ROOT } from "./playwright.config";
import { type DemoAccount, fillLogin, settledDialog, textOf, waitForApp } from "./support/app";
import { seriousViolations } from "./support/axe";
import { pickOption } from "./support/resources";
import { type RunningServer, startServer } from "./support/server";

/**
 * On the built app with a real SMTP server on loopback: the board moves a card
 * only by a deliberate pick-up and drop, a move into a closing stage is confirmed, every change
 * offers an Undo for its window (3 s here), an undone change mails nobody and leaves a history
 * row saying so, and a real move mails the applicant once, in the language they applied in.
 */

const RECRUITER: DemoAccount = { email: "recruiter.admin@example.com", site: "recruiter" };
/** A learner of the provider's site: the recruiters' postings are open to them. */
const LEARNER: DemoAccount = { email: "learner@example.com", site: "" };
const UNDO_SECONDS = 3;
/** Where the screenshots of the board go (git-ignored), to be looked at. */
const SHOTS = join(e2eConfig.screenshotsDir, "pipeline-undo");

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

const readJson = (path: string) => JSON.parse(readFileSync(join(REPO_ROOT, path), "utf8"));
const NEPALI_STAGES = readJson("locales/np-NP/enums.json").applicationStage as Record<string, string>;
/** The provider's name as its Nepali screens write it: the site a provider-site learner's mail names. */
const NEPALI_PROVIDER = readJson("locales/np-NP/common.json").app.providerName as string;

interface Row {
  id: number;
  full_name: string;
  email: string;
  stage: string;
  title?: string;
  recruiter_id?: number | null;
  withdrawn_at?: string | null;
}

interface HistoryEntry {
  field: string;
  from: unknown;
  to: unknown;
  undone?: boolean;
}

/** A call to the API from inside the page, as its signed-in user; `language` speaks for the request. */
function call<T>(
  page: Page,
  method: string,
  path: string,
  language?: string,
): Promise<{ status: number; body: T; total: number }> {
  return page.evaluate(
    async ({ method, path, language }) => {
      const response = await fetch(path, {
        method,
        headers: {
          Accept: "application/json",
          Authorization: `Bearer ${localStorage.getItem("csc-token")}`,
          ...(method === "GET" ? {} : { "Content-Type": "application/json" }),
          ...(language ? { "Accept-Language": language } : {}),
        },
        body: method === "GET" ? undefined : "{}",
      });
      return {
        status: response.status,
        body: (await response.json().catch(() => null)) as never,
        total: Number(response.headers.get("X-Total-Count") ?? -1),
      };
    },
    { method, path, language },
  );
}

async function get<T>(page: Page, path: string): Promise<T> {
  const answer = await call<T>(page, "GET", path);
  if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A mail's Subject header, its encoded words decoded. */
function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
  return header
    .replace(/\r?\n[ \t]/g, " ")
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the board without accidents", () => {
  let mailbox: Mailbox;
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let postingId = 0;
  let postingTitle = "";
  let applicationId = 0;
  let learnerName = "";

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startServer({ SMTP_URL: mailbox.url, PIPELINE_UNDO_SECONDS: String(UNDO_SECONDS) });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
    await mailbox?.close();
  });

  /** A fresh browser signed in as the account, in the given size and interface language. */
  const signedIn = async (account: DemoAccount, { viewport = LAPTOP, language = "en-US" } = {}) => {
    const context = await newContext(browser, { viewport, locale: language === "np-NP" ? "ne-NP" : "en-US" });
    contexts.push(context);
    await context.addInitScript((code) => localStorage.setItem("i18nextLng", code), language);
    const page = await context.newPage();
    await page.goto(`${server.origin(account.site)}/login`);
    await page.waitForSelector("form#login", { timeout: 60_000 });
    await fillLogin(page, account.email);
    // a phone keeps the side menu in a drawer: the user menu is there on every size
    await page.waitForSelector('[data-testid="user-menu"]', { timeout: 60_000 });
    return page;
  };

  /** The posting of the first test, or (run alone) the recruiter's first with applicants. */
  const ensurePosting = async () => {
    if (postingId) return;
    const page = await signedIn(RECRUITER);
    const profile = await get<{ data: { recruiter: { id: number } | null } }>(page, "/api/profile");
    const postings = await get<Row[]>(page, "/api/job-opportunities?_start=0&_end=100");
    postingId = postings.find((row) => row.recruiter_id === profile.data.recruiter?.id)?.id ?? 0;
    await page.context().close();
    expect(postingId).toBeGreaterThan(0);
  };

  /** The bulk calls a page makes: a key press that is not a drop must make none. */
  const watchBulk = (page: Page) => {
    const calls: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/applications/bulk")) calls.push(request.postData() ?? "");
    });
    return calls;
  };

  const openBoard = async (page: Page) => {
    await page.goto(`${server.origin(RECRUITER.site)}/admin/job-opportunities/show/${postingId}?a_view=board`);
    await page.getByTestId("board-card").first().waitFor();
  };

  const card = (page: Page, stage: string, id = applicationId) =>
    page.locator(`[data-stage="${stage}"] [data-testid="board-card"][data-applicant="${id}"]`);
  const live = (page: Page) => textOf(page.getByTestId("board-live"));
  const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

  /** With the card picked up, arrows to the right until the board says it is over `label`. */
  const carryTo = async (page: Page, label: string) => {
    for (let step = 0; step < 20; step++) {
      if ((await live(page)).includes(`over ${label},`)) return;
      const before = await live(page);
      await page.keyboard.press("ArrowRight");
      await page.waitForFunction(
        (text) => document.querySelector('[data-testid="board-live"]')?.textContent !== text,
        before,
      );
    }
    throw new Error(`the board never said the card was over ${label}: ${await live(page)}`);
  };

  /** Mails to the learner so far. */
  const learnerMails = () => mailbox.received.filter((mail) => mail.to.includes(LEARNER.email));

  /** Waits until no new mail has come for `quietMs` (a receipt on its way is counted before the moves). */
  const mailSettled = async (quietMs = 1500) => {
    let count = mailbox.received.length;
    for (let waited = 0; waited < 20_000; waited += quietMs) {
      await sleep(quietMs);
      if (mailbox.received.length === count) return;
      count = mailbox.received.length;
    }
  };

  it("a recruiter rejects by keyboard, confirms, undoes: no mail, the history says undone; a real move mails once, in Nepali", async () => {
    // the learner applies in Nepali to one of the recruiter's open job opportunities
    const recruiter = await signedIn(RECRUITER);
    const profile = await get<{ data: { recruiter: { id: number } | null } }>(recruiter, "/api/profile");
    const postings = await get<Row[]>(recruiter, "/api/job-opportunities?_start=0&_end=100");
    const own = postings.filter((row) => row.recruiter_id === profile.data.recruiter?.id);
    expect(own.length).toBeGreaterThan(0);
    const learner = await signedIn(LEARNER, { language: "np-NP" });
    const me = await get<{ data: { full_name: string } }>(learner, "/api/profile");
    learnerName = me.data.full_name;
    for (const posting of own) {
      const applied = await call(learner, "POST", `/api/job-opportunities/${posting.id}/apply`, "np-NP");
      if (applied.status === 201) {
        postingId = posting.id;
        postingTitle = posting.title ?? "";
        break;
      }
    }
    expect(postingId, "none of the recruiter's postings took the learner's application").toBeGreaterThan(0);
    const applicants = await get<Row[]>(
      recruiter,
      `/api/applications?job_opportunity_id=${postingId}&q=${encodeURIComponent(LEARNER.email)}&_start=0&_end=10`,
    );
    const application = applicants.find((row) => row.email === LEARNER.email);
    expect(application?.stage).toBe("new_candidates");
    applicationId = application?.id ?? 0;
    await mailSettled();
    const mailsBefore = learnerMails().length;

    // the board: picking the card up and steering it sends nothing
    await openBoard(recruiter);
    const bulk = watchBulk(recruiter);
    const start = card(recruiter, "new_candidates");
    await start.focus();
    await recruiter.keyboard.press("Space");
    expect(await live(recruiter)).toContain(`Picked up ${learnerName}`);
    await carryTo(recruiter, "Rejected");
    expect(await recruiter.locator('[data-stage="rejected_after_interview"] .csc-board-ghost').count()).toBe(1);
    expect(bulk).toEqual([]);

    // dropping on Rejected asks first, naming the applicant, the stage and the e-mail
    await recruiter.keyboard.press("Enter");
    const dialog = await settledDialog(recruiter, recruiter.getByTestId("closing-confirm"));
    const asked = await textOf(dialog);
    expect(asked).toContain(learnerName);
    expect(asked).toContain("Rejected");
    expect(asked).toContain("e-mail");
    expect(bulk).toEqual([]);
    const moved = recruiter.waitForResponse((response) => response.url().endsWith("/api/applications/bulk"));
    await dialog.getByRole("button", { name: "Move to Rejected" }).click();
    const answer = await moved;
    expect(answer.status()).toBe(200);
    const change = (await answer.json()) as { message: string; data: { change_id: number | null; undo_until: string } };
    expect(change.data.change_id ?? null).not.toBeNull();
    expect(Date.parse(change.data.undo_until)).toBeGreaterThan(Date.now() - 1000);
    const rejected = card(recruiter, "rejected_after_interview");
    await rejected.waitFor();
    await expect.poll(() => isFocused(rejected)).toBe(true);

    // Undo, from the keyboard, inside the window: the card goes back
    const notice = recruiter.locator(".ant-notification-notice", { hasText: change.message });
    const undoButton = notice.getByRole("button", { name: "Undo" });
    await undoButton.waitFor();
    mkdirSync(SHOTS, { recursive: true });
    // the notice slides in: a moment for the picture, well inside the window
    await sleep(300);
    await recruiter.screenshot({ path: join(SHOTS, "undo-offered-en-US-laptop.png") });

    await undoButton.focus();
    const undone = recruiter.waitForResponse((response) =>
      response.url().endsWith(`/api/applications/changes/${change.data.change_id}/undo`),
    );
    await recruiter.keyboard.press("Enter");
    expect((await undone).status()).toBe(200);
    await card(recruiter, "new_candidates").waitFor();
    await recruiter
      .getByTestId("board-live")
      .filter({ hasText: `Undone: ${learnerName}` })
      .waitFor();

    // the history says it was undone, in the answer and in the applicant's drawer
    // (the history answers a bare list, oldest first: docs/api.md)
    const history = await get<HistoryEntry[]>(recruiter, `/api/applications/${applicationId}/history`);
    const stageEntries = history.filter((entry) => entry.field === "stage");
    expect(stageEntries.some((entry) => entry.to === "rejected_after_interview" && !entry.undone)).toBe(true);
    expect(
      stageEntries.some(
        (entry) => entry.undone === true && entry.from === "rejected_after_interview" && entry.to === "new_candidates",
      ),
    ).toBe(true);
    await card(recruiter, "new_candidates").getByTestId("board-card-open").click();
    await recruiter.getByTestId("history-entry").first().waitFor();
    expect((await recruiter.getByTestId("history-entry").allInnerTexts()).join("\n")).toContain("Rejected");
    await recruiter.locator(".ant-drawer-close").click();
    await recruiter.waitForURL((url) => !url.searchParams.get("a_open"));

    // past the window, and then some: nothing was mailed for the undone change
    await sleep((UNDO_SECONDS + 4) * 1000);
    expect(learnerMails().length).toBe(mailsBefore);

    // a real move (not a closing stage: no question asked) mails the learner exactly once, after the window
    const again = card(recruiter, "new_candidates");
    await again.focus();
    await recruiter.keyboard.press("Enter");
    await carryTo(recruiter, "Shortlisted");
    const shortlisted = recruiter.waitForResponse((response) => response.url().endsWith("/api/applications/bulk"));
    await recruiter.keyboard.press("Space");
    expect((await shortlisted).status()).toBe(200);
    await card(recruiter, "shortlisted").waitFor();
    await expect
      .poll(() => learnerMails().length, { timeout: (UNDO_SECONDS + 20) * 1000, interval: 250 })
      .toBeGreaterThan(mailsBefore);
    await sleep(3000);
    const mails = learnerMails().slice(mailsBefore);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const text = mail?.text ?? "";
    const subject = subjectOf(mail?.raw ?? "");

    // in Nepali (they applied in Nepali), naming the site and the new stage, with a link
    expect(`${subject}\n${text}`).toMatch(/[\u0900-\u097F]{4,}/);
    expect(text).toContain(NEPALI_STAGES.shortlisted);
    expect(text).not.toContain("Shortlisted");
    expect(`${subject}\n${text}`).toContain(NEPALI_PROVIDER);
    const link = /https?:\/\/[^\s"<>]+/.exec(
      text.split(/\n/).find((line) => line.includes(`:${server.port}/`)) ?? "",
    )?.[0];
    expect(link, text).toBeDefined();

    // the link opens the application's page for the learner
    await learner.goto(link ?? "");
    // the app's own readiness, not the network's quiet: a signed-in page keeps its live stream open
    await waitForApp(learner);
    expect(new URL(learner.url()).pathname).not.toBe("/login");
    await learner.getByText(postingTitle, { exact: false }).first().waitFor();
  }, 240_000);

  it("is clean under axe with a card picked up and with the confirmation open, laptop and phone, English and Nepali", async () => {
    await ensurePosting();
    const shots = SHOTS;
    mkdirSync(shots, { recursive: true });
    const found: string[] = [];
    for (const language of ["en-US", "np-NP"]) {
      for (const [size, viewport] of Object.entries({ laptop: LAPTOP, phone: PHONE })) {
        const where = `${language} ${size}`;
        const page = await signedIn(RECRUITER, { viewport, language });
        const bulk = watchBulk(page);
        await openBoard(page);
        await page.getByTestId("applicants").evaluate((element) => element.scrollIntoView({ block: "start" }));
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: join(shots, `board-${language}-${size}.png`) });

        // every column's count is on screen without scrolling sideways
        const counts = page.getByTestId("board-summary").locator("button");
        expect(await counts.count()).toBe(12);
        if (size === "laptop") {
          for (const box of await counts.evaluateAll((buttons) =>
            buttons.map((button) => button.getBoundingClientRect().right),
          )) {
            expect(box, where).toBeLessThanOrEqual(viewport.width);
          }
        }
        // a phone never scrolls the applicants sideways (the board scrolls inside itself)
        const wide = await page.getByTestId("applicants").evaluate((section) => {
          const clipped = (element: Element | null): boolean =>
            element !== null &&
            element !== section &&
            (["auto", "scroll", "hidden"].includes(getComputedStyle(element).overflowX) ||
              clipped(element.parentElement));
          return [...section.querySelectorAll("*")]
            .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
            .filter((element) => !clipped(element.parentElement))
            .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`);
        });
        expect(wide, where).toEqual([]);

        // a card picked up
        const picked = page
          .locator('[data-stage="new_candidates"] [data-testid="board-card"][draggable="true"]')
          .first();
        const id = Number(await picked.getAttribute("data-applicant"));
        await picked.focus();
        await page.keyboard.press("Space");
        await page.locator('[data-carried="true"]').waitFor();
        expect(await live(page), where).not.toBe("");
        await page.keyboard.press("End");
        await page.locator(".csc-board-ghost").waitFor();
        for (const line of await seriousViolations(page)) found.push(`${where}, card picked up — ${line}`);
        await page.screenshot({ path: join(shots, `carrying-${language}-${size}.png`) });

        // dropped on a closing stage: the confirmation, then Escape puts everything back
        await page.keyboard.press("Enter");
        const dialog = await settledDialog(page, page.getByTestId("closing-confirm"));
        // the question is on screen, whole, on a phone too
        const box = await dialog.evaluate((element) => {
          const { left, top, right, bottom } = element.getBoundingClientRect();
          return { left, top, right, bottom };
        });
        expect(box.left, `${where} ${JSON.stringify(box)}`).toBeGreaterThanOrEqual(0);
        expect(box.top, `${where} ${JSON.stringify(box)}`).toBeGreaterThanOrEqual(0);
        expect(box.right, `${where} ${JSON.stringify(box)}`).toBeLessThanOrEqual(viewport.width);
        expect(box.bottom, `${where} ${JSON.stringify(box)}`).toBeLessThanOrEqual(viewport.height);
        for (const line of await seriousViolations(page)) found.push(`${where}, confirmation — ${line}`);
        await page.screenshot({ path: join(shots, `confirm-${language}-${size}.png`) });
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "hidden" });
        const back = card(page, "new_candidates", id);
        await expect.poll(() => isFocused(back), { timeout: 5000 }).toBe(true);
        expect(bulk, where).toEqual([]);
        await page.context().close();
      }
    }
    expect(found, found.join("\n")).toEqual([]);
  }, 300_000);

  it("asks before a bulk move to a closing stage, after the row checkboxes, and gives the keyboard back", async () => {
    await ensurePosting();
    const page = await signedIn(RECRUITER);
    await page.goto(
      `${server.origin(RECRUITER.site)}/admin/job-opportunities/show/${postingId}?a_stage=new_candidates`,
    );
    const rows = page.locator('[data-testid="applicants-table"] tr.ant-table-row').filter({
      has: page.locator("input[type=checkbox]:not([disabled])"),
    });
    await rows.first().waitFor();
    const names = [
      await textOf(rows.nth(0).locator(".csc-applicant-name")),
      await textOf(rows.nth(1).locator(".csc-applicant-name")),
    ];
    await rows.nth(0).locator("input[type=checkbox]").check();
    await rows.nth(1).locator("input[type=checkbox]").check();

    // "Change selected" comes after every row checkbox in the page's order (and so in the tab order)
    const change = page.getByTestId("applicants-bulk-change");
    expect(
      await change.evaluate((button) =>
        [...document.querySelectorAll('[data-testid="applicants-table"] input[type=checkbox]')].every(
          (box) => box.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING,
        ),
      ),
    ).toBe(true);

    const bulk = watchBulk(page);
    await change.click();
    const modal = await settledDialog(page, page.getByTestId("bulk-change"));
    await pickOption(page, "#bulk-stage", "Rejected");
    await modal.getByRole("button", { name: "Apply changes" }).click();
    const confirm = await settledDialog(page, page.getByTestId("closing-confirm"));
    const asked = await textOf(confirm);
    for (const name of names) expect(asked).toContain(name);
    expect(asked).toContain("Rejected");
    expect(bulk).toEqual([]);
    const moved = page.waitForResponse((response) => response.url().endsWith("/api/applications/bulk"));
    await confirm.getByRole("button", { name: "Move to Rejected" }).click();
    const answer = await moved;
    expect(answer.status()).toBe(200);
    const { message } = (await answer.json()) as { message: string };
    // the server's own words, with an Undo
    await page
      .locator(".ant-notification-notice", { hasText: message })
      .getByRole("button", { name: "Undo" })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await modal.waitFor({ state: "hidden" });
    // the selection is gone with "Change selected": the keyboard is back on the rows' "select all"
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document.activeElement?.closest("thead") !== null &&
            document.activeElement?.matches("input[type=checkbox]"),
        ),
      )
      .toBe(true);
  }, 120_000);

  it("still moves a card with the mouse, and Ctrl+Z takes the move back", async () => {
    await ensurePosting();
    const page = await signedIn(RECRUITER);
    await openBoard(page);
    const source = page.locator('[data-stage="new_candidates"] [data-testid="board-card"][draggable="true"]').first();
    const id = Number(await source.getAttribute("data-applicant"));
    const moved = page.waitForResponse((response) => response.url().endsWith("/api/applications/bulk"));
    await source.dragTo(page.locator('section[data-stage="waiting_for_confirmation"]'));
    const answer = await moved;
    expect(answer.status()).toBe(200);
    const { data } = (await answer.json()) as { data: { change_id: number } };
    await card(page, "waiting_for_confirmation", id).waitFor();
    const undone = page.waitForResponse((response) =>
      response.url().endsWith(`/api/applications/changes/${data.change_id}/undo`),
    );
    await card(page, "waiting_for_confirmation", id).focus();
    await page.keyboard.press("Control+z");
    expect((await undone).status()).toBe(200);
    await card(page, "new_candidates", id).waitFor();
  }, 120_000);
});
