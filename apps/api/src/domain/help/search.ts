import type { HelpLanguage } from "@csc/shared";
import MiniSearch from "minisearch";
import type { StoredArticle } from "./articles.js";
import { termOf, termsOf, wordsOf } from "./text.js";

/**
 * The assistant's search over the help articles: one full-text index per language,
 * built once, that ranks the articles a question is about — title first, then keywords, then
 * body — and says when none is a good enough answer.
 */

interface IndexedArticle {
  id: string;
  title: string;
  keywords: string;
  text: string;
}

interface RankedArticle {
  slug: string;
  score: number;
}

interface SearchOutcome {
  known: boolean;
  ranked: RankedArticle[];
}

/** The least share of a question's words the best article must hold for the assistant to answer. */
const MIN_COVERAGE = 0.5;
/** And the least score (MiniSearch's BM25, after boosts) it must reach. */
const MIN_SCORE = 6;
const ANSWERS = 3;

const newIndex = () =>
  new MiniSearch<IndexedArticle>({
    fields: ["title", "keywords", "text"],
    tokenize: wordsOf,
    processTerm: (word) => termOf(word) ?? null,
    searchOptions: {
      boost: { title: 3, keywords: 2 },
      // a longer word also finds its longer forms (apply → application), and a slip of a letter
      prefix: (term) => [...term].length >= 4,
      fuzzy: (term) => ([...term].length >= 6 ? 0.15 : false),
      combineWith: "OR",
    },
  });

export class HelpSearch {
  private readonly indexes = new Map<HelpLanguage, MiniSearch<IndexedArticle>>();

  constructor(articles: ReadonlyMap<HelpLanguage, readonly StoredArticle[]>) {
    for (const [language, list] of articles) {
      const index = newIndex();
      index.addAll(
        list.map((article) => ({
          id: article.slug,
          title: article.title,
          keywords: article.keywords.join(" "),
          text: article.text,
        })),
      );
      this.indexes.set(language, index);
    }
  }

  /** The articles a question is about, best first, among those `readable`; `known` when the best is good enough. */
  search(question: string, language: HelpLanguage, readable: (slug: string) => boolean): SearchOutcome {
    const index = this.indexes.get(language);
    const terms = new Set(termsOf(question));
    if (!index || terms.size === 0) return { known: false, ranked: [] };
    const results = index.search(question, { filter: (result) => readable(String(result.id)) });
    const best = results[0];
    const coverage = best ? new Set(best.queryTerms).size / terms.size : 0;
    return {
      known: best !== undefined && best.score >= MIN_SCORE && coverage >= MIN_COVERAGE,
      ranked: results.slice(0, ANSWERS).map((result) => ({ slug: String(result.id), score: result.score })),
    };
  }
}
