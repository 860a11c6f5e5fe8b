import {
  DataOf,
  HELP_LANGUAGES,
  HELP_QUESTION_MAX_LENGTH,
  type HelpAnswer,
  HelpArticle,
  HelpArticleSummary,
  HelpAskResult,
  type HelpLanguage,
  type HelpTopic,
  PROVIDER_ROLES,
  type RoleKind,
  roleKind,
  UnansweredQuestion,
} from "@csc/shared";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { loadArticles } from "../domain/help/articles.js";
import { helpReachOf, mayRead, summaryOf } from "../domain/help/reach.js";
import { redactQuestion } from "../domain/help/redact.js";
import { HelpSearch } from "../domain/help/search.js";
import { reachOf } from "../engine/access.js";
import { notFound } from "../platform/errors.js";
import { recordFailure, retryAfterSeconds, type ThrottleRule } from "../platform/throttle.js";
import { bearer, errorResponses } from "./schemas.js";

/** Unanswered questions one account may add to the list in an hour. */
export const RECORDED_PER_HOUR: ThrottleRule = { limit: 20, windowMs: 3_600_000 };

const Language = Type.Union(HELP_LANGUAGES.map((language) => Type.Literal(language)));
const LanguageQuery = Type.Object({ language: Type.Optional(Language) }, { additionalProperties: false });

/**
 * The help articles for whoever is signed in: those for their kind of user about the
 * screens their own menu opens, in the language asked for. Read once at start-up.
 */
export default async function helpRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const articles = loadArticles();
  const inLanguage = (language: HelpLanguage | undefined) => articles.get(language ?? "en-US") ?? [];
  const search = new HelpSearch(articles);

  app.get(
    "/help/articles",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["help"],
        security: bearer,
        querystring: LanguageQuery,
        response: { 200: DataOf(Type.Array(HelpArticleSummary)), ...errorResponses },
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
        response: { 200: DataOf(HelpArticle), ...errorResponses },
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

  /** The tutorials the caller may read (their ability on the resource), first of each screen, in order. */
  async function tutorialsByTopic(request: FastifyRequest, language: HelpLanguage) {
    const reach = reachOf(request.ability, "read", "tutorials", "t");
    const byTopic = new Map<HelpTopic, HelpAnswer["tutorial"]>();
    if (reach.kind === "none") return byTopic;
    let query = app.db
      .selectFrom("tutorials as t")
      .select(["t.id", "t.title_en", "t.title_np", "t.video_url", "t.topic"])
      .where("t.topic", "is not", null)
      .orderBy("t.sort_order")
      .orderBy("t.id");
    if (reach.kind === "some") query = query.where(reach.where);
    for (const row of await query.execute()) {
      const topic = row.topic as HelpTopic;
      if (byTopic.has(topic)) continue;
      byTopic.set(topic, {
        id: row.id,
        title: language === "np-NP" ? row.title_np : row.title_en,
        hasVideo: Boolean(row.video_url),
      });
    }
    return byTopic;
  }

  app.post(
    "/help/ask",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["help"],
        security: bearer,
        body: Type.Object(
          {
            question: Type.String({ minLength: 1, maxLength: HELP_QUESTION_MAX_LENGTH }),
            language: Language,
          },
          { additionalProperties: false },
        ),
        response: { 200: DataOf(HelpAskResult), ...errorResponses },
      },
    },
    async (request) => {
      const { question, language } = request.body;
      const reach = helpReachOf(request.auth);
      const bySlug = new Map(inLanguage(language).map((article) => [article.slug, article]));
      const outcome = search.search(question, language, (slug) => {
        const article = bySlug.get(slug);
        return article !== undefined && mayRead(reach, article);
      });
      const tutorials = await tutorialsByTopic(request, language);
      const answers = outcome.ranked.flatMap(({ slug }): HelpAnswer[] => {
        const article = bySlug.get(slug);
        if (!article) return [];
        const tutorial = article.topic ? (tutorials.get(article.topic) ?? null) : null;
        return [{ ...summaryOf(reach, article), tutorial }];
      });
      // kept for provider staff to improve the help, with nothing that says who asked; one account
      // records at most RECORDED_PER_HOUR an hour (it is still answered), so nobody can flood the list
      const throttleKey = `help-question:${request.auth.id}`;
      if (!outcome.known && (await retryAfterSeconds(app.db, throttleKey, RECORDED_PER_HOUR)) === 0) {
        await app.db
          .insertInto("help_questions")
          .values({
            question: redactQuestion(question),
            language,
            role_kind: roleKind(request.auth.role),
            asked_at: new Date().toISOString(),
          })
          .execute();
        await recordFailure(app.db, throttleKey, RECORDED_PER_HOUR);
      }
      const data: HelpAskResult = { known: outcome.known, answers: outcome.known ? answers : [] };
      return { data };
    },
  );

  app.get(
    "/help/questions",
    {
      config: { access: { roles: PROVIDER_ROLES } },
      schema: {
        tags: ["help"],
        security: bearer,
        response: { 200: DataOf(Type.Array(UnansweredQuestion)), ...errorResponses },
      },
    },
    async () => {
      const data = await app.db
        .selectFrom("help_questions")
        .select(["id", "question", "language", "role_kind", "asked_at"])
        // written only by `POST /help/ask` above, from a help language and a role kind
        .$narrowType<{ language: HelpLanguage; role_kind: RoleKind }>()
        .orderBy("asked_at", "desc")
        .orderBy("id", "desc")
        .limit(QUESTIONS_SHOWN)
        .execute();
      return { data };
    },
  );
}

/** The latest unanswered questions provider staff read on their Help page. */
const QUESTIONS_SHOWN = 100;
