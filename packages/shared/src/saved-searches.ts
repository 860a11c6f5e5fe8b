import { type Static, Type } from "typebox";
import { Nullable, OneOf } from "./contracts/common.js";
import { POSTING_RESOURCES } from "./pipeline.js";

/**
 * A list's filters and sort saved under a name, on the server, for its owner (DESIGN §5b
 * `saved-searches`): `query` is the list's own query string (`q=python&job_type=1&_sort=deadline`),
 * which the list accepts as it is. Staff may share one with their institution, whose staff then
 * read it (only its owner changes it). A learner's search of postings may alert them of postings
 * that newly match it: at once, or in a daily or weekly digest, each posting once.
 */
export const SAVED_SEARCH_ALERTS = ["off", "instant", "daily", "weekly"] as const;
export type SavedSearchAlert = (typeof SAVED_SEARCH_ALERTS)[number];

/** The lists whose searches may alert: a learner's postings (events, jobs and trainings, scholarships). */
export const ALERT_RESOURCES: readonly string[] = Object.values(POSTING_RESOURCES);

/** Searches one person keeps; names and queries are short. */
export const MAX_SAVED_SEARCHES = 50;
export const SAVED_SEARCH_NAME_MAX = 80;
export const SAVED_SEARCH_QUERY_MAX = 1_000;
/** Postings one alert pass tells of per search at most: the newest first, the rest on the next pass. */
export const ALERT_BATCH = 10;

export const SavedSearchRow = Type.Object({
  id: Type.Integer(),
  resource: Type.String(),
  name: Type.String(),
  query: Type.String(),
  alert: OneOf(SAVED_SEARCH_ALERTS),
  shared: Type.Boolean(),
  user_id: Type.Integer(),
  institution_id: Nullable(Type.Integer()),
  created_at: Type.String(),
});
export type SavedSearchRow = Static<typeof SavedSearchRow>;

const Name = Type.String({ minLength: 1, maxLength: SAVED_SEARCH_NAME_MAX });
const Query = Type.String({ maxLength: SAVED_SEARCH_QUERY_MAX });

/** `POST /saved-searches`. */
export const SavedSearchCreate = Type.Object(
  {
    resource: Type.String({ minLength: 1, maxLength: 60 }),
    name: Name,
    query: Query,
    alert: Type.Optional(OneOf(SAVED_SEARCH_ALERTS)),
    shared: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type SavedSearchCreate = Static<typeof SavedSearchCreate>;

/** `PATCH /saved-searches/{id}`: what changes (its list does not). */
export const SavedSearchUpdate = Type.Object(
  {
    name: Type.Optional(Name),
    query: Type.Optional(Query),
    alert: Type.Optional(OneOf(SAVED_SEARCH_ALERTS)),
    shared: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type SavedSearchUpdate = Static<typeof SavedSearchUpdate>;
