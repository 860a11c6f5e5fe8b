import type { PostingType } from "@csc/shared";

/** How one fact of a posting reads on its card: a date, a date and time, the delivery mode, a country, a number or text. */
type FactKind = "date" | "datetime" | "mode" | "country" | "number" | "text" | "url";

export interface PostingFact {
  /** The posting's field (its label is `fields:<name>`). */
  name: string;
  kind: FactKind;
}

/**
 * What a learner sees of each kind of posting (cards, not tables): the application
 * column that points at it, the field saying what sort of posting it is, the facts on
 * its card, the deadline to watch and its skills.
 */
export interface PostingKind {
  resource: PostingResource;
  postingType: PostingType;
  applicationColumn: "learning_event_id" | "job_opportunity_id" | "scholarship_id";
  /** The enum field that names the posting's type, and the enum its labels come from. */
  typeField?: { name: string; enumName: string };
  facts: PostingFact[];
  deadline: string;
  skills?: string;
  /** Where to read more, when the posting links somewhere. */
  link?: string;
}

export type PostingResource = "learning-events" | "job-opportunities" | "scholarship";

export const POSTING_KINDS: Record<PostingResource, PostingKind> = {
  "learning-events": {
    resource: "learning-events",
    postingType: "learning-event",
    applicationColumn: "learning_event_id",
    typeField: { name: "event_type", enumName: "eventType" },
    facts: [
      { name: "start_at", kind: "datetime" },
      { name: "end_at", kind: "datetime" },
      { name: "delivery_mode", kind: "mode" },
      // an offline event's venue, an online one's link (whichever it has)
      { name: "venue", kind: "text" },
      { name: "link", kind: "url" },
    ],
    deadline: "registration_deadline",
  },
  "job-opportunities": {
    resource: "job-opportunities",
    postingType: "job-opportunity",
    applicationColumn: "job_opportunity_id",
    typeField: { name: "job_type", enumName: "jobType" },
    facts: [
      { name: "company_name", kind: "text" },
      { name: "location_text", kind: "text" },
      { name: "openings", kind: "number" },
    ],
    deadline: "deadline",
    skills: "skills",
  },
  scholarship: {
    resource: "scholarship",
    postingType: "scholarship",
    applicationColumn: "scholarship_id",
    facts: [
      { name: "provider_name", kind: "text" },
      { name: "country", kind: "country" },
      { name: "amount", kind: "number" },
    ],
    deadline: "deadline",
    link: "url",
  },
};

export const isPostingResource = (name: string): name is PostingResource => Object.hasOwn(POSTING_KINDS, name);

/** A posting as the list sends it. */
export type Posting = { id: number; title?: string } & Record<string, unknown>;
