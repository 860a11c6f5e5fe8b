import {
  HELP_LANGUAGES,
  HELP_TOPICS,
  type HelpArticle,
  type HelpArticleSummary,
  type HelpAskResult,
  type UnansweredQuestion,
} from "@csc/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadArticles } from "../src/domain/help/articles.js";
import { RECORDED_PER_HOUR } from "../src/routes/help.js";
import { DEMO_ACCOUNTS } from "./accounts.js";
import { bearer, createTestApp, hostOf, type TestApp, tokenFor } from "./helpers.js";

/**
 * Help articles: files in the repository, in both languages, covering every screen;
 * served to each signed-in user for their kind of user and the screens their own menu opens,
 * as data rather than HTML.
 */

const articles = loadArticles();

describe("the help articles in the repository", () => {
  it("hold 25 to 60 articles in each language, the same slugs in both", () => {
    for (const language of HELP_LANGUAGES) {
      const count = articles.get(language)?.length ?? 0;
      expect(count, language).toBeGreaterThanOrEqual(25);
      expect(count, language).toBeLessThanOrEqual(60);
    }
    const slugs = (language: (typeof HELP_LANGUAGES)[number]) => articles.get(language)?.map((a) => a.slug);
    expect(slugs("np-NP")).toEqual(slugs("en-US"));
  });

  it("explain every screen of the menu", () => {
    const topics = new Set(articles.get("en-US")?.map((article) => article.topic));
    expect(HELP_TOPICS.filter((topic) => !topics.has(topic))).toEqual([]);
  });

  it("are written in Nepali in np-NP, with the same reach as in English", () => {
    const english = new Map(articles.get("en-US")?.map((article) => [article.slug, article]));
    for (const article of articles.get("np-NP") ?? []) {
      expect(article.title, article.slug).toMatch(/[\u0900-\u097F]/);
      expect(article.text, article.slug).toMatch(/[\u0900-\u097F]{3}/);
      expect(article.roles, article.slug).toEqual(english.get(article.slug)?.roles);
      expect(article.topic, article.slug).toEqual(english.get(article.slug)?.topic);
    }
  });
});

