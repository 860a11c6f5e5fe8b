import { type Static, Type } from "typebox";
import { ENROLMENT_ITEM_TYPES } from "../enums.js";
import { Nullable, OneOf } from "./common.js";

/** `POST /course-site/completions`: the enrolment as the course site's callback left it. */
export const CourseSiteEnrolment = Type.Object({
  id: Type.Integer(),
  item_type: OneOf(ENROLMENT_ITEM_TYPES),
  item_id: Type.Integer(),
  user_id: Type.Integer(),
  enrolled_at: Type.String(),
  progress: Type.Integer(),
  completed_at: Nullable(Type.String()),
  certificate_code: Nullable(Type.String()),
});
export type CourseSiteEnrolment = Static<typeof CourseSiteEnrolment>;
