import { RESOURCES } from "@csc/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, type TestApp, tokenFor } from "./helpers.js";

/**
 * Side doors an outside probe found around the resource routes, each written as the attack it
 * stops. Runs on SQLite and, with TEST_POSTGRES_URL, on PostgreSQL.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// biome-ignore lint/suspicious/noExplicitAny: rows are planted into several catalogue tables alike
const anyDb = () => t.app.db as any;

describe("relation options name only rows the caller may read", () => {
  type Owner = "recruiter" | "himal" | "provider";
  interface Planted {
    table: string;
    id: number;
    title: string;
    owner: Owner;
    published: boolean;
  }
  const planted: Planted[] = [];
  const MARKER = "Sidedoor";

  const stamp = () => new Date().toISOString();
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const extraColumns: Record<string, Record<string, unknown>> = {
    job_opportunities: { job_type: "internship", deadline: inDays(30).slice(0, 10), access_scope: "all" },
    learning_events: { event_type: "training", start_at: inDays(10), end_at: inDays(12), access_scope: "all" },
    courses: {},
    scholarships: {},
  };

  async function plant(table: string, owner: Owner, published: boolean, ids: { himal: number; everest: number }) {
    const title = `${MARKER} ${owner} ${published ? "published" : "draft"} ${table}`;
    const row = await anyDb()
      .insertInto(table)
      .values({
        title,
        ...extraColumns[table],
        publish_status: published ? 1 : 0,
        institution_id: owner === "himal" ? ids.himal : null,
        recruiter_id: owner === "recruiter" ? ids.everest : null,
        created_at: stamp(),
        updated_at: stamp(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    planted.push({ table, id: row.id, title, owner, published });
  }

  beforeAll(async () => {
    const himal = (
      await t.app.db.selectFrom("institutions").select("id").where("subdomain", "=", "himal").executeTakeFirstOrThrow()
    ).id;
    const everest = (
      await t.app.db
        .selectFrom("recruiters")
        .select("id")
        .where("name", "=", "Everest Recruiters")
        .executeTakeFirstOrThrow()
    ).id;
    const ids = { himal, everest };
    for (const table of Object.keys(extraColumns)) {
      await plant(table, "himal", false, ids);
      await plant(table, "provider", false, ids);
    }
    // courses and scholarships are no recruiter's to publish
    await plant("job_opportunities", "recruiter", false, ids);
    await plant("learning_events", "recruiter", false, ids);
    await plant("scholarships", "provider", true, ids);
  });

  /** Whether the account may read a planted row, as the target's own list would show it. */
  function readable(email: string, row: Planted): boolean {
    const kmc = ["student@example.com", "college.admin@example.com", "college.viewer@example.com"].includes(email);
    // the demo college's plan has no scholarships: not even the provider's published ones
    if (row.table === "scholarships" && kmc) return false;
    if (row.published) return true;
    if (row.owner === "recruiter") return email.startsWith("recruiter.");
    if (row.owner === "himal") return email.startsWith("company.");
    return false;
  }

  /** Every relation field of every resource whose target is a planted table, as the probe asked for them. */
  async function optionsSeen(email: string, site: string) {
    const token = await tokenFor(t.app, email, site);
    const labels = new Set<string>();
    for (const resource of Object.values(RESOURCES)) {
      for (const field of resource.fields) {
        const target = field.relation ? RESOURCES[field.relation.resource] : undefined;
        if (!target || !(target.table in extraColumns)) continue;
        const ids = planted.filter((row) => row.table === target.table).map((row) => `id=${row.id}`);
        for (const query of [`q=${MARKER}`, ids.join("&")]) {
          const res = await t.app.inject({
            url: `/api/${resource.name}/options/${field.name}?${query}`,
            headers: bearer(token),
          });
          const what = `${email} ${resource.name}.${field.name}?${query}`;
          expect([200, 403], `${what}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
          if (res.statusCode !== 200) continue;
          for (const option of res.json<{ value: number; label: string }[]>()) {
            const row = planted.find((p) => p.id === option.value && p.table === target.table);
            if (row) expect(readable(email, row), `${what} names "${row.title}"`).toBe(true);
            labels.add(option.label);
          }
        }
      }
    }
    return labels;
  }

  it("as a learner: never an unpublished posting, a recruiter's or another tenant's draft", async () => {
    const student = await optionsSeen("student@example.com", "kmc");
    expect([...student].filter((label) => label.startsWith(MARKER))).toEqual([]);
    const learner = await optionsSeen("learner@example.com", "provider");
    // what the learner's own lists show is still offered
    expect([...learner].filter((label) => label.startsWith(MARKER))).toEqual([
      `${MARKER} provider published scholarships`,
    ]);
    const employee = await optionsSeen("employee@example.com", "himal");
    expect([...employee].filter((label) => label.startsWith(MARKER))).toEqual([
      `${MARKER} provider published scholarships`,
    ]);
  });

  it("as the demo college, whose plan has no scholarships: no scholarship titles at all", async () => {
    for (const email of ["college.admin@example.com", "college.viewer@example.com"]) {
      const token = await tokenFor(t.app, email, "kmc");
      for (const query of ["", "q=a", `q=${MARKER}`]) {
        const res = await t.app.inject({
          url: `/api/applications/options/scholarship_id?${query}`,
          headers: bearer(token),
        });
        expect(res.statusCode === 403 || res.json().length === 0, `${email}: ${res.body.slice(0, 200)}`).toBe(true);
      }
      const seen = await optionsSeen(email, "kmc");
      expect([...seen].filter((label) => label.startsWith(MARKER))).toEqual([]);
    }
  });

  it("as institution or recruiter staff: no other tenant's rows, their own still offered", async () => {
    const company = await optionsSeen("company.admin@example.com", "himal");
    expect([...company].filter((label) => label.startsWith(MARKER)).sort()).toEqual(
      planted
        .filter((row) => row.owner === "himal" || row.published)
        .map((row) => row.title)
        .sort(),
    );
    const recruiter = await optionsSeen("recruiter.admin@example.com", "recruiter");
    expect([...recruiter].filter((label) => label.startsWith(MARKER)).sort()).toEqual(
      planted
        .filter((row) => row.owner === "recruiter")
        .map((row) => row.title)
        .sort(),
    );
  });

  it("as institution staff: another institution's departments are never offered", async () => {
    const himalDepartments = await t.app.db
      .selectFrom("program_departments")
      .innerJoin("institutions", "institutions.id", "program_departments.institution_id")
      .select(["program_departments.id", "program_departments.name"])
      .where("institutions.subdomain", "=", "himal")
      .execute();
    expect(himalDepartments.length).toBeGreaterThan(0);
    const token = await tokenFor(t.app, "college.admin@example.com", "kmc");
    const ids = himalDepartments.map((row) => `id=${row.id}`).join("&");
    for (const url of [
      `/api/students/options/program_department_id?${ids}`,
      "/api/students/options/program_department_id",
    ]) {
      const res = await t.app.inject({ url, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      const values = res.json<{ value: number }[]>().map((option) => option.value);
      expect(values.filter((value) => himalDepartments.some((row) => row.id === value))).toEqual([]);
      if (!url.includes("id=")) expect(values.length).toBeGreaterThan(0);
    }
  });

  it("still lets a college pick its recruiter partners among the approved companies", async () => {
    const token = await tokenFor(t.app, "college.admin@example.com", "kmc");
    const res = await t.app.inject({ url: "/api/college-recruiters/options/recruiter_id", headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ label: string }[]>().map((option) => option.label)).toContain("Everest Recruiters");
  });
});

describe("control characters are refused in every text input, never a 500", () => {
  const NUL = "\u0000";
  let student: string;
  let editor: string;
  let openJob: number;

  beforeAll(async () => {
    student = await tokenFor(t.app, "student@example.com", "kmc");
    editor = await tokenFor(t.app, "skilllab.editor@example.com", "provider");
    const now = new Date().toISOString();
    openJob = (
      await t.app.db
        .insertInto("job_opportunities")
        .values({
          title: "Open provider job for guests",
          job_type: "internship",
          deadline: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
          publish_status: 1,
          access_scope: "all",
          institution_id: null,
          recruiter_id: null,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  });

  /** Rows of the tables these requests could write: what "nothing stored" compares. */
  async function stored() {
    const count = async (table: "applications" | "courses" | "uploads" | "users" | "missing_locale_keys") =>
      Number(
        (
          await t.app.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      applications: await count("applications"),
      courses: await count("courses"),
      uploads: await count("uploads"),
      users: await count("users"),
    };
  }

  const refusedNaming = async (res: Awaited<ReturnType<typeof t.app.inject>>, field: string, what: string) => {
    expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBe(400);
    const answer = res.json<{ errors?: Record<string, string> }>();
    expect(answer.errors?.[field], `${what}: ${res.body.slice(0, 300)}`).toBe(
      "Contains characters that are not allowed here.",
    );
  };

  it("in a path parameter, signed out and signed in", async () => {
    const before = await stored();
    await refusedNaming(await t.app.inject({ url: "/api/public/certificates/CSC-%00" }), "code", "certificate");
    await refusedNaming(
      await t.app.inject({ url: "/api/public/certificates/CSC-%01%7F" }),
      "code",
      "certificate, other controls",
    );
    await refusedNaming(
      await t.app.inject({ url: "/api/applications/options/job_opportunity_id%00", headers: bearer(student) }),
      "field",
      "options",
    );
    await refusedNaming(await t.app.inject({ url: "/api/locales/en-US/api%00.json" }), "file", "locale file");
    expect(await stored()).toEqual(before);
  });

  it("in a query parameter, line breaks and tabs included", async () => {
    for (const q of ["%00", "a%0Ab", "a%09b", "%7F"]) {
      await refusedNaming(
        await t.app.inject({ url: `/api/courses?q=${q}`, headers: bearer(student) }),
        "q",
        `list search ${q}`,
      );
    }
    await refusedNaming(
      await t.app.inject({ url: `/api/courses/options/institution_id?q=%00`, headers: bearer(editor) }),
      "q",
      "options search",
    );
    await refusedNaming(
      await t.app.inject({ url: `/api/public/job-opportunities?_start=0%00` }),
      "_start",
      "public list",
    );
  });

  it("in a JSON body: the guest's e-mail, a signed-in form, a list item, a key", async () => {
    const before = await stored();
    await refusedNaming(
      await t.app.inject({
        method: "POST",
        url: `/api/public/job-opportunities/${openJob}/apply`,
        remoteAddress: "192.0.2.77",
        payload: { full_name: "Guest Nul", email: `guest${NUL}@example.org`, contact_number: "9800000000" },
      }),
      "email",
      "guest apply",
    );
    const create = (payload: Record<string, unknown>) =>
      t.app.inject({ method: "POST", url: "/api/courses", headers: bearer(editor), payload });
    await refusedNaming(await create({ title: `Course${NUL}` }), "title", "course title");
    await refusedNaming(await create({ title: "Course", description: `a${NUL}b` }), "description", "description");
    await refusedNaming(await create({ title: "Course", tags: ["ok", `bad${NUL}`] }), "tags.1", "tag");
    await refusedNaming(await create({ title: "Course", [`x${NUL}`]: 1 }), "body", "key");
    await refusedNaming(
      await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: `student@example.com${NUL}`, password: "x" },
      }),
      "email",
      "sign-in",
    );
    // one line is one line: a title takes no line break, a description does
    await refusedNaming(await create({ title: "Two\nlines" }), "title", "line break in a title");
    expect(await stored()).toEqual(before);
    const multiLine = await create({ title: "One line", description: "First line\r\n\tSecond line" });
    expect(multiLine.statusCode, multiLine.body).toBe(201);
  });

  it("in a multipart body: nothing stored", async () => {
    const before = await stored();
    const boundary = "----side-door";
    const payload = [
      `--${boundary}`,
      `Content-Disposition: form-data; name="caption"`,
      "",
      `a${NUL}b`,
      `--${boundary}`,
      `Content-Disposition: form-data; name="file"; filename="x${NUL}.png"`,
      "Content-Type: image/png",
      "",
      "not an image",
      `--${boundary}--`,
      "",
    ].join("\r\n");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/uploads/photo",
      headers: { ...bearer(student), "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json<{ errors: Record<string, string> }>().errors)).toEqual(["file"]);
    expect(await stored()).toEqual(before);
  });
});
