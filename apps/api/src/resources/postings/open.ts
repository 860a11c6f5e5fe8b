import { APPLICATIONS_CLOSE_ON, closingComparand, type PostingType } from "@csc/shared";
import type { CommandHandler } from "../../engine/command-types.js";

/** The application column naming the posting, by what the posting is. */
export const POSTING_COLUMN = {
  "learning-event": "learning_event_id",
  "job-opportunity": "job_opportunity_id",
  scholarship: "scholarship_id",
} as const satisfies Record<PostingType, string>;

/**
 * Postings open for applications at `now`, over the router's alias `r`: the shared rule
 * (@csc/shared `APPLICATIONS_CLOSE_ON`, the one the admin asks before offering Apply) as SQL.
 */
export function openAt(type: PostingType, now: Date): NonNullable<CommandHandler["applies"]> {
  return (eb) =>
    eb.and(
      APPLICATIONS_CLOSE_ON[type].map(({ field, unit, whenMissing }) => {
        const notPassed = eb(`r.${field}`, ">=", closingComparand(unit, now));
        return whenMissing === "open" ? eb.or([eb(`r.${field}`, "is", null), notPassed]) : notPassed;
      }),
    );
}

/**
 * Postings still open for applications, at the instant the query is built. A closed posting is
 * "not open to them": 404, as docs/api.md says. The public pages list and take guest applications
 * by the same rule (routes/public-postings.ts).
 */
export const OPEN: Record<PostingType, NonNullable<CommandHandler["applies"]>> = {
  "learning-event": (eb) => openAt("learning-event", new Date())(eb),
  "job-opportunity": (eb) => openAt("job-opportunity", new Date())(eb),
  scholarship: (eb) => openAt("scholarship", new Date())(eb),
};
