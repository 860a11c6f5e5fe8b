import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { importCycles, importGraph, sourceFiles } from "./import-graph";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Each package's source tree, with a known edge of it, so that a broken parser cannot pass by
 * seeing no imports at all.
 */
const PACKAGES = [
  { name: "admin", src: "apps/admin/src", from: "App.tsx", to: "shell/routes/RouterBridge.tsx", files: 100 },
  { name: "api", src: "apps/api/src", from: "app.ts", to: "config.ts", files: 100 },
  { name: "shared", src: "packages/shared/src", from: "index.ts", to: "roles.ts", files: 20 },
];

describe.each(PACKAGES)("the imports of $name", ({ src, from, to, files }) => {
  const root = join(ROOT, src);

  it("reads the whole source tree", () => {
    const graph = importGraph(root);
    expect(graph.size).toBeGreaterThan(files);
    expect(graph.get(join(root, from))).toContain(join(root, to));
  });

  it("has no cycle, static, type-only or lazy", () => {
    expect(importCycles(importGraph(root), root)).toEqual([]);
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
    write("e.ts", 'import { x } from "react";\nimport { f } from "./f.js";\nexport const e = x + f;\n');
    write("f.ts", 'import "./d.js";\nexport const f = 1;\n');
    write("e.test.ts", 'import "./d";\n');
    expect(sourceFiles(root).map((file) => file.slice(root.length + 1))).not.toContain("e.test.ts");
    expect(importCycles(importGraph(root), root)).toEqual([
      "a.ts → b.tsx → c/index.ts → a.ts",
      "d.ts → e.ts → f.ts → d.ts",
    ]);
  });
});
