import type { AddressInfo } from "node:net";
import dataProvider from "@refinedev/simple-rest";
import axios from "axios";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, tokenFor } from "./helpers.js";

/**
 * Any client that speaks @refinedev/simple-rest can use the API: this drives the real data
 * provider over HTTP, as the admin does, with nothing of ours in between.
 */
let t: TestApp;
let apiUrl: string;

/** Like the admin's client: errors carry the status and the server's message and field errors. */
const providerFor = (token: string) => {
  const http = axios.create({ headers: { Authorization: `Bearer ${token}` } });
  http.interceptors.response.use(undefined, (error: { response?: { status: number; data: { message?: string } } }) =>
    Promise.reject({ statusCode: error.response?.status, ...error.response?.data }),
  );
  // the provider types axios as CommonJS, this file imports it as ESM: the same instance either way
  return dataProvider(apiUrl, http as never);
};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  apiUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  await t.close();
});

describe("the simple-rest data provider against the API", () => {
  it("creates, lists with filters, sorts and pages, reads, updates and deletes a global resource", async () => {
    const rest = providerFor(await tokenFor(t.app, "skilllab.admin@example.com", "provider"));
    // names and categories of their own, beside whatever the demo seed holds
    const names = [
      "Qz Data Analysis",
      "Qz Communication",
      "Qz Digital Marketing",
      "Qz Customer Service",
      "Qz Cloud Computing",
    ];
    const created = [];
    for (const name of names) {
      const { data } = await rest.create({
        resource: "tags",
        variables: { name, category: name.startsWith("Qz C") ? "Qz-Soft" : "Qz-Tech" },
      });
      expect(data).toMatchObject({ name, id: expect.any(Number) });
      created.push(data);
    }

    const page = await rest.getList({
      resource: "tags",
      filters: [{ field: "category", operator: "eq", value: "Qz-Soft" }],
      sorters: [{ field: "name", order: "desc" }],
      pagination: { currentPage: 1, pageSize: 2 },
    });
    expect(page.total).toBe(3);
    expect(page.data.map((tag) => tag.name)).toEqual(["Qz Customer Service", "Qz Communication"]);
    const second = await rest.getList({
      resource: "tags",
      filters: [{ field: "category", operator: "eq", value: "Qz-Soft" }],
      sorters: [{ field: "name", order: "desc" }],
      pagination: { currentPage: 2, pageSize: 2 },
    });
    expect(second.data.map((tag) => tag.name)).toEqual(["Qz Cloud Computing"]);

    const search = await rest.getList({
      resource: "tags",
      filters: [{ field: "q", operator: "eq", value: "QZ DIGITAL MARKET" }],
      pagination: { currentPage: 1, pageSize: 10 },
    });
    expect(search.data.map((tag) => tag.name)).toContain("Qz Digital Marketing");
    const like = await rest.getList({
      resource: "tags",
      filters: [
        { field: "name", operator: "contains", value: "qz cloud comp" },
        { field: "category", operator: "ne", value: "Qz-Tech" },
      ],
    });
    expect(like.data.map((tag) => tag.name)).toEqual(["Qz Cloud Computing"]);

    const ids = created.slice(0, 3).map((tag) => tag.id as number);
    const first = ids[0] as number;
    const many = await rest.getMany?.({ resource: "tags", ids });
    expect(many?.data.map((tag) => tag.id).sort()).toEqual([...ids].sort());

    const one = await rest.getOne({ resource: "tags", id: first });
    expect(one.data.name).toBe("Qz Data Analysis");
    const updated = await rest.update({
      resource: "tags",
      id: first,
      variables: { description: "Working with data" },
    });
    expect(updated.data).toMatchObject({ name: "Qz Data Analysis", description: "Working with data" });
    const deleted = await rest.deleteOne({ resource: "tags", id: first });
    expect(deleted.data.id).toBe(first);
    await expect(rest.getOne({ resource: "tags", id: first })).rejects.toMatchObject({ statusCode: 404 });
  });

  it("keeps an institution's rows to itself and fills its tenant, whatever the body says", async () => {
    const institution = (sub: string) =>
      t.app.db.selectFrom("institutions").select("id").where("subdomain", "=", sub).executeTakeFirstOrThrow();
    const kmc = await institution("kmc");
    const himal = await institution("himal");
    const college = providerFor(await tokenFor(t.app, "college.editor@example.com", "kmc"));
    const company = providerFor(await tokenFor(t.app, "company.admin@example.com", "himal"));
    const { data: course } = await college.create<{ id: number; institution_id: number }>({
      resource: "courses",
      variables: { title: "Interview Skills Bootcamp", institution_id: himal.id, publish_status: true },
    });
    expect(course.institution_id).toBe(kmc.id);
    const row = await t.app.db
      .selectFrom("courses" as never)
      .selectAll()
      .where("id" as never, "=", course.id as never)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ institution_id: kmc.id, created_by: expect.stringMatching(/_college$/) });

    const mine = await college.getList({
      resource: "courses",
      filters: [{ field: "q", operator: "eq", value: "Interview" }],
    });
    expect(mine.data.map((c) => c.id)).toContain(course.id);
    const theirs = await company.getList({
      resource: "courses",
      filters: [{ field: "q", operator: "eq", value: "Interview" }],
    });
    expect(theirs.data.map((c) => c.id)).not.toContain(course.id);
    await expect(company.getOne({ resource: "courses", id: course.id })).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      company.update({ resource: "courses", id: course.id, variables: { title: "Taken" } }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(company.deleteOne({ resource: "courses", id: course.id })).rejects.toMatchObject({ statusCode: 404 });
    // an editor may not delete
    await expect(college.deleteOne({ resource: "courses", id: course.id })).rejects.toMatchObject({ statusCode: 403 });
  });

  it("puts each invalid field's message under it and writes nothing", async () => {
    const rest = providerFor(await tokenFor(t.app, "superadmin@example.com", "provider"));
    const before = await rest.getList({ resource: "testimonials" });
    const error = await rest
      .create({
        resource: "testimonials",
        variables: { author_name: "", rating: 9, photo: "javascript:alert(1)", bogus: 1 },
      })
      .catch((e: { statusCode: number; errors: Record<string, string> }) => e);
    expect(error).toMatchObject({ statusCode: 400 });
    expect(Object.keys((error as { errors: object }).errors).sort()).toEqual([
      "author_name",
      "bogus",
      "photo",
      "quote",
      "rating",
    ]);
    const after = await rest.getList({ resource: "testimonials" });
    expect(after.total).toBe(before.total);
  });

  it("refuses an unknown filter or sort with 400", async () => {
    const rest = providerFor(await tokenFor(t.app, "superadmin@example.com", "provider"));
    await expect(
      rest.getList({ resource: "tags", filters: [{ field: "password_hash", operator: "eq", value: "x" }] }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      rest.getList({ resource: "users", sorters: [{ field: "password_hash", order: "asc" }] }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});
