import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  HELP_LANGUAGES,
  HELP_TOPICS,
  type HelpBlock,
  type HelpLanguage,
  type HelpSpan,
  type HelpTopic,
  ROLE_KINDS,
  type RoleKind,
} from "@csc/shared";
import { REPO_ROOT } from "../../config.js";

/**
 * The help articles: Markdown files under apps/api/help/<language>/<slug>.md, found
 * from the code's own location (REPO_ROOT) so the same from source and from apps/api/dist. Each
 * opens with front matter — title, the role kinds it is for, the screen it explains (a menu entry)
 * and keywords — and holds paragraphs, lists and **bold** text only, turned into data here so
 * nothing of a file ever reaches a page as HTML.
 */
export const HELP_DIR = join(REPO_ROOT, "apps/api/help");

export interface StoredArticle {
  slug: string;
  language: HelpLanguage;
  title: string;
  roles: RoleKind[];
  topic: HelpTopic | null;
  keywords: string[];
  blocks: HelpBlock[];
  /** The body as plain text, for excerpts and search. */
  text: string;
}

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n/;
const list = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/** `**bold**` runs of a line as spans. */
function spansOf(line: string): HelpSpan[] {
  return line
    .split(/(\*\*[^*]+\*\*)/)
    .filter(Boolean)
    .map((part) =>
      part.startsWith("**") && part.endsWith("**") ? { text: part.slice(2, -2), strong: true } : { text: part },
    );
}

const LIST_ITEM = /^(?:(-)|\d+\.)\s+(.*)$/;

/** The body's blocks: a blank line ends a paragraph; `- ` and `1. ` lines make lists. */
function blocksOf(body: string): HelpBlock[] {
  const blocks: HelpBlock[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: "paragraph", spans: spansOf(paragraph.join(" ")) });
    paragraph = [];
  };
  for (const raw of body.split("\n")) {
    const line = raw.trim();
    const item = LIST_ITEM.exec(line);
    if (line === "") endParagraph();
    else if (item) {
      endParagraph();
      const ordered = item[1] === undefined;
      const last = blocks.at(-1);
      const spans = spansOf(item[2] ?? "");
      if (last?.kind === "list" && last.ordered === ordered) last.items.push(spans);
      else blocks.push({ kind: "list", ordered, items: [spans] });
    } else paragraph.push(line);
  }
  endParagraph();
  return blocks;
}

const plainText = (blocks: HelpBlock[]) =>
  blocks
    .flatMap((block) => (block.kind === "paragraph" ? [block.spans] : block.items))
    .map((spans) => spans.map((span) => span.text).join(""))
    .join("\n");

/** One file's article; a malformed file stops the server with a message naming it. */
function parseArticle(file: string, slug: string, language: HelpLanguage, source: string): StoredArticle {
  const match = FRONT_MATTER.exec(source.replace(/\r\n/g, "\n"));
  if (!match) throw new Error(`Help article ${file} has no front matter`);
  const fields = new Map(
    (match[1] ?? "").split("\n").map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()] as const;
    }),
  );
  const title = fields.get("title") ?? "";
  const roles = list(fields.get("roles"));
  const topic = fields.get("topic") || null;
  if (!title) throw new Error(`Help article ${file} has no title`);
  if (roles.length === 0 || !roles.every((role) => (ROLE_KINDS as readonly string[]).includes(role))) {
    throw new Error(`Help article ${file}: roles must be some of ${ROLE_KINDS.join(", ")}`);
  }
  if (topic !== null && !(HELP_TOPICS as readonly string[]).includes(topic)) {
    throw new Error(`Help article ${file}: topic ${topic} is not a screen of the menu`);
  }
  const blocks = blocksOf(source.slice(match[0].length));
  return {
    slug,
    language,
    title,
    roles: roles as RoleKind[],
    topic: topic as HelpTopic | null,
    keywords: list(fields.get("keywords")),
    blocks,
    text: plainText(blocks),
  };
}

/** Every article of every language, read from `dir`; both languages must hold the same slugs. */
export function loadArticles(dir = HELP_DIR): Map<HelpLanguage, StoredArticle[]> {
  const byLanguage = new Map<HelpLanguage, StoredArticle[]>();
  for (const language of HELP_LANGUAGES) {
    const files = readdirSync(join(dir, language))
      .filter((name) => name.endsWith(".md"))
      .sort();
    byLanguage.set(
      language,
      files.map((name) => {
        const file = join(dir, language, name);
        return parseArticle(file, name.slice(0, -3), language, readFileSync(file, "utf8"));
      }),
    );
  }
  const slugs = HELP_LANGUAGES.map((language) =>
    (byLanguage.get(language) ?? []).map((article) => article.slug).join(","),
  );
  if (new Set(slugs).size !== 1) throw new Error(`Help articles differ between ${HELP_LANGUAGES.join(" and ")}`);
  return byLanguage;
}
