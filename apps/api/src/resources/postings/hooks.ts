import { askingFieldsOf, POSTING_RESOURCES, type PostingType, RESOURCES } from "@csc/shared";
import type { ResourceHooks } from "../../engine/types.js";
import { withSkillMatch } from "./skill-match.js";

/** Postings: a learner reads each with its skill match (skill-match.ts); anyone else reads it as stored. */
export function postingHooks(type: PostingType): ResourceHooks {
  const fields = askingFieldsOf(RESOURCES[POSTING_RESOURCES[type]]);
  return { readRows: (request, rows) => withSkillMatch(request, fields, rows) };
}
