import {
  type AppAbility,
  type AppRule,
  abilityFromRules,
  assignableRoles,
  type FieldDefinition,
  isRole,
  RESOURCES,
  type ResourceAction,
  type ResourceDefinition,
  type Role,
  roleFitsInstitution,
  roleKind,
} from "@csc/shared";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "./accounts.js";
import { bearer, createTestApp, type TestApp, tokenFor } from "./helpers.js";
import { sampleBody } from "./samples.js";

/**
 * The access matrix: for every demo account and every resource, what the account's
 * rules (as /api/profile sends them) allow works and everything else is refused; and nobody
 * reaches another tenant's rows by id, filter, search, export, update or delete.
 */

type Verb = ResourceAction;
// biome-ignore lint/suspicious/noExplicitAny: the matrix reads every resource table
type AnyRow = Record<string, any>;

interface Account {
  id: number;
  email: string;
  role: Role;
  token: string;
  ability: AppAbility;
  institution: { id: number; type: "college" | "company" } | null;
  recruiterId: number | null;
}

let t: TestApp;
const accounts: Account[] = [];
const tenants = { kmc: 0, himal: 0, everest: 0, other: 0 };
const resources = Object.values(RESOURCES);

const call = (account: Account, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as "GET",
    url,
    headers: bearer(account.token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
// biome-ignore lint/suspicious/noExplicitAny: dynamic tables
const db = () => t.app.db as any;

/** Rows of a resource's table as the resource sees them (its fixed values and soft deletion). */
async function rowsOf(resource: ResourceDefinition, where: (query: AnyRow) => AnyRow = (q) => q): Promise<AnyRow[]> {
  let query = db().selectFrom(resource.table).selectAll();
  for (const [name, value] of Object.entries(resource.fixed ?? {})) query = query.where(name, "=", value);
  if (resource.softDelete === "hide") query = query.where("deleted_at", "is", null);
  if (resource.softDelete === "only") query = query.where("deleted_at", "is not", null);
  return where(query).execute();
}

const hasColumn = (resource: ResourceDefinition, name: string) => resource.fields.some((f) => f.name === name);

/** Rows of other tenants that this account must never reach. */
async function foreignRows(account: Account, resource: ResourceDefinition): Promise<AnyRow[]> {
  const kind = roleKind(account.role);
  if (kind === "provider") return [];
  // reached through their postings, not their own columns: applications.test.ts has their neighbours
  if (resource.scope === "policy") return [];
  if (kind === "recruiter") {
    if (resource.scope === "tenant" && resource.table === "recruiters") {
      return rowsOf(resource, (q) => q.where("id", "=", tenants.other));
    }
    if (hasColumn(resource, "recruiter_id") && resource.table !== "institution_recruiters") {
      return rowsOf(resource, (q) => q.where("recruiter_id", "=", tenants.other));
    }
    return [];
  }
  const own = account.institution?.id ?? -1;
  if (resource.scope === "tenant" && resource.table === "institutions") {
    return rowsOf(resource, (q) => q.where("id", "!=", own));
  }
  if (resource.scope === "plan") {
    const ownPlan = db().selectFrom("institutions").select("feature_profile_id").where("id", "=", own);
    return rowsOf(resource, (q) => q.where("id", "not in", ownPlan));
  }
  if (hasColumn(resource, "institution_id") && resource.scope !== "global") {
    // a learner reads the postings of other institutions meant for all (access scope)
    const forAll = kind === "learner" && hasColumn(resource, "access_scope");
    const others = (q: AnyRow) => q.where("institution_id", "is not", null).where("institution_id", "!=", own);
    const rows = forAll
      ? [
          ...(await rowsOf(resource, (q) => others(q).where("access_scope", "is", null))),
          ...(await rowsOf(resource, (q) => others(q).where("access_scope", "!=", "all"))),
        ]
      : await rowsOf(resource, others);
    if (forAll && account.institution) {
      // the provider's and recruiters' local postings are for learners without an institution
      rows.push(
        ...(await rowsOf(resource, (q) => q.where("institution_id", "is", null).where("access_scope", "=", "local"))),
      );
    }
    if (hasColumn(resource, "publish_status")) {
      // nobody outside the provider sees the provider's or recruiters' drafts
      rows.push(
        ...(await rowsOf(resource, (q) => q.where("institution_id", "is", null).where("publish_status", "=", 0))),
      );
    }
    if (kind === "learner" && hasColumn(resource, "publish_status")) {
      // a learner does not see unpublished rows of its own institution either
      rows.push(
        ...(await rowsOf(resource, (q) => q.where("institution_id", "=", own).where("publish_status", "=", 0))),
      );
    }
    return rows;
  }
  if (resource.table === "users" && kind === "learner") return rowsOf(resource, (q) => q.where("id", "!=", account.id));
  return [];
}

const expectStatus = (res: LightMyRequestResponse, expected: number, what: string) =>
  expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(expected);

/** The command a resource serves as its update (`PATCH /{resource}/{id}`), if any. */
const updateCommandOf = (resource: ResourceDefinition) => resource.commands?.find((command) => command.asUpdate)?.name;

/** 403 when the account may not do it at all, 404 when the resource has no such action. */
const refused = (resource: ResourceDefinition, verb: Verb) => (resource.actions.includes(verb) ? 403 : 404);

async function relationValue(account: Account, resource: ResourceDefinition, field: FieldDefinition) {
  if (field.name === "institution_id" && resource.name === "students") return tenants.kmc;
  if (field.name === "institution_id" && resource.name === "employees") return tenants.himal;
  const res = await call(account, "GET", `/api/${resource.name}/options/${field.name}`);
  if (res.statusCode !== 200) return undefined;
  const options = (res.json() as { value: number }[]).map((o) => o.value);
  if (resource.table === "institution_recruiters") {
    // a recruiter not yet on this institution's list
    const linked = await db()
      .selectFrom("institution_recruiters")
      .select("recruiter_id")
      .where("institution_id", "=", account.institution?.id ?? 0)
      .execute();
    return options.find((value) => !linked.some((l: AnyRow) => l.recruiter_id === value));
  }
  return options[0];
}

/** A create body this account could send: required fields, a role it may give, relations it may use. */
async function bodyFor(account: Account, resource: ResourceDefinition) {
  const body = await sampleBody(resource, (field) => relationValue(account, resource, field));
  // accounts and invitations: a role the caller may give, fitting their own institution
  if (resource.fields.some((field) => field.name === "role" && field.enum === "role")) {
    const role = roleFor(account, account.institution?.type ?? null);
    if (role) body.role = role;
  }
  return body;
}

const roleFor = (account: Account, type: "college" | "company" | null) =>
  assignableRoles(account.role).find(
    (r) => roleFitsInstitution(r, type) && (roleKind(r) !== "recruiter" || account.recruiterId !== null),
  );

beforeAll(async () => {
  t = await createTestApp();
  for (const account of DEMO_ACCOUNTS) {
    const token = await tokenFor(t.app, account.email, account.site);
    const profile = (await t.app.inject({ url: "/api/profile", headers: bearer(token) })).json<{
      data: {
        id: number;
        role: string;
        rules: AppRule[];
        institution: { id: number; type: "college" | "company" } | null;
        recruiter: { id: number } | null;
      };
    }>().data;
    if (!isRole(profile.role)) throw new Error(profile.role);
    accounts.push({
      id: profile.id,
      email: account.email,
      role: profile.role,
      token,
      ability: abilityFromRules(profile.rules),
      institution: profile.institution && { id: profile.institution.id, type: profile.institution.type },
      recruiterId: profile.recruiter?.id ?? null,
    });
  }
  const ids = await db().selectFrom("institutions").select(["id", "subdomain"]).execute();
  tenants.kmc = ids.find((r: AnyRow) => r.subdomain === "kmc").id;
  tenants.himal = ids.find((r: AnyRow) => r.subdomain === "himal").id;
  tenants.everest = (
    await db().selectFrom("recruiters").select("id").where("name", "=", "Everest Recruiters").executeTakeFirstOrThrow()
  ).id;
  const now = new Date().toISOString();
  tenants.other = (
    await db()
      .insertInto("recruiters")
      .values({
        name: "Other Recruiters",
        status: "approved",
        email: "other@recruiters.example.com",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;

  // a second college and a second company, each with a learner, so that every list has a neighbour
  for (const [name, subdomain, type, role] of [
    ["Pokhara College", "pkc", "college", "STUDENT"],
    ["Annapurna Foods", "annapurna", "company", "EMPLOYEE"],
  ] as const) {
    const { id } = await db()
      .insertInto("institutions")
      .values({
        name,
        subdomain,
        type,
        status: "active",
        primary_color: "#222222",
        secondary_color: "#888888",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("users")
      .values({
        email: `learner@${subdomain}.example.com`,
        password_hash: "unusable",
        full_name: `${name} Learner`,
        role,
        institution_id: id,
        permissions: "[]",
        status: "active",
        token_version: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  // every tenant owns rows of every tenant-scoped resource, made by provider staff
  const superadmin = accounts.find((a) => a.role === "SUPER_ADMIN") as Account;
  for (const resource of resources) {
    if (!resource.actions.includes("create") || resource.table === "users" || resource.scope === "global") continue;
    if (resource.table === "institution_recruiters") {
      // only institutions keep their recruiter lists; provider staff do not have the entry
      for (const institution_id of [tenants.kmc, tenants.himal]) {
        await db()
          .insertInto("institution_recruiters")
          .values({ institution_id, recruiter_id: tenants.other, status: "active", created_at: now, updated_at: now })
          .execute();
      }
      continue;
    }
    const owners: Record<string, number>[] = [{ institution_id: tenants.kmc }, { institution_id: tenants.himal }];
    if (hasColumn(resource, "recruiter_id"))
      owners.push({ recruiter_id: tenants.everest }, { recruiter_id: tenants.other });
    for (const owner of owners) {
      const body = { ...(await bodyFor(superadmin, resource)), ...owner };
      // an invitation's role fits the institution it is to (kmc is a college, himal a company)
      if (resource.table === "invitations") {
        body.role = roleFor(superadmin, owner.institution_id === tenants.kmc ? "college" : "company");
      }
      if (hasColumn(resource, "publish_status")) body.publish_status = true;
      const res = await call(superadmin, "POST", `/api/${resource.name}`, body);
      expectStatus(res, 201, `seed ${resource.name} ${JSON.stringify(owner)}`);
    }
  }
});

afterAll(async () => {
  await t.close();
});

describe.each(DEMO_ACCOUNTS.map((a) => a.email))("%s", (email) => {
  const account = () => accounts.find((a) => a.email === email) as Account;

  it.each(resources.map((r) => r.name))("may do on %s exactly what its rules allow", async (name) => {
    const me = account();
    const resource = RESOURCES[name];
    const can = (verb: Verb) => resource.actions.includes(verb) && me.ability.can(verb, name);

    const list = await call(me, "GET", `/api/${name}?_start=0&_end=100`);
    expectStatus(list, can("read") ? 200 : 403, `list ${name}`);
    const exported = await call(me, "GET", `/api/${name}/export`);
    expectStatus(exported, can("export") ? 200 : refused(resource, "export"), `export ${name}`);

    let target: number | undefined;
    const create = await call(me, "POST", `/api/${name}`, await bodyFor(me, resource));
    expectStatus(create, can("create") ? 201 : refused(resource, "create"), `create ${name}`);
    if (create.statusCode === 201) target = create.json<{ id: number }>().id;
    if (target === undefined && list.statusCode === 200) target = list.json<{ id: number }[]>()[0]?.id;
    if (target === undefined) return;

    const update = await call(me, "PATCH", `/api/${name}/${target}`, {});
    const command = updateCommandOf(resource);
    if (command) {
      // the update is a command (an enrolment's progress): refused without its right; with it, an
      // empty change is bad input on a row it reaches and a 404 on one it does not
      const allowed = me.ability.can(command, name) ? [400, 404] : [403];
      expect(allowed, `update ${name}/${target}: ${update.body}`).toContain(update.statusCode);
    } else expectStatus(update, can("update") ? 200 : refused(resource, "update"), `update ${name}/${target}`);
    if (create.statusCode === 201) {
      const remove = await call(me, "DELETE", `/api/${name}/${target}`);
      expectStatus(remove, can("delete") ? 200 : refused(resource, "delete"), `delete ${name}/${target}`);
    }
  });

  it.each(resources.map((r) => r.name))("never reaches another tenant's %s", async (name) => {
    const me = account();
    const resource = RESOURCES[name];
    const can = (verb: Verb) => resource.actions.includes(verb) && me.ability.can(verb, name);
    const foreign = await foreignRows(me, resource);
    if (
      roleKind(me.role) === "institution" &&
      hasColumn(resource, "institution_id") &&
      resource.scope !== "global" &&
      resource.scope !== "policy"
    ) {
      // the setup gave the other institution rows of this resource, so the checks below run
      expect(foreign.length, `foreign ${name}`).toBeGreaterThan(0);
    }
    for (const row of foreign) {
      const id = row.id as number;
      expectStatus(await call(me, "GET", `/api/${name}/${id}`), can("read") ? 404 : 403, `read ${name}/${id}`);
      if (can("read")) {
        const byId = await call(me, "GET", `/api/${name}?id=${id}`);
        expect(byId.json<{ id: number }[]>().map((r) => r.id)).not.toContain(id);
        const title = row[resource.titleField];
        if (typeof title === "string" && resource.fields.some((f) => f.search)) {
          const search = await call(me, "GET", `/api/${name}?q=${encodeURIComponent(title)}&_end=100`);
          expect(search.json<{ id: number }[]>().map((r) => r.id)).not.toContain(id);
        }
      }
      if (can("export")) {
        const csv = (await call(me, "GET", `/api/${name}/export?id=${id}`)).body;
        expect(
          csv
            .split("\r\n")
            .slice(1)
            .filter((line) => line.startsWith(`"${id}"`)),
        ).toEqual([]);
      }
      const command = updateCommandOf(resource);
      expectStatus(
        await call(me, "PATCH", `/api/${name}/${id}`, {}),
        command ? (me.ability.can(command, name) ? 404 : 403) : can("update") ? 404 : refused(resource, "update"),
        `update ${name}/${id}`,
      );
      expectStatus(
        await call(me, "DELETE", `/api/${name}/${id}`),
        can("delete") ? 404 : refused(resource, "delete"),
        `delete ${name}/${id}`,
      );
      const still = await db().selectFrom(resource.table).select("id").where("id", "=", id).executeTakeFirst();
      expect(still, `${name}/${id} still there`).toBeDefined();
    }
  });
});
