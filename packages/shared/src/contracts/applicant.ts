import { type Static, Type } from "typebox";
import { Nullable } from "./common.js";

/** A learner's CV as their profile and the staff who reach them see it. */
export const CvSummary = Type.Object({ file_name: Type.String(), url: Type.String() });
export type CvSummary = Static<typeof CvSummary>;

/**
 * `GET /applications/{id}/applicant`: the essentials of the learner behind an application (null for
 * a guest without an account). Nothing else of the account.
 */
export const ApplicantProfile = Type.Object({
  full_name: Type.String(),
  email: Type.String(),
  contact_number: Nullable(Type.String()),
  institution: Nullable(Type.String()),
  department: Nullable(Type.String()),
  profession: Nullable(Type.String()),
  skills: Type.Array(Type.Object({ name: Type.String() })),
  cv: Nullable(Type.Object({ url: Type.String(), file_name: Type.String() })),
});
export type ApplicantProfile = Static<typeof ApplicantProfile>;

/** `POST /uploads/...`: where the stored file is served from. */
export const Uploaded = Type.Object({ data: Type.Object({ url: Type.String() }) });
export type Uploaded = Static<typeof Uploaded>;
