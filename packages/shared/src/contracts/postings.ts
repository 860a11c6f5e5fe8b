import { type Static, Type } from "typebox";
import { Nullable } from "./common.js";

/**
 * The public pages' postings (`GET /public/learning-events`, `GET /public/job-opportunities` and
 * `/{id}`): what a visitor sees of a published, open posting, and the name of its institution.
 */

const Labels = Type.Array(Type.String());

/** The columns of a learning event a visitor sees. */
export const PublicLearningEventColumns = {
  title: Type.String(),
  event_type: Type.String(),
  description: Nullable(Type.String()),
  delivery_mode: Nullable(Type.Boolean()),
  venue: Nullable(Type.String()),
  link: Nullable(Type.String()),
  start_at: Type.String(),
  end_at: Type.String(),
  registration_deadline: Nullable(Type.String()),
  capacity: Nullable(Type.Integer()),
  skills: Labels,
  tags: Labels,
};

/** The columns of a job opportunity a visitor sees. */
export const PublicJobOpportunityColumns = {
  title: Type.String(),
  job_type: Type.String(),
  description: Nullable(Type.String()),
  company_name: Nullable(Type.String()),
  location_text: Nullable(Type.String()),
  province_id: Nullable(Type.Integer()),
  district_id: Nullable(Type.Integer()),
  municipality_id: Nullable(Type.Integer()),
  salary_min: Nullable(Type.Number()),
  salary_max: Nullable(Type.Number()),
  openings: Nullable(Type.Integer()),
  deadline: Type.String(),
  skills: Labels,
  tags: Labels,
};

const publicPosting = <T extends typeof PublicLearningEventColumns | typeof PublicJobOpportunityColumns>(columns: T) =>
  Type.Object({ id: Type.Integer(), ...columns, institution_name: Nullable(Type.String()) });

export const PublicLearningEvent = publicPosting(PublicLearningEventColumns);
export type PublicLearningEvent = Static<typeof PublicLearningEvent>;

export const PublicJobOpportunity = publicPosting(PublicJobOpportunityColumns);
export type PublicJobOpportunity = Static<typeof PublicJobOpportunity>;

/** What a visitor sends to apply (`POST /public/{postings}/{id}/apply`); the API checks each field's rules after the shape. */
export const GuestApplicationBody = Type.Object(
  {
    full_name: Type.String({ maxLength: 120 }),
    email: Type.String({ maxLength: 254 }),
    contact_number: Type.String({ maxLength: 30 }),
    profession: Type.Optional(Nullable(Type.String({ maxLength: 120 }))),
    captcha: Type.Optional(Type.String({ maxLength: 8192 })),
  },
  { additionalProperties: false },
);
export type GuestApplicationBody = Static<typeof GuestApplicationBody>;

/** A course, enrichment program or roadmap on the learner's site that teaches a skill (skill-match.ts). */
export const TeachingItem = Type.Object({ resource: Type.String(), id: Type.Integer(), title: Type.String() });
export type TeachingItem = Static<typeof TeachingItem>;

/** A skill a posting asks that the learner lacks, with what teaches it on their site. */
export const MissingSkill = Type.Object({ name: Type.String(), teach: Type.Array(TeachingItem) });
export type MissingSkill = Static<typeof MissingSkill>;

/**
 * What a posting read by a learner carries beside its fields (DESIGN §5b): the share of its
 * skills the learner has (0–100), those they have and those they lack; and whether they saved it.
 */
export const PostingMatchProperties = {
  match_score: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  matched_skills: Type.Optional(Type.Array(Type.String())),
  missing_skills: Type.Optional(Type.Array(MissingSkill)),
  saved: Type.Optional(Type.Boolean()),
};

/** `POST /{posting}/{id}/save`: keep the posting in the learner's "Saved" list, or take it out. */
export const SavePostingBody = { saved: Type.Boolean() };

/** What saving answers: the posting's state now. */
export const SavedPostingAnswer = Type.Object({
  message: Type.String(),
  data: Type.Object({ saved: Type.Boolean() }),
});
export type SavedPostingAnswer = Static<typeof SavedPostingAnswer>;
