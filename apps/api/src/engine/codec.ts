import { type Encoded, encodeFieldValue, type FieldDefinition } from "@csc/shared";
import { filterXSS } from "xss";

/**
 * The API's side of the field types (shared field-types.ts): what they need that shared does not
 * carry, the HTML sanitizer of rich text.
 */

/** What the rich-text toolbar writes: headers 1–3, bold, italic, underline, lists. */
const RICH_TEXT_TAGS = {
  h1: [],
  h2: [],
  h3: [],
  p: [],
  br: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  ol: [],
  ul: [],
  li: [],
};
const sanitizeRichText = (html: string) =>
  filterXSS(html, { whiteList: RICH_TEXT_TAGS, stripIgnoreTag: true, stripIgnoreTagBody: ["script", "style"] });

/**
 * A body value checked and turned into what is stored, by its field's type. `null` or "" clears an
 * optional field; the caller checks required fields and those that have a default.
 */
export const encodeValue = (field: FieldDefinition, value: unknown): Encoded =>
  encodeFieldValue(field, value, sanitizeRichText);
