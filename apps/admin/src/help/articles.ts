import type { HelpArticle, HelpArticleSummary } from "@csc/shared";
import { http } from "../shell/providers/http";
import type { LanguageCode } from "../shell/providers/i18n";

/** The help articles for the caller (`GET /api/help/articles`): their kind's, about screens their menu opens. */
export async function fetchArticles(language: LanguageCode): Promise<HelpArticleSummary[]> {
  const { data } = await http.get<{ data: HelpArticleSummary[] }>(`/api/help/articles?language=${language}`);
  return data.data;
}

export async function fetchArticle(slug: string, language: LanguageCode): Promise<HelpArticle> {
  const { data } = await http.get<{ data: HelpArticle }>(
    `/api/help/articles/${encodeURIComponent(slug)}?language=${language}`,
  );
  return data.data;
}

export const articlesQueryKey = (language: LanguageCode) => ["help", "articles", language] as const;
export const articleQueryKey = (slug: string, language: LanguageCode) => ["help", "article", slug, language] as const;
