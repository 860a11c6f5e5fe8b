import { DataOf, Meta, menuFor, Profile } from "@csc/shared";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { profileOf } from "../domain/accounts.js";
import { skillsOf } from "../domain/learner-skills.js";
import { profileDetailsOf } from "../domain/profile.js";
import { resourcesFor } from "../engine/meta.js";
import profileEditRoutes from "./profile-edit.js";
import { bearer, ErrorResponse } from "./schemas.js";

/** The signed-in user and their server-driven menu. */
export default async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  await profileEditRoutes(fastify);

  app.get(
    "/profile",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["profile"],
        security: bearer,
        response: { 200: DataOf(Profile), 401: ErrorResponse },
      },
    },
    async (request) => ({
      data: {
        ...profileOf(request.auth),
        ...(await profileDetailsOf(app.db, request.auth.id)),
        // The skills the caller has gained, each with where it came from
        skills: await skillsOf(app.db, request.auth.id),
      },
    }),
  );

  app.get(
    "/meta",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["profile"],
        security: bearer,
        response: {
          200: DataOf(Meta),
          401: ErrorResponse,
        },
      },
    },
    async (request) => ({
      data: { menu: menuFor(request.auth), resources: resourcesFor(request.auth, request.ability, request.t) },
    }),
  );
}
