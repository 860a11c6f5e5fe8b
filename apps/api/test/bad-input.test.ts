import { RESOURCES } from "@csc/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, body, createTestApp, type TestApp, tokenFor } from "./helpers.js";

interface ParamSchema {
  type?: string;
  enum?: string[];
  anyOf?: { const?: string; enum?: string[] }[];
}

interface Operation {
  method: string;
  path: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: ParamSchema }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
}

let t: TestApp;
let tokens: Record<string, string>;
let operations: Operation[];

/** The learner's own commands (apply, save, enrol, attempts) and withdrawing an application. */
const LEARNER_COMMANDS = [
  "withdraw",
  ...Object.values(RESOURCES).flatMap((resource) =>
    (resource.commands ?? []).filter((command) => command.byApplicant).map((command) => command.name),
  ),
];

/** A caller the endpoint admits, so that bad input is what it answers (access is decided first). */
const tokenFor_ = (path: string) =>
  ["institution-details", "institution-feature-profile", "college-recruiters"].some((name) => path.includes(name))
    ? tokens.college
    : path.includes("company-profile")
      ? tokens.recruiter
      : LEARNER_COMMANDS.some((name) => path.endsWith(`/${name}`))
        ? tokens.learner
        : tokens.provider;

beforeAll(async () => {
  // the missing-keys route answers (and checks its body) only where recording is on, as in development
  t = await createTestApp({ LOCALES_SAVE_MISSING: "true" });
  tokens = {
    provider: await tokenFor(t.app, "superadmin@example.com", "provider"),
    college: await tokenFor(t.app, "college.admin@example.com", "kmc"),
    recruiter: await tokenFor(t.app, "recruiter.admin@example.com", "recruiter"),
    learner: await tokenFor(t.app, "learner@example.com", "provider"),
  };
  const doc = t.app.swagger() as unknown as {
    paths: Record<string, Record<string, Omit<Operation, "method" | "path">>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
  );
});
afterAll(async () => {
  await t.close();
});

/** The path with `{id}` replaced and every other parameter given a value its schema accepts. */
const urlOf = (op: Operation, replacement: string) =>
  op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const schema = op.parameters?.find((p) => p.in === "path" && p.name === name)?.schema;
    const first = schema?.enum?.[0] ?? schema?.anyOf?.[0]?.const ?? schema?.anyOf?.[0]?.enum?.[0];
    return name === "id" || first === undefined ? replacement : first;
  });

/** An id of a row the endpoint's user can reach, so that a PATCH gets as far as its body; "missing" if none. */
async function someId(op: Operation): Promise<string> {
  if (!op.path.includes("{id}")) return "1";
  const listPath = op.path.replace("/{id}", "");
  const res = await t.app.inject({ url: listPath, headers: bearer(tokenFor_(op.path) ?? "") });
  const rows = res.statusCode === 200 ? (res.json() as { id: number }[]) : [];
  return rows[0] ? String(rows[0].id) : "missing";
}

const send = (op: Operation, url: string, payload?: unknown, contentType = "application/json") =>
  t.app.inject({
    method: op.method as "GET",
    url,
    headers: { ...bearer(tokenFor_(op.path) ?? ""), ...(payload === undefined ? {} : { "content-type": contentType }) },
    ...(payload === undefined ? {} : { payload: typeof payload === "string" ? payload : JSON.stringify(payload) }),
  });

describe("bad input to every endpoint", () => {
  it("finds the endpoints to try in the OpenAPI document", () => {
    const withInput = operations.filter((op) => op.requestBody || op.parameters?.length);
    expect(withInput.map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining([
        "POST /api/auth/login",
        "POST /api/auth/register",
        "POST /api/forgot-password",
        "POST /api/reset-password",
        "POST /api/auth/verify-email",
        "POST /api/locales/add/{lng}/{ns}",
        "GET /api/college/{id}",
        "GET /api/institution/{id}",
        "GET /api/locations/districts",
        "GET /api/mail-outbox",
      ]),
    );
  });

  it("answers 400 with an error per field for a body with missing or wrongly typed fields", async () => {
    for (const op of operations.filter((o) => o.requestBody)) {
      const schema = op.requestBody?.content["application/json"]?.schema;
      const url = op.path.includes("locales") ? "/api/locales/add/en-US/api" : urlOf(op, await someId(op));
      if (url.includes("/missing")) continue;
      if (schema?.required?.length) {
        const empty = await send(op, url, {});
        expect(empty.statusCode, `${op.method} ${op.path} {}`).toBe(400);
        const errors = body<{ errors: Record<string, string> }>(empty).errors;
        expect(Object.keys(errors).sort(), `${op.method} ${op.path}`).toEqual([...schema.required].sort());
      }
      const wrongTypes = Object.fromEntries(Object.keys(schema?.properties ?? { x: 1 }).map((key) => [key, { $: 1 }]));
      const wrong = await send(op, url, wrongTypes);
      expect(wrong.statusCode, `${op.method} ${op.path} wrong types`).toBe(400);
      expect(Object.keys(body<{ errors: object }>(wrong).errors ?? {}).length, op.path).toBeGreaterThan(0);

      for (const garbage of ["{not json", "[]", "null", "12"]) {
        const res = await send(op, url, garbage);
        expect(res.statusCode, `${op.method} ${op.path} ${garbage}`).toBe(400);
        expect(typeof body(res).message).toBe("string");
      }
      const xml = await send(op, url, "<a/>", "application/xml");
      expect(xml.statusCode, `${op.method} ${op.path} xml`).toBe(415);
    }
  });

  it("answers 400 naming the parameter for a malformed path parameter", async () => {
    for (const op of operations.filter((o) =>
      o.parameters?.some((p) => p.in === "path" && p.schema?.type === "integer"),
    )) {
      const res = await send(op, urlOf(op, "abc"), op.requestBody ? {} : undefined);
      expect(res.statusCode, `${op.method} ${op.path}`).toBe(400);
      expect(Object.keys(body<{ errors: object }>(res).errors).length).toBeGreaterThan(0);
    }
  });

  it("answers 400 for an unknown or malformed query parameter", async () => {
    // routes whose query string another party writes, with parameters of its own, and why
    const openQueries: Record<string, string> = {
      "GET /api/auth/oidc/callback": "an identity provider adds its own (session_state, scope, authuser…)",
    };
    for (const op of operations.filter(
      (o) => o.parameters?.some((p) => p.in === "query") && !(`${o.method} ${o.path}` in openQueries),
    )) {
      const url = urlOf(op, "1");
      const unknown = await send(op, `${url}?no_such_filter=1`);
      expect(unknown.statusCode, `${op.method} ${op.path} unknown`).toBe(400);
      expect(body<{ errors: Record<string, string> }>(unknown).errors).toHaveProperty("no_such_filter");
      const integerParam = op.parameters?.find((p) => p.in === "query" && p.schema?.type === "integer");
      if (integerParam) {
        const malformed = await send(op, `${url}?${integerParam.name}=abc`);
        expect(malformed.statusCode, `${op.method} ${op.path} malformed`).toBe(400);
        expect(body<{ errors: Record<string, string> }>(malformed).errors).toHaveProperty(integerParam.name);
      }
    }
  });

  it("never answers 500, and a body too large is a 413", async () => {
    const big = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@example.com", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    const unknownRoute = await t.app.inject({ url: "/api/no-such-thing" });
    expect(unknownRoute.statusCode).toBe(404);
    expect(body(unknownRoute)).toEqual({ message: "Not found." });
  });
});
