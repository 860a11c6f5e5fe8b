import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { badRequest } from "../lib/errors.js";

/**
 * C0 control characters and DEL. PostgreSQL's text cannot hold NUL at all (a query fails), and the
 * others have no place in what people type: refused in every string a request brings.
 */
const ANY_CONTROL = /[\u0000-\u001f\u007f]/;
/** The same, but tab, line feed and carriage return, which multi-line text of a body may hold. */
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Where a value sits in the body, as the errors of a failed schema name it (`contacts.0.email`). */
const pathOf = (parts: readonly (string | number)[]) => (parts.length === 0 ? "body" : parts.join("."));

/**
 * The first string of a parsed body holding a control character (keys included), as its path.
 * A walk with a stack of its own: a body may nest deeper than the call stack would like.
 */
function controlInBody(body: unknown): string | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: body, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: (string | number)[] };
    if (typeof value === "string") {
      if (CONTROL_BUT_LINES.test(value)) return pathOf(path);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
    } else if (value !== null && typeof value === "object" && !Buffer.isBuffer(value)) {
      const entries = Object.entries(value);
      for (const [key] of entries) {
        // a key is a field's name: a bad one is named by where it sits
        if (ANY_CONTROL.test(key)) return pathOf(path);
      }
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i] as [string, unknown];
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return null;
}

/** The first parameter (path or query string) holding a control character, by name. */
function controlInParameters(parameters: unknown): string | null {
  if (parameters === null || typeof parameters !== "object") return null;
  for (const [name, value] of Object.entries(parameters)) {
    const values = Array.isArray(value) ? value : [value];
    if (ANY_CONTROL.test(name) || values.some((v) => typeof v === "string" && ANY_CONTROL.test(v))) {
      return ANY_CONTROL.test(name) ? "query" : name;
    }
  }
  return null;
}

/**
 * Control characters are refused once, here, for every route: in a path parameter, a query
 * parameter or a parsed body, before the route's schema or handler sees them — a 400 naming the
 * field, on SQLite as on PostgreSQL. Which fields are one line long is the codec's to say; this
 * lets a body's tab and line breaks through for multi-line text.
 */
export default fp(
  async (app) => {
    app.addHook("preValidation", (request: FastifyRequest, _reply, done) => {
      const field =
        controlInParameters(request.params) ?? controlInParameters(request.query) ?? controlInBody(request.body);
      if (field === null) return done();
      done(badRequest(request.t("invalidInput"), { [field]: request.t("field.controlCharacters") }));
    });
  },
  { name: "control-characters", dependencies: ["context", "errors"] },
);
