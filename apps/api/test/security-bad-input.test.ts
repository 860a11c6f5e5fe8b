import { type FieldMeta, JSON_FIELD_TYPES, RESOURCES, type ResourceMeta, ROLES } from "@csc/shared";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "./accounts.js";
import { bearer, body, createTestApp, hostOf, type TestApp, tokenFor } from "./helpers.js";
import { sampleBody } from "./samples.js";

/**
 * Input that used to reach SQL and answer 500 — a page offset of 1e400, a
 * number PostgreSQL cannot hold, and null for a column that must hold a value — is a 400 that
 * names the parameter or field (never a 500 for bad input).
 */

interface Account {
  id: number;
  email: string;
  token: string;
  host: string;
  resources: ResourceMeta[];
}

let t: TestApp;
const accounts: Account[] = [];
/** NOT NULL columns by table, and each one's default as the database states it. */
const notNull = new Map<string, Map<string, { hasDefault: boolean }>>();

/** A column default as the catalogue spells it (`'active'`, `'active'::text`, `0`), as plain text. */
async function columnDefault(table: string, column: string): Promise<string | null> {
  const query =
    t.app.dialect === "postgres"
      ? sql<{ value: string | null }>`select column_default as value from information_schema.columns
          where table_schema = current_schema() and table_name = ${table} and column_name = ${column}`
      : sql<{
          value: string | null;
        }>`select dflt_value as value from pragma_table_info(${table}) where name = ${column}`;
  const value = (await query.execute(t.app.db)).rows[0]?.value ?? null;
  return value === null ? null : value.replace(/::[\w ]+$/, "").replace(/^'(.*)'$/, "$1");
}

/** A value as its column stores it: booleans as 0/1. */
const asStored = (value: unknown) => (typeof value === "boolean" ? String(Number(value)) : String(value));

beforeAll(async () => {
  t = await createTestApp();
  for (const account of DEMO_ACCOUNTS) {
    const token = await tokenFor(t.app, account.email, account.site);
    const headers = { ...bearer(token), host: hostOf(account.site) };
    const profile = body<{ data: { id: number } }>(await t.app.inject({ url: "/api/profile", headers })).data;
    const meta = body<{ data: { resources: ResourceMeta[] } }>(await t.app.inject({ url: "/api/meta", headers })).data;
    accounts.push({
      id: profile.id,
      email: account.email,
      token,
      host: hostOf(account.site),
      resources: meta.resources,
    });
  }
  for (const table of await t.app.db.introspection.getTables()) {
    const columns = table.columns.filter((c) => !c.isNullable && !c.isAutoIncrementing && c.name !== "id");
    notNull.set(table.name, new Map(columns.map((c) => [c.name, { hasDefault: c.hasDefaultValue }])));
  }
});
afterAll(async () => {
  await t.close();
});

const call = (account: Account, method: "GET" | "POST" | "PATCH", url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(account.token), host: account.host },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** The first demo account whose /api/meta lets it do this to the resource. */
const accountThatMay = (resource: string, action: "read" | "create" | "update") =>
  accounts.find((a) => a.resources.some((r) => r.name === resource && r.actions.includes(action)));

const writableFields = (account: Account, resource: string): FieldMeta[] =>
  account.resources.find((r) => r.name === resource)?.fields.filter((f) => !f.readOnly) ?? [];

/** Writable fields whose column is NOT NULL, as the admin's form shows them to this account. */
const notNullFields = (account: Account, resource: keyof typeof RESOURCES) =>
  writableFields(account, resource).filter((f) => notNull.get(RESOURCES[resource].table)?.has(f.name));

