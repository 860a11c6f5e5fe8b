import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "./playwright.config";
import { api, fillLogin, readMenu } from "./support/app";
import { seriousViolations, settleScreen } from "./support/axe";
import { fieldError, fieldOf, fillField, save } from "./support/resources";
import { type RunningServer, startServer } from "./support/server";

/**
 * The Help page on the built app: every role reaches it from the header (the menus of spec
 * §6 stay as they are), it lists the tutorials meant for them, whose videos load nothing from the
 * video host until asked and then play from youtube-nocookie.com only; a tutorial without an
 * address says "Coming soon".
 */

const STUDENT = { email: "student@example.com", site: "kmc", help: "/help", kind: "learner" };
const COLLEGE_ADMIN = { email: "college.admin@example.com", site: "kmc", help: "/admin/help", kind: "institution" };
const RECRUITER_ADMIN = {
  email: "recruiter.admin@example.com",
  site: "recruiter",
  help: "/admin/help",
  kind: "recruiter",
};
const SUPER_ADMIN = { email: "superadmin@example.com", site: "", help: "/admin/help", kind: "provider" };
const VIDEO_ID = "dQw4w9WgXcQ";

type Tutorial = { id: number; title_en: string; roles: string[]; video_url: string | null };

describe("the Help page", () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  /** Every request any page made to a video host, in order. */
  const videoRequests: string[] = [];
  let withVideo: Tutorial;

  const signedIn = async (account: { email: string; site: string }) => {
    const context = await newContext(browser);
    contexts.push(context);
    // nothing leaves the machine: requests to the video host are recorded, then refused
    await context.route(/youtube|ytimg|googlevideo/, (route) => route.abort());
    const page = await context.newPage();
    page.on("request", (request) => {
      if (/youtube|ytimg|googlevideo/.test(request.url())) videoRequests.push(request.url());
    });
    await page.goto(`${server.origin(account.site)}/login`);
    await fillLogin(page, account.email);
    await page.waitForSelector('[data-testid="side-menu"]');
    return page;
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // one tutorial every role sees gets a video; the others keep none
    const page = await signedIn(SUPER_ADMIN);
    const all = await api<Tutorial[]>(page, "GET", "/api/tutorials?_sort=sort_order&_order=asc&_end=100");
    const forEveryone = all.find((tutorial) => tutorial.roles.length === 4);
    if (!forEveryone) throw new Error("no tutorial for every role in the seed");
    withVideo = await api<Tutorial>(page, "PATCH", `/api/tutorials/${forEveryone.id}`, {
      video_url: `https://youtu.be/${VIDEO_ID}`,
    });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  const openHelpFromHeader = async (page: Page, account: typeof STUDENT) => {
    const menuBefore = await readMenu(page);
    await page.getByTestId("help-link").click();
    await page.waitForURL((url) => url.pathname === account.help);
    await page.getByTestId("tutorial-card").first().waitFor();
    await settleScreen(page);
    // the Help page is not a menu entry: the menus stay those
    expect(await readMenu(page)).toEqual(menuBefore);
    expect(menuBefore.join(" ")).not.toMatch(/help|tutorial/i);
  };

  it.each([STUDENT, COLLEGE_ADMIN, RECRUITER_ADMIN])(
    "opens from the header for $email, lists their tutorials and plays a video only when asked",
    async (account) => {
      const page = await signedIn(account);
      const mine = await api<Tutorial[]>(page, "GET", "/api/tutorials?_end=100");
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((tutorial) => tutorial.roles.includes(account.kind))).toBe(true);
      const requestsBefore = videoRequests.length;

      await openHelpFromHeader(page, account);
      const cards = page.getByTestId("tutorial-card");
      expect(await cards.count()).toBe(mine.length);
      // the ones without an address say so instead of showing a broken player
      expect(await page.getByTestId("tutorial-coming-soon").count()).toBe(mine.length - 1);
      await expect.poll(() => page.getByTestId("tutorial-coming-soon").first().innerText()).toBe("Coming soon");
      expect(await page.locator("iframe").count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);

      // nothing from the video host before the click, even after a while
      await page.waitForTimeout(500);
      expect(videoRequests.slice(requestsBefore)).toEqual([]);

      const card = cards.filter({ hasText: withVideo.title_en });
      await card.getByTestId("tutorial-thumbnail").focus();
      await page.keyboard.press("Enter");
      const player = card.getByTestId("tutorial-player");
      await player.waitFor();
      expect(await player.getAttribute("src")).toMatch(
        new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/${VIDEO_ID}\\?`),
      );
      await expect.poll(() => videoRequests.slice(requestsBefore).length).toBeGreaterThan(0);
      expect(
        videoRequests.slice(requestsBefore).every((url) => url.startsWith("https://www.youtube-nocookie.com/")),
      ).toBe(true);
    },
  );

  it("lists the student's help articles, opens one and goes to the screen it explains", async () => {
    const page = await signedIn(STUDENT);
    await openHelpFromHeader(page, STUDENT);
    const titles = page.getByTestId("help-article-title");
    await titles.first().waitFor();
    const shown = await titles.allInnerTexts();
    expect(shown).toContain("Apply for an internship or job");
    expect(shown).not.toContain("Approve or reject a recruiter request");
    await titles.filter({ hasText: "Apply for an internship or job" }).click();
    const article = page.locator('[data-testid="help-article"][data-slug="apply-for-job"]');
    await article.waitFor();
    expect(new URL(page.url()).searchParams.get("article")).toBe("apply-for-job");
    expect(await article.locator("ol li").count()).toBe(3);
    expect(await seriousViolations(page)).toEqual([]);
    await article.getByRole("link", { name: "Open this screen" }).click();
    await page.waitForURL((url) => url.pathname === "/job-opportunities");
    expect(new URL(page.url()).searchParams.get("type")).toBe("current");
  });

  it("opens on the help for the screen the Help link was pressed on", async () => {
    const page = await signedIn(STUDENT);
    await page.goto(`${server.origin(STUDENT.site)}/job-opportunities?type=current`);
    await settleScreen(page, "job-opportunities");
    await page.getByTestId("help-link").click();
    await page.waitForURL((url) => url.pathname === STUDENT.help);
    await page.locator('[data-testid="help-article"][data-slug="apply-for-job"]').waitFor();
    const first = page.getByTestId("tutorial-card").first();
    const tutorials = await api<(Tutorial & { topic: string | null })[]>(
      page,
      "GET",
      "/api/tutorials?_sort=sort_order&_order=asc&_end=100",
    );
    const aboutScreen = tutorials.find((tutorial) => tutorial.topic === "job-opportunities");
    expect(aboutScreen).toBeDefined();
    expect(await first.innerText()).toContain(aboutScreen?.title_en);
  });

  it("shows the Help page in Nepali for a learner who reads Nepali", async () => {
    const page = await signedIn(STUDENT);
    await page.evaluate(() => localStorage.setItem("i18nextLng", "np-NP"));
    await page.goto(`${server.origin(STUDENT.site)}/help`);
    await page.getByTestId("tutorial-card").first().waitFor();
    await settleScreen(page);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).first().innerText()).toBe("सहायता");
    expect(await page.getByTestId("tutorial-coming-soon").first().innerText()).toBe("छिट्टै आउँदैछ");
    expect(await page.getByTestId("tutorial-card").first().innerText()).toMatch(/[\u0900-\u097F]/);
    await page.getByTestId("help-article-title").first().waitFor();
    for (const title of await page.getByTestId("help-article-title").allInnerTexts()) {
      expect(title).toMatch(/[\u0900-\u097F]/);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("lets provider staff open the tutorials they keep from their Help page", async () => {
    const page = await signedIn(SUPER_ADMIN);
    await openHelpFromHeader(page, SUPER_ADMIN);
    // and what the assistant could not answer, to improve the help
    await page.getByTestId("unanswered-questions").waitFor();
    await page.getByTestId("manage-tutorials").click();
    await page.waitForURL((url) => url.pathname === "/admin/tutorials");
    await page.locator(".ant-table-row").first().waitFor();
    expect(await page.locator(".ant-table-row").count()).toBeGreaterThanOrEqual(14);
    // the pointer rests where the link was, over the list's toolbar: a hover colour is not the page's own
    await page.mouse.move(0, 0);
    await settleScreen(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("loads the assistant only when its orange button is pressed, and answers a student in English and Nepali", async () => {
    const page = await signedIn(STUDENT);
    const assistantRequests: string[] = [];
    page.on("request", (request) => {
      if (/AssistantPanel/.test(request.url())) assistantRequests.push(request.url());
    });
    await page.goto(`${server.origin(STUDENT.site)}/dashboard`);
    await settleScreen(page, "dashboard");
    const button = page.getByTestId("assistant-button");
    await button.waitFor();

    // An orange button, named in the reader's language
    const background = await button.evaluate((element) => getComputedStyle(element).backgroundColor);
    const [red = 0, green = 0, blue = 0] = (background.match(/\d+/g) ?? []).map(Number);
    expect(red).toBeGreaterThan(150);
    expect(green).toBeGreaterThan(30);
    expect(green).toBeLessThan(red * 0.6);
    expect(blue).toBeLessThan(green);
    expect(await button.getAttribute("aria-label")).toBe("Ask the help assistant");
    // it sits in the header, so it covers none of the screen's own controls (small-things.e2e.test.ts)
    expect(await page.locator(".csc-header [data-testid='assistant-button']").count()).toBe(1);

    // none of the assistant's code before the press: no request, no script or style of it
    const assistantElements = () =>
      page.evaluate(
        () => document.querySelectorAll('script[src*="AssistantPanel"], link[href*="AssistantPanel"]').length,
      );
    expect(assistantRequests).toEqual([]);
    expect(await assistantElements()).toBe(0);
    expect(
      await page.evaluate(
        () => performance.getEntriesByType("resource").filter((entry) => entry.name.includes("AssistantPanel")).length,
      ),
    ).toBe(0);

    await button.click();
    const panel = page.getByTestId("assistant-panel");
    await panel.getByTestId("assistant-question").waitFor();
    expect(assistantRequests.some((url) => /AssistantPanel-[\w-]+\.js$/.test(url))).toBe(true);

    const askAndWait = async (question: string, exchanges: number) => {
      await panel.getByTestId("assistant-question").fill(question);
      await panel.getByTestId("assistant-question").press("Enter");
      await expect.poll(() => panel.locator(".csc-assistant__exchange").count()).toBe(exchanges);
      return panel.locator(".csc-assistant__exchange").nth(exchanges - 1);
    };
    for (const [question, count] of [
      ["how do I apply for a job?", 1],
      ["जागिरको लागि कसरी आवेदन दिने?", 2],
    ] as const) {
      const exchange = await askAndWait(question, count);
      const first = exchange.getByTestId("assistant-answer").first();
      expect(await first.getAttribute("data-slug"), question).toBe("apply-for-job");
      expect(await first.getByTestId("assistant-screen-link").getAttribute("href")).toBe(
        "/job-opportunities?type=current",
      );
    }
    const nepali = panel.locator(".csc-assistant__exchange").nth(1).getByTestId("assistant-answer").first();
    expect(await nepali.innerText()).toMatch(/[\u0900-\u097F]/);

    const unknown = await askAndWait("Who won the cricket match yesterday?", 3);
    await unknown.getByTestId("assistant-unknown").waitFor();
    expect(await unknown.getByTestId("assistant-answer").count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // the link opens the opportunities screen
    await panel.locator(".csc-assistant__exchange").first().getByTestId("assistant-screen-link").first().click();
    await page.waitForURL((url) => url.pathname === "/job-opportunities");
    await settleScreen(page, "job-opportunities");
    expect(new URL(page.url()).searchParams.get("type")).toBe("current");
  });

  it("lets provider staff add a tutorial, refusing an address that is not a YouTube video under its field", async () => {
    const page = await signedIn(SUPER_ADMIN);
    await page.goto(`${server.origin(SUPER_ADMIN.site)}/admin/tutorials/create`);
    await fieldOf(page, "title_en").waitFor();
    await fillField(page, "title_en", "Writing a CV");
    await fillField(page, "title_np", "बायोडाटा लेख्ने तरिका");
    await fillField(page, "description_en", "How to write a CV employers read.");
    await fillField(page, "description_np", "रोजगारदाताले पढ्ने बायोडाटा कसरी लेख्ने।");
    await fieldOf(page, "roles").getByText("Learners").click();
    await fillField(page, "video_url", "https://vimeo.com/123456");
    await save(page);
    await expect
      .poll(() => fieldError(page, "video_url").innerText())
      .toBe("Enter a YouTube video address, such as a watch, share or embed link.");
    await settleScreen(page);
    expect(await seriousViolations(page)).toEqual([]);
    await fillField(page, "video_url", "https://youtu.be/dQw4w9WgXcQ");
    await save(page);
    await page.waitForURL((url) => url.pathname === "/admin/tutorials");
    const created = await api<Tutorial[]>(page, "GET", "/api/tutorials?q=Writing%20a%20CV");
    expect(created.map((tutorial) => [tutorial.video_url, tutorial.roles])).toEqual([
      ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", ["learner"]],
    ]);
  });

  it("keeps the tutorials' pages from everyone else", async () => {
    const page = await signedIn(COLLEGE_ADMIN);
    expect(await page.getByTestId("manage-tutorials").count()).toBe(0);
    await page.goto(`${server.origin(COLLEGE_ADMIN.site)}/admin/tutorials`);
    await page.getByText("Not allowed").first().waitFor();
  });
});
