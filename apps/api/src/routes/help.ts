import { HELP_LANGUAGES, type HelpArticle, type HelpLanguage } from "@csc/shared";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { loadArticles } from "../help/articles.js";
import { helpReachOf, mayRead, summaryOf } from "../help/reach.js";
import { notFound } from "../lib/errors.js";
import { bearer, errorResponses } from "./schemas.js";

const Language = Type.Union(HELP_LANGUAGES.map((language) => Type.Literal(language)));
const LanguageQuery = Type.Object({ language: Type.Optional(Language) }, { additionalProperties: false });

/**
 * The help articles (issue 12) for whoever is signed in: those for their kind of user about the
 * screens their own menu opens, in the language asked for. Read once at start-up.
 */
export default async function helpRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const articles = loadArticles();
  const inLanguage = (language: HelpLanguage | undefined) => articles.get(language ?? "en-US") ?? [];

  app.get(
    "/help/articles",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["help"],
        security: bearer,
        querystring: LanguageQuery,
        response: { 200: Type.Object({ data: Type.Array(Type.Unknown()) }), ...errorResponses },
      },
    },
    async (request) => {
      const reach = helpReachOf(request.auth);
      const data = inLanguage(request.query.language)
        .filter((article) => mayRead(reach, article))
        .map((article) => summaryOf(reach, article));
      return { data };
    },
  );

  app.get(
    "/help/articles/:slug",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["help"],
        security: bearer,
        params: Type.Object({ slug: Type.String({ pattern: "^[a-z0-9-]{1,80}$" }) }),
        querystring: LanguageQuery,
        response: { 200: Type.Object({ data: Type.Unknown() }), ...errorResponses },
      },
    },
    async (request) => {
      const reach = helpReachOf(request.auth);
      const article = inLanguage(request.query.language).find((candidate) => candidate.slug === request.params.slug);
      if (!article || !mayRead(reach, article)) throw notFound(request.t("notFound"));
      const data: HelpArticle = { ...summaryOf(reach, article), blocks: article.blocks };
      return { data };
    },
  );
}
