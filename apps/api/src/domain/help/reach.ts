import {
  flattenMenu,
  type HelpArticleSummary,
  type HelpTopic,
  type MenuItem,
  type MenuUser,
  menuFor,
  roleKind,
} from "@csc/shared";
import type { StoredArticle } from "./articles.js";

/**
 * What of the help a user may be shown: articles for their kind of user, about a screen
 * their own menu opens (or about no one screen), each linking to that screen's path in their menu
 * — so no answer ever points at a screen they cannot open.
 */
interface HelpReach {
  kind: ReturnType<typeof roleKind>;
  /** The caller's open screens by the menu entry's name, with their paths. */
  screens: Map<string, string>;
}

export function helpReachOf(user: MenuUser): HelpReach {
  const screens = new Map<string, string>();
  for (const item of flattenMenu(menuFor(user)) as MenuItem[]) {
    if (item.path && !item.disabled) screens.set(item.name, item.path);
  }
  return { kind: roleKind(user.role), screens };
}

const screenPathOf = (reach: HelpReach, topic: HelpTopic | null): string | null =>
  topic === null ? null : (reach.screens.get(topic) ?? null);

export const mayRead = (reach: HelpReach, article: StoredArticle): boolean =>
  article.roles.includes(reach.kind) && (article.topic === null || reach.screens.has(article.topic));

const EXCERPT_LENGTH = 180;

export function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= EXCERPT_LENGTH) return flat;
  const cut = flat.slice(0, EXCERPT_LENGTH);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), EXCERPT_LENGTH / 2))}…`;
}

export const summaryOf = (reach: HelpReach, article: StoredArticle): HelpArticleSummary => ({
  slug: article.slug,
  title: article.title,
  topic: article.topic,
  path: screenPathOf(reach, article.topic),
  excerpt: excerptOf(article.text),
});
