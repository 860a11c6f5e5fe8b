/**
 * Rich text as HTML with only what the editor's toolbar makes: headings 1–3, paragraphs,
 * bold, italic, underline, ordered and bullet lists. The API sanitizes on write; this is the
 * second fence on the way to the screen. Anything else is unwrapped to its text; no attributes.
 */
export const RICH_TEXT_TAGS = new Set(["H1", "H2", "H3", "P", "BR", "STRONG", "B", "EM", "I", "U", "OL", "UL", "LI"]);
const DROPPED_WITH_CONTENT = new Set(["SCRIPT", "STYLE", "IFRAME", "OBJECT", "EMBED", "TEMPLATE", "NOSCRIPT"]);

function clean(source: Node, target: Node, document: Document) {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === 3) {
      target.appendChild(document.createTextNode(child.textContent ?? ""));
    } else if (child.nodeType === 1) {
      const element = child as Element;
      if (DROPPED_WITH_CONTENT.has(element.tagName)) continue;
      if (RICH_TEXT_TAGS.has(element.tagName)) {
        const copy = document.createElement(element.tagName.toLowerCase());
        clean(element, copy, document);
        target.appendChild(copy);
      } else {
        clean(element, target, document);
      }
    }
  }
}

export function sanitizeRichText(html: string): string {
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const output = parsed.createElement("div");
  clean(parsed.body, output, parsed);
  return output.innerHTML;
}

/** Whether the editor's HTML holds any text: the rich-text type's own rule (shared field-types.ts). */
export { richTextIsEmpty } from "@csc/shared";
