import type { Kysely } from "kysely";
import type { Database } from "../platform/db/schema.js";

/**
 * Enrolments with their learner (`u`) and what they are in: the item's `title` and its owner
 * (`institution_id`, `recruiter_id`: who issues its certificate), whichever of a course, an
 * enrichment program or a career roadmap it is. The certificate's page and its mail read the same.
 */
export function completedEnrolments(db: Kysely<Database>) {
  return db
    .selectFrom("enrolments as e")
    .innerJoin("users as u", "u.id", "e.user_id")
    .leftJoin("courses as c", "c.id", "e.course_id")
    .leftJoin("external_programs as p", "p.id", "e.enrichment_program_id")
    .leftJoin("career_roadmaps as m", "m.id", "e.career_roadmap_id")
    .select((eb) => [
      eb.fn.coalesce("c.title", "p.title", "m.title").as("title"),
      eb.fn.coalesce("c.institution_id", "p.institution_id", "m.institution_id").as("institution_id"),
      eb.fn.coalesce("c.recruiter_id", "p.recruiter_id", "m.recruiter_id").as("recruiter_id"),
    ]);
}
