import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { badRequest } from "../errors.js";

/**
 * C0 control characters (U+0000–U+001F) and DEL. PostgreSQL's text cannot hold NUL at all (a query
 * fails), and the others have no place in what people type: refused in every string a request
 * brings, but that a body's multi-line text may hold tab, line feed and carriage return.
 */
function hasControl(value: string, linesAllowed: boolean): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0x7f) return true;
    if (code < 0x20 && !(linesAllowed && (code === 0x09 || code === 0x0a || code === 0x0d))) return true;
  }
  return false;
}
/** A value of the body and where it sits: its key in its parent, up to the body itself. */
interface Place {
  value: unknown;
  key: string | number | null;
  parent: Place | null;
}

/** Where a value sits in the body, as the errors of a failed schema name it (`contacts.0.email`). */
function pathOf(place: Place): string {
  const parts: (string | number)[] = [];
  for (let at: Place | null = place; at !== null && at.key !== null; at = at.parent) parts.unshift(at.key);
  return parts.length === 0 ? "body" : parts.join(".");
}

/**
 * The first string of a parsed body holding a control character (keys included), as its path.
 * A walk with a stack of its own: a body may nest deeper than the call stack would like.
 */
function controlInBody(body: unknown): string | null {
  const stack: Place[] = [{ value: body, key: null, parent: null }];
  while (stack.length > 0) {
    const place = stack.pop() as Place;
    const { value } = place;
    if (typeof value === "string") {
      if (hasControl(value, true)) return pathOf(place);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: place });
    } else if (value !== null && typeof value === "object" && !Buffer.isBuffer(value)) {
      const entries = Object.entries(value);
      // a key is a field's name: a bad one is named by where it sits
      if (entries.some(([key]) => hasControl(key, false))) return pathOf(place);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i] as [string, unknown];
        stack.push({ value: item, key, parent: place });
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
    if (hasControl(name, false) || values.some((v) => typeof v === "string" && hasControl(v, false))) {
      return hasControl(name, false) ? "query" : name;
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