describe("paging, ids and filters beyond what SQL can take", () => {
  it("_start=1e400 (or _end) answers 400 naming it on every list route", async () => {
    const doc = t.app.swagger() as { paths: Record<string, { get?: { parameters?: { in: string; name: string }[] } }> };
    const lists = Object.entries(doc.paths)
      .filter(([, methods]) => methods.get?.parameters?.some((p) => p.in === "query" && p.name === "_start"))
      .map(([path]) => path);
    const tried: string[] = [];
    for (const path of lists) {
      let reader: Account | undefined;
      for (const account of accounts) {
        if ((await call(account, "GET", `${path}?_start=0`)).statusCode === 200) {
          reader = account;
          break;
        }
      }
      // an export nobody may run is refused before its query is read
      if (!reader) continue;
      tried.push(path);
      for (const [param, value] of [
        ["_start", "1e400"],
        ["_end", "1e400"],
        ["_start", "1e300"],
        ["_end", "-1"],
      ]) {
        const res = await call(reader, "GET", `${path}?${param}=${value}`);
        expect(res.statusCode, `${path}?${param}=${value}: ${res.body}`).toBe(400);
        expect(body<{ errors: Record<string, string> }>(res).errors).toHaveProperty(param as string);
      }
    }
    const everyList = [...Object.keys(RESOURCES).map((name) => `/api/${name}`), "/api/mail-outbox"];
    expect(tried).toEqual(expect.arrayContaining(everyList));
  });

  it("an id or a numeric filter beyond a 32-bit integer, or with a fraction, answers 400 naming it", async () => {
    let tried = 0;
    for (const resource of Object.values(RESOURCES)) {
      const reader = accountThatMay(resource.name, "read");
      if (!reader) continue;
      const ids = await call(reader, "GET", `/api/${resource.name}?id=99999999999`);
      expect(ids.statusCode, `${resource.name}?id=99999999999`).toBe(400);
      expect(body<{ errors: object }>(ids).errors).toHaveProperty("id");
      const numeric = resource.fields.filter(
        (f) => f.filter && ["number", "relation", "province", "district", "municipality", "year"].includes(f.type),
      );
      for (const field of numeric) {
        for (const [param, value] of [
          [field.name, "99999999999"],
          [`${field.name}_gte`, "1.5"],
          [`${field.name}_ne`, "1e400"],
        ]) {
          const res = await call(reader, "GET", `/api/${resource.name}?${param}=${value}`);
          expect(res.statusCode, `${resource.name}?${param}=${value}: ${res.body}`).toBe(400);
          expect(body<{ errors: object }>(res).errors).toHaveProperty(param as string);
          tried += 1;
        }
      }
    }
    expect(tried).toBeGreaterThan(20);
  });

  it("a number or a relation PostgreSQL's INTEGER cannot hold, or no number at all, answers 400 naming the field", async () => {
    const editor = accountThatMay("job-opportunities", "update");
    if (!editor) throw new Error("nobody may edit job opportunities");
    const url = "/api/job-opportunities";
    const [row] = body<Record<string, unknown>[]>(await call(editor, "GET", `${url}?_end=1`));
    if (!row) throw new Error("no job opportunity");
    const cases = [
      ["salary_min", 1e12, "This value is not valid."],
      ["salary_max", 1.5, "Enter a whole number."],
      ["institution_id", 99_999_999_999, "This value is not valid."],
      ["province_id", 2 ** 31, "This value is not valid."],
      // no primitive value at all: Number() would throw on it
      ["recruiter_id", [[{ toString: "" }]], "This value is not valid."],
    ] as const;
    for (const [name, value, message] of cases) {
      const res = await call(editor, "PATCH", `${url}/${row.id}`, { [name]: value });
      expect(res.statusCode, `${name}: ${JSON.stringify(value)}: ${res.body}`).toBe(400);
      expect(body<{ errors: Record<string, string> }>(res).errors).toEqual({ [name]: message });
    }
    const after = body(await call(editor, "GET", `${url}/${row.id}`));
    for (const [name] of cases) expect(after[name], name).toEqual(row[name]);
  });
});

describe("text PostgreSQL cannot hold", () => {
  it("a NUL byte in a search, a filter or a text field answers 400 naming it", async () => {
    let tried = 0;
    for (const resource of Object.values(RESOURCES)) {
      const reader = accountThatMay(resource.name, "read");
      if (!reader) continue;
      const like = resource.fields.find((f) => f.search && f.type === "text");
      for (const param of ["q", ...(like ? [`${like.name}_like`] : [])]) {
        const res = await call(reader, "GET", `/api/${resource.name}?${param}=a%00b`);
        expect(res.statusCode, `${resource.name}?${param}: ${res.body}`).toBe(400);
        expect(body<{ errors: object }>(res).errors).toHaveProperty(param);
        tried += 1;
      }
    }
    expect(tried).toBeGreaterThan(Object.keys(RESOURCES).length);

    const editor = accountThatMay("courses", "update");
    if (!editor) throw new Error("nobody may edit courses");
    const [row] = body<{ id: number; title: string }[]>(await call(editor, "GET", "/api/courses?_end=1"));
    if (!row) throw new Error("no course");
    const res = await call(editor, "PATCH", `/api/courses/${row.id}`, { title: "Intro\u0000duction" });
    expect(res.statusCode, res.body).toBe(400);
    expect(body<{ errors: Record<string, string> }>(res).errors).toEqual({
      title: "Contains characters that are not allowed here.",
    });
    expect(body(await call(editor, "GET", `/api/courses/${row.id}`)).title).toBe(row.title);
  });
});

