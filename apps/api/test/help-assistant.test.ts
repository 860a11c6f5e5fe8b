import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FEATURE_KEYS, HELP_LANGUAGES, type HelpLanguage, type MenuUser, ROLES, type RoleKind } from "@csc/shared";
import { describe, expect, it } from "vitest";
import { HELP_DIR, loadArticles } from "../src/domain/help/articles.js";
import { helpReachOf, mayRead } from "../src/domain/help/reach.js";
import { HelpSearch } from "../src/domain/help/search.js";

/**
 * The assistant's answers against the test set kept beside the articles
 * (apps/api/help/questions.json): for at least 90% of the questions in each language the right
 * article comes first, and every question about what the product does not do gets no answer.
 */

interface TestSet {
  questions: Record<HelpLanguage, { kind: RoleKind; question: string; article: string }[]>;
  outOfScope: Record<HelpLanguage, string[]>;
}

const testSet = JSON.parse(readFileSync(join(HELP_DIR, "questions.json"), "utf8")) as TestSet;
const articles = loadArticles();
const search = new HelpSearch(articles);

/** A user of each kind with every feature, as the demo's: a college's student and admin, a recruiter, provider staff. */
const ASKERS: Record<RoleKind, MenuUser> = {
  learner: { id: 1, role: ROLES.STUDENT, institution: { id: 1, type: "college" }, enabledFeatures: FEATURE_KEYS },
  institution: {
    id: 2,
    role: ROLES.COLLEGE_ADMIN,
    institution: { id: 1, type: "college" },
    enabledFeatures: FEATURE_KEYS,
  },
  recruiter: { id: 3, role: ROLES.RECRUITER_ADMIN, institution: null, enabledFeatures: FEATURE_KEYS },
  provider: { id: 4, role: ROLES.SUPER_ADMIN, institution: null, enabledFeatures: FEATURE_KEYS },
};

function ask(question: string, language: HelpLanguage, kind: RoleKind = "learner") {
  const reach = helpReachOf(ASKERS[kind]);
  const bySlug = new Map((articles.get(language) ?? []).map((article) => [article.slug, article]));
  return search.search(question, language, (slug) => {
    const article = bySlug.get(slug);
    return article !== undefined && mayRead(reach, article);
  });
}

describe.each(HELP_LANGUAGES)("the assistant in %s", (language) => {
  const questions = testSet.questions[language];

  it("has at least 40 questions, each about an article that exists", () => {
    expect(questions.length).toBeGreaterThanOrEqual(40);
    const slugs = new Set((articles.get(language) ?? []).map((article) => article.slug));
    for (const { article } of questions) expect(slugs, article).toContain(article);
  });

  it("puts the right article first for at least 90% of the questions, and answers them", () => {
    const misses: string[] = [];
    let right = 0;
    for (const { kind, question, article } of questions) {
      const outcome = ask(question, language, kind);
      const first = outcome.ranked[0]?.slug;
      if (first === article && outcome.known) right += 1;
      else misses.push(`${question} → ${first ?? "nothing"}${outcome.known ? "" : " (unknown)"}, expected ${article}`);
    }
    const accuracy = right / questions.length;
    console.log(
      `help assistant ${language}: ${right}/${questions.length} right first (${(accuracy * 100).toFixed(1)}%)` +
        (misses.length > 0 ? `\n  missed: ${misses.join("\n  missed: ")}` : ""),
    );
    expect(accuracy).toBeGreaterThanOrEqual(0.9);
  });

  it("says it does not know about what the product does not do", () => {
    const outOfScope = testSet.outOfScope[language];
    expect(outOfScope.length).toBeGreaterThanOrEqual(8);
    const answered = outOfScope.filter((question) => ask(question, language).known);
    console.log(
      `help assistant ${language}: ${outOfScope.length - answered.length}/${outOfScope.length} out-of-scope questions unknown`,
    );
    expect(answered).toEqual([]);
  });

  it("never answers with an article the asker may not read", () => {
    const outcome = ask(language === "en-US" ? "How do I approve a recruiter?" : "भर्तीकर्ता कसरी स्वीकृत गर्ने?", language);
    expect(outcome.ranked.map((answer) => answer.slug)).not.toContain("approve-recruiter");
  });
});
