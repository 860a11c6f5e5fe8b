import { type Kysely, PostgresAdapter } from "kysely";
import { field } from "../../packages/shared/src/registry/fields.js";
import { sharedCatalogue } from "../../packages/shared/src/registry/policies.js";
import type { ResourceDefinition } from "../../packages/shared/src/registry/types.js";
import { ALL, catalogue } from "../../packages/shared/src/resources/parts.js";
import { INSTITUTION_STAFF_ROLES, LEARNER_ROLES, PROVIDER_ROLES } from "../../packages/shared/src/roles.js";

/**
 * A new menu resource written the way docs/adding-a-resource.md says, with existing field types
 * only: its module (packages/shared/src/resources/<name>.ts) and its migration. The scaffold test
 * lists it beside the others and checks that nothing else is needed for its routes, access,
 * schemas, meta and menu entry. (A real module also adds its name to `ResourceTables`; here the
 * name is cast, so that the made-up resource stays out of the product's types.)
 */
export const mentors = {
  name: "mentors",
  table: "mentors",
  scope: "shared",
  fields: catalogue([
    field("full_name", "text", { required: true, list: true, sort: true, search: true, maxLength: 120 }),
    field("expertise", "text", { list: true, filter: true, maxLength: 200 }),
    field("email", "email", { list: true, search: true }),
    field("available_from", "date", { list: true, sort: true, filter: true }),
    field("bio", "richtext"),
  ]),
  defaultSort: { field: "created_at", order: "desc" },
  actions: ALL,
  titleField: "full_name",
  policy: sharedCatalogue(["institution", "learner"]),
  icon: "team",
  menu: {
    order: 135,
    label: "Mentors",
    path: "/mentors",
    roles: [...PROVIDER_ROLES, ...INSTITUTION_STAFF_ROLES, ...LEARNER_ROLES],
  },
} as unknown as ResourceDefinition;

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

/** Its migration, as `apps/api/src/platform/db/migrations/<timestamp>_mentors.ts` would hold it. */
export async function up(db: Db): Promise<void> {
  const id = db.getExecutor().adapter instanceof PostgresAdapter ? "serial" : "integer";
  await db.schema
    .createTable("mentors")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("expertise", "text")
    .addColumn("email", "text")
    .addColumn("available_from", "text")
    .addColumn("bio", "text")
    .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("publish_status", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("institution_id", "integer", (c) => c.references("institutions.id"))
    .addColumn("recruiter_id", "integer", (c) => c.references("recruiters.id"))
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

/** The resources' list with `mentors` beside the others, as resources/index.ts would list it. */
export function listedWithMentors<Listed extends { RESOURCES: object; RESOURCE_NAMES: readonly string[] }>(
  listed: Listed,
): Listed {
  Object.assign(listed.RESOURCES, { mentors });
  (listed.RESOURCE_NAMES as string[]).push("mentors");
  return listed;
}