describe("null or blank for a column that must hold a value", () => {
  it('PATCH null or "" on every NOT NULL field answers 400 naming it, and changes nothing', async () => {
    const tried = new Set<string>();
    for (const resource of Object.values(RESOURCES)) {
      const editor = accountThatMay(resource.name, "update");
      if (!editor) continue;
      const rows = body<Record<string, unknown>[]>(await call(editor, "GET", `/api/${resource.name}?_end=20`));
      const row = rows.find((r) => r.id !== editor.id);
      if (!row) continue;
      for (const field of notNullFields(editor, resource.name)) {
        for (const blank of [null, ""]) {
          const res = await call(editor, "PATCH", `/api/${resource.name}/${row.id}`, { [field.name]: blank });
          const what = `${resource.name}.${field.name} = ${JSON.stringify(blank)} by ${editor.email}`;
          if (JSON_FIELD_TYPES.includes(field.type)) {
            // a list cleared is an empty list, which the column holds
            expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
            expect(body(res)[field.name], what).toEqual([]);
            continue;
          }
          expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
          expect(body<{ errors: Record<string, string> }>(res).errors, what).toEqual({
            [field.name]: "This field is required.",
          });
          tried.add(`${resource.name}.${field.name}`);
        }
      }
      const after = body(await call(editor, "GET", `/api/${resource.name}/${row.id}`));
      for (const field of notNullFields(editor, resource.name)) {
        if (!JSON_FIELD_TYPES.includes(field.type)) expect(after[field.name], field.name).toEqual(row[field.name]);
      }
    }
    // the fields of the finding, among every other NOT NULL one
    expect([...tried]).toEqual(
      expect.arrayContaining([
        "users.status",
        "students.status",
        "employees.status",
        "institutions.status",
        "college-recruiters.status",
        "courses.publish_status",
        "learning-events.publish_status",
        "job-opportunities.publish_status",
        "scholarship.publish_status",
        "career-roadmap.publish_status",
        "self-assessment.publish_status",
        "enrichment-programs.publish_status",
        "global-partners.publish_status",
        "testimonials.publish_status",
        "courses.title",
        "institutions.primary_color",
      ]),
    );
  });

  it("POST with a NOT NULL field blank stores the column's own default, or answers 400 naming it", async () => {
    const institutions = await t.app.db.selectFrom("institutions").select(["id", "type"]).execute();
    const tried = new Set<string>();
    for (const resource of Object.values(RESOURCES)) {
      const creator = accountThatMay(resource.name, "create");
      if (!creator) continue;
      for (const field of notNullFields(creator, resource.name)) {
        if (JSON_FIELD_TYPES.includes(field.type)) continue;
        const sample = await sampleBody(resource, async (relation) => {
          if (relation.name === "institution_id" && resource.table === "users") {
            const type = resource.name === "employees" ? "company" : "college";
            return institutions.find((i) => i.type === type)?.id;
          }
          const res = await call(creator, "GET", `/api/${resource.name}/options/${relation.name}`);
          const options = res.statusCode === 200 ? body<{ value: number }[]>(res) : [];
          if (resource.name !== "college-recruiters") return options[0]?.value;
          // a recruiter not yet on the institution's list, so that the pair is free
          const listed = body<{ recruiter_id: number }[]>(await call(creator, "GET", `/api/${resource.name}?_end=100`));
          return options.find((o) => !listed.some((row) => row.recruiter_id === o.value))?.value;
        });
        if (resource.name === "users") sample.role = ROLES.SKILLLAB_VIEWER;
        const res = await call(creator, "POST", `/api/${resource.name}`, { ...sample, [field.name]: null });
        const what = `${resource.name}.${field.name} by ${creator.email}`;
        const column = notNull.get(resource.table)?.get(field.name);
        if (column?.hasDefault) {
          expect(res.statusCode, `${what}: ${res.body}`).toBe(201);
          expect(asStored(body(res)[field.name]), what).toBe(await columnDefault(resource.table, field.name));
        } else {
          expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
          expect(body<{ errors: Record<string, string> }>(res).errors, what).toHaveProperty(field.name);
        }
        tried.add(`${resource.name}.${field.name}`);
      }
    }
    expect([...tried]).toEqual(
      expect.arrayContaining([
        "users.status",
        "students.status",
        "institutions.status",
        "college-recruiters.status",
        "courses.publish_status",
        "testimonials.publish_status",
        "courses.title",
      ]),
    );
  });
});
