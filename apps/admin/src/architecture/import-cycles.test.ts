import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { importCycles, importGraph, sourceFiles } from "./import-graph";

const ADMIN_SRC = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("the admin's imports (issue 8: no import cycles)", () => {
  it("reads the whole source tree", () => {
    const graph = importGraph(ADMIN_SRC);
    expect(graph.size).toBeGreaterThan(100);
    // a known edge, so that a broken parser cannot pass by seeing no imports at all
    const app = join(ADMIN_SRC, "App.tsx");
    expect(graph.get(app)).toContain(join(ADMIN_SRC, "routes/RouterBridge.tsx"));
  });

  it("has no cycle, static, type-only or lazy", () => {
    expect(importCycles(importGraph(ADMIN_SRC), ADMIN_SRC)).toEqual([]);
  });
});

describe("the cycle check itself", () => {
  const root = mkdtempSync(join(tmpdir(), "csc-import-cycles-"));
  const write = (path: string, code: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), code);
  };
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("finds cycles through type imports, re-exports, lazy imports and index files", () => {
    write("a.ts", 'import type { B } from "./b";\nexport type A = B;\n');
    write("b.tsx", 'export * from "./c";\nexport type B = string;\n');
    write("c/index.ts", 'export const load = () => import("../a");\n');
    write("d.ts", '// import { a } from "./a" is only a comment\nimport "./e";\n');
    write("e.ts", 'import { x } from "react";\nexport const e = x;\n');
    write("e.test.ts", 'import "./d";\n');
    expect(sourceFiles(root).map((file) => file.slice(root.length + 1))).not.toContain("e.test.ts");
    expect(importCycles(importGraph(root), root)).toEqual(["a.ts → b.tsx → c/index.ts → a.ts"]);
  });
});
