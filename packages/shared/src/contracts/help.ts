import { type Static, Type } from "typebox";
import { HELP_TOPICS } from "../enums.js";
import { HELP_LANGUAGES } from "../help.js";
import { ROLE_KINDS } from "../roles.js";
import { Nullable, OneOf } from "./common.js";

/** The help articles (`GET /help/articles`, `/{slug}`) and the assistant (`POST /help/ask`). */

/** A run of an article's text, bold or not: the article arrives as data, never as HTML. */
export const HelpSpan = Type.Object({ text: Type.String(), strong: Type.Optional(Type.Boolean()) });
export type HelpSpan = Static<typeof HelpSpan>;

/** A block of an article: a paragraph, or a list (numbered for steps). */
export const HelpBlock = Type.Union([
  Type.Object({ kind: Type.Literal("paragraph"), spans: Type.Array(HelpSpan) }),
  Type.Object({ kind: Type.Literal("list"), ordered: Type.Boolean(), items: Type.Array(Type.Array(HelpSpan)) }),
]);
export type HelpBlock = Static<typeof HelpBlock>;

const summary = {
  slug: Type.String(),
  title: Type.String(),
  /** The screen it explains, when the caller's menu opens it; null for help about no one screen. */
  topic: Nullable(OneOf(HELP_TOPICS)),
  /** Where that screen is for the caller (their menu's path), or null. */
  path: Nullable(Type.String()),
  excerpt: Type.String(),
};

/** An article in a list: enough to choose it. */
export const HelpArticleSummary = Type.Object(summary);
export type HelpArticleSummary = Static<typeof HelpArticleSummary>;

/** An article whole. */
export const HelpArticle = Type.Object({ ...summary, blocks: Type.Array(HelpBlock) });
export type HelpArticle = Static<typeof HelpArticle>;

/** A tutorial that goes with an answer: the Help page plays it (`#tutorial-<id>`). */
const HelpAnswerTutorial = Type.Object({ id: Type.Integer(), title: Type.String(), hasVideo: Type.Boolean() });

/** One answer: an article the asker may read, the screen it explains in their menu, and its video if any. */
export const HelpAnswer = Type.Object({ ...summary, tutorial: Nullable(HelpAnswerTutorial) });
export type HelpAnswer = Static<typeof HelpAnswer>;

/** `known: false` is "I don't know": the answers, if any, are only near misses and are not shown as answers. */
export const HelpAskResult = Type.Object({ known: Type.Boolean(), answers: Type.Array(HelpAnswer) });
export type HelpAskResult = Static<typeof HelpAskResult>;

/** A question the assistant could not answer, as provider staff read it (`GET /help/questions`). */
export const UnansweredQuestion = Type.Object({
  id: Type.Integer(),
  question: Type.String(),
  language: OneOf(HELP_LANGUAGES),
  role_kind: OneOf(ROLE_KINDS),
  asked_at: Type.String(),
});
export type UnansweredQuestion = Static<typeof UnansweredQuestion>;
