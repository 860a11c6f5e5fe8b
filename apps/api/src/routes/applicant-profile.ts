import { ApplicantProfile, DataOf, Nullable, RESOURCES } from "@csc/shared";
import type { FastifyInstance } from "fastify";
import { cvOf } from "../domain/learner-cv.js";
import { labelsIn } from "../domain/learner-skills.js";
import { reachedRow } from "../engine/handlers/reads.js";
import { bearer, errorResponses, IdParams } from "./schemas.js";

/**
 * `GET /applications/{id}/applicant`: the essentials of the learner behind an application,
 * for whoever may read that application (the same read reach as `GET /applications/{id}`, a 404
 * otherwise): name, e-mail, phone, institution, department or program, profession, skills and
 * their CV. Nothing else of the account. A guest who applied without an account has none: null.
 */
export default async function applicantProfileRoutes(app: FastifyInstance) {
  app.get<{ Params: IdParams }>(
    "/applications/:id/applicant",
    {
      config: { access: { can: [["read", "applications"]] } },
      schema: {
        tags: ["applications"],
        security: bearer,
        params: IdParams,
        response: { 200: DataOf(Nullable(ApplicantProfile)), ...errorResponses },
      },
    },
    async (request) => {
      const application = await reachedRow(request, RESOURCES.applications, "read");
      const userId = typeof application.user_id === "number" ? application.user_id : null;
      if (userId === null) return { data: null };
      const user = await app.db
        .selectFrom("users as u")
        .leftJoin("institutions as i", "i.id", "u.institution_id")
        .leftJoin("program_departments as p", "p.id", "u.program_department_id")
        .select(["u.full_name", "u.email", "u.phone", "u.skills", "i.name as institution", "p.name as department"])
        .where("u.id", "=", userId)
        .where("u.deleted_at", "is", null)
        .executeTakeFirst();
      if (!user) return { data: null };
      const gained = await app.db
        .selectFrom("learner_skills")
        .select("name")
        .where("user_id", "=", userId)
        .orderBy("gained_at", "desc")
        .orderBy("id", "desc")
        .execute();
      // the skills they gained and the ones they listed themselves, each once
      const names = new Map<string, string>();
      for (const name of [...gained.map((row) => row.name), ...labelsIn(user.skills)]) {
        const key = name.trim().toLocaleLowerCase("en-US");
        if (key && !names.has(key)) names.set(key, name.trim());
      }
      const cv = await cvOf(app.db, userId);
      return {
        data: {
          full_name: user.full_name,
          email: user.email,
          contact_number: user.phone,
          institution:
            user.institution ?? (typeof application.institution === "string" ? application.institution : null),
          department: user.department ?? (typeof application.department === "string" ? application.department : null),
          profession: typeof application.profession === "string" ? application.profession : null,
          skills: [...names.values()].map((name) => ({ name })),
          cv: cv ? { url: `/api/learners/${userId}/cv`, file_name: cv.fileName } : null,
        },
      };
    },
  );
}
