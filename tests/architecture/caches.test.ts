import { readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./import-graph";

const API = join(dirname(fileURLToPath(import.meta.url)), "../../apps/api/src");
const UTILITY = "platform/caches.ts";

/**
 * What keeps entries across requests: a hand-written eviction (the oldest key out), a cache
 * library, or a map kept per object. Only the one utility may make them; everything else asks it
 * by a name listed there with its bound and what invalidates it.
 */
const CACHE_MAKING = [
  { what: "a hand-written eviction", pattern: /\.keys\(\)\.next\(\)/ },
  { what: "an LRU cache of its own", pattern: /new LRUCache\b/ },
  // a map made once for the module (not per request or per call) lives as long as the process
  {
    what: "a map of its own for the whole process",
    pattern: /^(export )?(const|let) \w+(: [^=]+)? = new (Weak)?Map\b/m,
  },
];

function offenders(root: string): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(root)) {
    const name = relative(root, file);
    if (name === UTILITY) continue;
    const code = readFileSync(file, "utf8");
    for (const { what, pattern } of CACHE_MAKING) if (pattern.test(code)) found.push(`${name}: ${what}`);
  }
  return found;
}

describe("the API's caches", () => {
  it("are all made by platform/caches.ts", () => {
    expect(offenders(API)).toEqual([]);
  });

  it("tells a cache from a map of one call", () => {
    const found = (code: string) => CACHE_MAKING.filter(({ pattern }) => pattern.test(code)).map(({ what }) => what);
    expect(found("const seen = new Map<string, number>();\n")).toEqual(["a map of its own for the whole process"]);
    expect(found("export const rows: Rows = new WeakMap();\n")).toEqual(["a map of its own for the whole process"]);
    expect(found("if (m.size > 9) m.delete(m.keys().next().value);")).toEqual(["a hand-written eviction"]);
    expect(found("const kept = new LRUCache({ max: 10 });")).toEqual(["an LRU cache of its own"]);
    expect(found("function f(rows) {\n  const byId = new Map(rows.map((r) => [r.id, r]));\n}")).toEqual([]);
  });
});
