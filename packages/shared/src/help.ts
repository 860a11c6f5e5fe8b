import type { HelpTopic } from "./enums.js";
import { ADMIN_PREFIX, usesAdminPrefix } from "./menu.js";
import type { Role, RoleKind } from "./roles.js";

/**
 * Help inside the product (issue 12): where the Help page is; how a tutorial's video address is
 * read and embedded is video.ts. The Help page is reached from the header, never from the menus of spec §6.
 */

/** The Help page: `/help` for learners, `/admin/help` for everyone else (spec §2: learners are not prefixed). */
export const helpPath = (role: Role): string => (usesAdminPrefix(role) ? `${ADMIN_PREFIX}/help` : "/help");

/** Where provider staff manage the tutorials (its list, create, edit and show pages below it). */
export const TUTORIALS_PATH = `${ADMIN_PREFIX}/tutorials`;

/* Help articles (issue 12): files in the repository, served by `GET /api/help/articles`. */

export const HELP_LANGUAGES = ["en-US", "np-NP"] as const;
export type HelpLanguage = (typeof HELP_LANGUAGES)[number];
export const isHelpLanguage = (value: unknown): value is HelpLanguage =>
  (HELP_LANGUAGES as readonly unknown[]).includes(value);

/** A run of an article's text, bold or not: the article arrives as data, never as HTML. */
export interface HelpSpan {
  text: string;
  strong?: boolean;
}

/** A block of an article: a paragraph, or a list (numbered for steps). */
export type HelpBlock =
  | { kind: "paragraph"; spans: HelpSpan[] }
  | { kind: "list"; ordered: boolean; items: HelpSpan[][] };

/** An article in a list: enough to choose it. */
export interface HelpArticleSummary {
  slug: string;
  title: string;
  /** The screen it explains, when the caller's menu opens it; null for help about no one screen. */
  topic: HelpTopic | null;
  /** Where that screen is for the caller (their menu's path), or null. */
  path: string | null;
  excerpt: string;
}

export interface HelpArticle extends HelpArticleSummary {
  blocks: HelpBlock[];
}

/* The assistant (issue 12): `POST /api/help/ask`. */

export const HELP_QUESTION_MAX_LENGTH = 300;

/** A tutorial that goes with an answer: the Help page plays it (`#tutorial-<id>`). */
export interface HelpAnswerTutorial {
  id: number;
  title: string;
  hasVideo: boolean;
}

/** One answer: an article the asker may read, the screen it explains in their menu, and its video if any. */
export interface HelpAnswer extends HelpArticleSummary {
  tutorial: HelpAnswerTutorial | null;
}

/** `known: false` is "I don't know": the answers, if any, are only near misses and are not shown as answers. */
export interface HelpAskResult {
  known: boolean;
  answers: HelpAnswer[];
}

/** A question the assistant could not answer, as provider staff read it (`GET /api/help/questions`). */
export interface UnansweredQuestion {
  id: number;
  question: string;
  language: HelpLanguage;
  role_kind: RoleKind;
  asked_at: string;
}
