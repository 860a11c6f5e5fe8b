import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers.js";

/**
 * Every answer is described by its schema, whole: Fastify serialises an answer from its response
 * schema (fast-json-stringify), so a schema that says "anything" documents nothing and checks
 * nothing. The contracts live in packages/shared/src/contracts; this walks every route the API
 * documents (GET /api/docs) and names each response schema that is, or holds, an unconstrained
 * value (`Type.Unknown()`, `Type.Any()`, `{}`).
 */

type Schema = boolean | { [keyword: string]: unknown };

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

/** Keywords that say what a value is; a schema with none of them takes anything. */
const CONSTRAINING = ["type", "const", "enum", "anyOf", "oneOf", "allOf", "$ref", "not"];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The places under `schema` (JSON pointers from `at`) that accept any value at all. */
export function unconstrainedIn(schema: Schema, at = ""): string[] {
  if (schema === true) return [at || "/"];
  if (!isObject(schema)) return [];
  const found: string[] = [];
  if (!CONSTRAINING.some((keyword) => keyword in schema)) found.push(at || "/");
  const walk = (value: unknown, path: string): void => {
    if (isObject(value) || value === true) found.push(...unconstrainedIn(value as Schema, path));
  };
  for (const keyword of ["properties", "patternProperties", "$defs", "definitions"]) {
    const children = schema[keyword];
    if (isObject(children))
      for (const [name, child] of Object.entries(children)) walk(child, `${at}/${keyword}/${name}`);
  }
  for (const keyword of ["anyOf", "oneOf", "allOf", "prefixItems"]) {
    const children = schema[keyword];
    if (Array.isArray(children))
      for (const [index, child] of children.entries()) walk(child, `${at}/${keyword}/${index}`);
  }
  if (Array.isArray(schema.items)) {
    for (const [index, child] of schema.items.entries()) walk(child, `${at}/items/${index}`);
  } else if (schema.items !== undefined) walk(schema.items, `${at}/items`);
  // `additionalProperties: true` on an object keeps it an object of named keys (a CASL condition);
  // a schema given for the extra keys must itself say what they are
  if (isObject(schema.additionalProperties)) walk(schema.additionalProperties, `${at}/additionalProperties`);
  return found;
}

let t: TestApp;
let operations: [string, Operation][];

beforeAll(async () => {
  // every optional route on (the course site's callback, recording missing keys); no data needed
  t = await createTestApp({
    COURSE_SITE_SECRET: "a-course-site-secret-of-at-least-32-characters",
    LOCALES_SAVE_MISSING: "true",
  });
  const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${path}`, op]),
  );
});
afterAll(async () => {
  await t.close();
});

describe("the answers' schemas", () => {
  it("finds the routes in the OpenAPI document, each with its answers", () => {
    const names = operations.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        "GET /api/profile",
        "GET /api/meta",
        "POST /api/auth/login",
        "GET /api/dashboard",
        "GET /api/help/articles",
        "POST /api/applications/bulk",
        "GET /api/applications/{id}/history",
        "GET /api/mail-outbox",
        "POST /api/course-site/completions",
      ]),
    );
    const without = operations.filter(([, op]) => !op.responses?.["200"] && !op.responses?.["201"]);
    // the download is recorded with no answer; the provider's callback only sends the browser on
    expect(without.map(([name]) => name)).toEqual(["GET /api/auth/oidc/callback", "POST /api/dashboard/downloads"]);
  });

  it("describes every answer: none is, or holds, a value of any shape", () => {
    const loose = operations.flatMap(([name, op]) =>
      Object.entries(op.responses ?? {}).flatMap(([status, response]) =>
        Object.entries(response.content ?? {}).flatMap(([type, content]) =>
          content.schema === undefined
            ? []
            : unconstrainedIn(content.schema).map((at) => `${name} ${status} ${type} ${at}`),
        ),
      ),
    );
    expect(loose).toEqual([]);
  });

  it("catches a loose schema, at the top and deep inside", () => {
    expect(unconstrainedIn({})).toEqual(["/"]);
    expect(
      unconstrainedIn({
        type: "object",
        properties: {
          data: { type: "array", items: {} },
          user: { anyOf: [{ type: "null" }, { description: "anything" }] },
          extra: { type: "object", additionalProperties: {} },
          conditions: { type: "object", additionalProperties: true },
        },
      }),
    ).toEqual(["/properties/data/items", "/properties/user/anyOf/1", "/properties/extra/additionalProperties"]);
  });
});
