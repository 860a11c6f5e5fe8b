import {
  DataOf,
  InstitutionRecord,
  InstitutionSite,
  joinDomainsOf,
  PublicRecruiter,
  RECRUITER_ROLES,
  RESOURCES,
  RecruiterProfile,
} from "@csc/shared";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { providerSettingsOf } from "../domain/single-sign-on.js";
import { companyReach, institutionReach, lookupInstitutionOf } from "../engine/access.js";
import { ALIAS, scoped } from "../engine/store.js";
import { notFound } from "../platform/errors.js";
import { bearer, errorResponses, IdParams } from "./schemas.js";

/** What anyone may read of an institution: what its site shows before sign-in (InstitutionPublic). */
const PUBLIC_COLUMNS = [
  "id",
  "name",
  "subdomain",
  "type",
  "status",
  "logo",
  "primary_color",
  "secondary_color",
] as const;

const institutionColumns = [
  ...PUBLIC_COLUMNS,
  "email",
  "phone",
  "website",
  "address",
  "province_id",
  "district_id",
  "municipality_id",
  "created_at",
].map((name) => `${ALIAS}.${name}`);

const recruiterColumns = ["id", "name", "status", "email", "phone", "website", "logo", "address", "created_at"].map(
  (name) => `${ALIAS}.${name}`,
);

/** Institution and recruiter records; another tenant's record is a 404, never a 403. */
export default async function tenantRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  async function institutionFor(request: FastifyRequest, id: number, type?: "college") {
    const { institutions } = RESOURCES;
    const reach = institutionReach(institutions, lookupInstitutionOf(request.auth), ALIAS);
    let query = scoped(db, institutions, reach).select(institutionColumns).where(`${ALIAS}.id`, "=", id);
    if (type) query = query.where(`${ALIAS}.type`, "=", type);
    const row = await query.executeTakeFirst();
    if (!row) throw notFound(request.t("notFound"));
    return { data: row };
  }

  const recordSchema = (tag: string) => ({
    tags: [tag],
    security: bearer,
    params: IdParams,
    response: { 200: DataOf(InstitutionRecord), ...errorResponses },
  });

  app.get("/college/:id", { config: { access: "signed-in" }, schema: recordSchema("institutions") }, (request) =>
    institutionFor(request, request.params.id, "college"),
  );
  app.get("/institution/:id", { config: { access: "signed-in" }, schema: recordSchema("institutions") }, (request) =>
    institutionFor(request, request.params.id),
  );

  app.get(
    "/recruiter-profile",
    {
      config: { access: { roles: RECRUITER_ROLES } },
      schema: {
        tags: ["recruiters"],
        security: bearer,
        response: { 200: DataOf(RecruiterProfile), ...errorResponses },
      },
    },
    async (request) => {
      const row = await scoped(db, RESOURCES["company-profile"], companyReach(request.auth, ALIAS))
        .select(recruiterColumns)
        .executeTakeFirst();
      if (!row) throw notFound(request.t("notFound"));
      return { data: row };
    },
  );

  app.get(
    "/public/institutions/by-subdomain/:sub",
    {
      config: { access: "public" },
      schema: {
        tags: ["public"],
        params: Type.Object({ sub: Type.String({ minLength: 1, maxLength: 63, pattern: "^[A-Za-z0-9-]+$" }) }),
        response: { 200: DataOf(InstitutionSite), ...errorResponses },
      },
    },
    async (request) => {
      const row = await db
        .selectFrom("institutions")
        .select([...PUBLIC_COLUMNS, "join_policy", "join_domains", "sso_mode"])
        // read to say whether single sign-on is set up; never sent
        .select(["oidc_issuer", "oidc_client_id", "oidc_client_secret"])
        .where("subdomain", "=", request.params.sub.toLowerCase())
        .where("status", "=", "active")
        .executeTakeFirst();
      if (!row) throw notFound(request.t("institutionNotFound"));
      const { oidc_issuer, oidc_client_id, oidc_client_secret, ...site } = row;
      const sso_configured = providerSettingsOf({ oidc_issuer, oidc_client_id, oidc_client_secret }) !== null;
      return { data: { ...site, join_domains: joinDomainsOf(row.join_domains), sso_configured } };
    },
  );

  app.get(
    "/public/job-providers/check-job-provider/:id",
    {
      config: { access: "public" },
      schema: {
        tags: ["public"],
        params: IdParams,
        response: {
          200: DataOf(PublicRecruiter),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const row = await db
        .selectFrom("recruiters")
        .select(["id", "name", "logo"])
        .where("id", "=", request.params.id)
        .where("status", "=", "approved")
        .executeTakeFirst();
      if (!row) throw notFound(request.t("recruiterNotFound"));
      return { data: row };
    },
  );
}