describe("GET /api/help/articles", () => {
  let t: TestApp;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    t = await createTestApp();
    for (const account of DEMO_ACCOUNTS) tokens.set(account.email, await tokenFor(t.app, account.email, account.site));
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (email: string | null, url: string) => {
    const account = DEMO_ACCOUNTS.find((a) => a.email === email);
    return t.app.inject({
      url,
      headers: { host: hostOf(account?.site ?? "provider"), ...(email ? bearer(tokens.get(email) ?? "") : {}) },
    });
  };
  const listFor = async (email: string, language = "en-US") =>
    (await get(email, `/api/help/articles?language=${language}`)).json<{ data: HelpArticleSummary[] }>().data;

  it("answers nobody signed in with 401", async () => {
    expect((await get(null, "/api/help/articles")).statusCode).toBe(401);
    expect((await get(null, "/api/help/articles/apply-for-job")).statusCode).toBe(401);
  });

  it("gives a student the learner's articles, linked to the screens of their own menu", async () => {
    const list = await listFor("student@example.com");
    const slugs = list.map((article) => article.slug);
    expect(slugs).toContain("apply-for-job");
    expect(slugs).toContain("take-assessment");
    expect(slugs).not.toContain("approve-recruiter");
    expect(slugs).not.toContain("move-applicants");
    expect(list.find((article) => article.slug === "apply-for-job")?.path).toBe("/job-opportunities?type=current");
    const nepali = await listFor("student@example.com", "np-NP");
    expect(nepali.find((article) => article.slug === "apply-for-job")?.title).toMatch(/[\u0900-\u097F]/);
  });

  it.each(DEMO_ACCOUNTS)("links $email only to screens their menu opens", async (account) => {
    const menu = (await get(account.email, "/api/meta")).json<{
      data: { menu: { path: string | null; disabled: boolean; children?: unknown[] }[] };
    }>().data.menu;
    const paths = new Set<string>();
    const walk = (items: { path: string | null; disabled: boolean; children?: unknown[] }[]) => {
      for (const item of items) {
        if (item.path && !item.disabled) paths.add(item.path);
        walk((item.children ?? []) as typeof items);
      }
    };
    walk(menu);
    const list = await listFor(account.email);
    expect(list.length).toBeGreaterThan(3);
    for (const article of list) {
      if (article.topic !== null) expect(paths, `${article.slug} → ${article.path}`).toContain(article.path);
    }
  });

  it("serves one article as blocks of text, and 404 for one not meant for the caller", async () => {
    const mine = await get("student@example.com", "/api/help/articles/apply-for-job?language=np-NP");
    expect(mine.statusCode).toBe(200);
    const article = mine.json<{ data: HelpArticle }>().data;
    expect(article.blocks.some((block) => block.kind === "list" && block.ordered)).toBe(true);
    expect(JSON.stringify(article.blocks)).not.toMatch(/<[a-z]/i);

    expect((await get("student@example.com", "/api/help/articles/approve-recruiter")).statusCode).toBe(404);
    expect((await get("recruiter.viewer@example.com", "/api/help/articles/manage-students")).statusCode).toBe(404);
    expect((await get("superadmin@example.com", "/api/help/articles/approve-recruiter")).statusCode).toBe(200);
    expect((await get("student@example.com", "/api/help/articles/no-such-article")).statusCode).toBe(404);
  });

  const ask = (email: string | null, payload: Record<string, unknown>) => {
    const account = DEMO_ACCOUNTS.find((a) => a.email === email);
    return t.app.inject({
      method: "POST",
      url: "/api/help/ask",
      headers: { host: hostOf(account?.site ?? "provider"), ...(email ? bearer(tokens.get(email) ?? "") : {}) },
      payload,
    });
  };
  const answerTo = async (email: string, question: string, language: string) => {
    const res = await ask(email, { question, language });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: HelpAskResult }>().data;
  };

  it("answers a student in English and in Nepali with the opportunities article, its screen and its video", async () => {
    for (const [question, language] of [
      ["how do I apply for a job?", "en-US"],
      ["जागिरको लागि कसरी आवेदन दिने?", "np-NP"],
    ]) {
      const answer = await answerTo("student@example.com", question as string, language as string);
      expect(answer.known).toBe(true);
      expect(answer.answers[0]?.slug).toBe("apply-for-job");
      expect(answer.answers[0]?.path).toBe("/job-opportunities?type=current");
      expect(answer.answers[0]?.tutorial?.title).toBeTruthy();
    }
  });

  it("never links an asker to a screen outside their menu", async () => {
    const answer = await answerTo("student@example.com", "How do I approve a recruiter request?", "en-US");
    expect(answer.answers.map((a) => a.slug)).not.toContain("approve-recruiter");
    for (const item of answer.answers) expect(item.path === null || !item.path.startsWith("/admin")).toBe(true);
  });

  it("says it does not know, and keeps the question for provider staff without who asked or their numbers", async () => {
    const answer = await answerTo(
      "student@example.com",
      "Book a bus ticket to Pokhara for ram@example.com, call 9841234567, account 12345",
      "en-US",
    );
    expect(answer).toEqual({ known: false, answers: [] });
    const rows = await t.app.db.selectFrom("help_questions").selectAll().execute();
    const kept = rows.find((row) => row.question.startsWith("Book a bus ticket"));
    expect(kept?.question).toBe("Book a bus ticket to Pokhara for [email], call [phone], account #");
    expect(kept?.role_kind).toBe("learner");
    expect(kept?.language).toBe("en-US");
    expect(Object.keys(kept ?? {}).sort()).toEqual(["asked_at", "id", "language", "question", "role_kind"]);

    const staff = await get("skilllab.viewer@example.com", "/api/help/questions");
    expect(staff.statusCode).toBe(200);
    expect(staff.json<{ data: UnansweredQuestion[] }>().data.map((q) => q.question)).toContain(kept?.question);
    for (const email of ["student@example.com", "college.admin@example.com", "recruiter.admin@example.com"]) {
      expect((await get(email, "/api/help/questions")).statusCode, email).toBe(403);
    }
    expect((await get(null, "/api/help/questions")).statusCode).toBe(401);
  });

  it("keeps at most twenty unanswered questions an hour from one account, and still answers the rest", async () => {
    const count = async () =>
      Number(
        (
          await t.app.db
            .selectFrom("help_questions")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (let i = 0; i < 25; i++) {
      const answer = await answerTo(
        "employee@example.com",
        `Order a pizza with extra cheese, please (${"x".repeat(i)})`,
        "en-US",
      );
      expect(answer.known).toBe(false);
    }
    expect((await count()) - before).toBe(RECORDED_PER_HOUR.limit);
    // another account is not held back by this one
    await answerTo("learner@example.com", "Order a pizza with extra cheese, please", "en-US");
    expect((await count()) - before).toBe(RECORDED_PER_HOUR.limit + 1);
  });

  it("refuses a question that is empty, too long or in another language, and anyone signed out", async () => {
    expect((await ask("student@example.com", { question: "", language: "en-US" })).statusCode).toBe(400);
    expect((await ask("student@example.com", { question: "x".repeat(301), language: "en-US" })).statusCode).toBe(400);
    expect((await ask("student@example.com", { question: "jobs", language: "fr-FR" })).statusCode).toBe(400);
    expect((await ask(null, { question: "jobs", language: "en-US" })).statusCode).toBe(401);
  });
});
