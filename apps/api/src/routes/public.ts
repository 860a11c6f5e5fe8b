import { DataOf, District, Municipality, Province, PublicConfig } from "@csc/shared";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { errorResponses, Id } from "./schemas.js";

const LANGUAGE_OPTIONS = [
  { code: "en-US", name: "En" },
  { code: "np-NP", name: "नेपाली" },
] as const;

/**
 * What the admin needs before anyone signs in: maintenance flag, domains, site keys, languages,
 * and whether missing translation keys are recorded.
 */
export default async function publicRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { config } = app;

  app.get(
    "/public/config",
    {
      config: { access: "public" },
      schema: {
        tags: ["public"],
        response: {
          200: DataOf(PublicConfig),
        },
      },
    },
    async () => ({
      data: {
        maintenance: config.maintenanceMode,
        rootDomain: config.rootDomain,
        adminSubdomain: config.adminSubdomain,
        captchaSiteKey: config.captchaSiteKey,
        courseSiteLoginUrl: config.courseSiteLoginUrl,
        courseSiteEditUrl: config.courseSiteEditUrl,
        localesSaveMissing: config.localesSaveMissing,
        languages: [...LANGUAGE_OPTIONS],
      },
    }),
  );

  app.get(
    "/locations/provinces",
    {
      config: { access: "public" },
      schema: { tags: ["locations"], response: { 200: DataOf(Type.Array(Province)), ...errorResponses } },
    },
    async () => ({
      data: await app.db.selectFrom("provinces").select(["id", "name", "name_np"]).orderBy("id").execute(),
    }),
  );

  app.get(
    "/locations/districts",
    {
      config: { access: "public" },
      schema: {
        tags: ["locations"],
        querystring: Type.Object({ province_id: Type.Optional(Id) }, { additionalProperties: false }),
        response: { 200: DataOf(Type.Array(District)), ...errorResponses },
      },
    },
    async (request) => {
      let query = app.db.selectFrom("districts").select(["id", "province_id", "name", "name_np"]).orderBy("id");
      if (request.query.province_id) query = query.where("province_id", "=", request.query.province_id);
      return { data: await query.execute() };
    },
  );

  app.get(
    "/locations/municipalities",
    {
      config: { access: "public" },
      schema: {
        tags: ["locations"],
        querystring: Type.Object({ district_id: Type.Optional(Id) }, { additionalProperties: false }),
        response: { 200: DataOf(Type.Array(Municipality)), ...errorResponses },
      },
    },
    async (request) => {
      let query = app.db
        .selectFrom("municipalities")
        .select(["id", "district_id", "name", "name_np", "category"])
        .orderBy("id");
      if (request.query.district_id) query = query.where("district_id", "=", request.query.district_id);
      return { data: await query.execute() };
    },
  );
}
