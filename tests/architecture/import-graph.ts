import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** Source files of a package that take part in its import graph (tests left out). */
const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

/**
 * Every module specifier a file names: `import … from`, `import type … from`, `export … from`,
 * side-effect `import "…"` and dynamic `import("…")`. Type-only and lazy imports count as well:
 * a cycle through them still ties the modules' meaning together.
 */
const SPECIFIER =
  /(?:\bimport\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?|\bexport\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s+from\s+|\bimport\s*\(\s*)["']([^"']+)["']/g;

/** Comments out of the way, so that an import quoted in a comment is no edge. */
const stripComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

export function sourceFiles(root: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (SOURCE.test(name) && !TEST.test(name)) files.push(path);
  }
  return files.sort();
}

function resolveRelative(from: string, specifier: string): string | null {
  // the API and shared write the compiled name (`./codec.js`) of a TypeScript module
  const base = resolve(dirname(from), specifier).replace(/\.js$/, "");
  if (SOURCE.test(base) && existsSync(base)) return base;
  for (const extension of EXTENSIONS) if (existsSync(base + extension)) return base + extension;
  return null;
}

/** A package's own modules and, for each, the modules of the package it imports (other packages left out). */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const code = stripComments(readFileSync(file, "utf8"));
    const targets = new Set<string>();
    for (const match of code.matchAll(SPECIFIER)) {
      const specifier = match[1];
      if (!specifier?.startsWith(".")) continue;
      const target = resolveRelative(file, specifier);
      if (target && !TEST.test(target)) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/**
 * The graph's cycles, one per strongly connected component of more than one module (or a module
 * importing itself), each as the path around it: `a.ts → b.tsx → a.ts`. Tarjan's algorithm.
 */
export function importCycles(graph: Map<string, string[]>, root: string): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;

  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfImport = (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || selfImport) components.push(component);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);

  const name = (file: string) => relative(root, file);
  return components.map((component) => {
    // one concrete loop through the component, from its first module (breadth-first back to it)
    const members = new Set(component);
    const start = [...component].sort()[0] as string;
    const previous = new Map<string, string>();
    const queue = [start];
    let closing: string | null = null;
    while (queue.length > 0 && closing === null) {
      const node = queue.shift() as string;
      for (const target of graph.get(node) ?? []) {
        if (!members.has(target)) continue;
        if (target === start) {
          closing = node;
          break;
        }
        if (!previous.has(target)) {
          previous.set(target, node);
          queue.push(target);
        }
      }
    }
    const path = [start];
    for (let node = closing; node && node !== start; node = previous.get(node) ?? null) path.splice(1, 0, node);
    const others = component.length > path.length ? ` (and ${component.length - path.length} more modules)` : "";
    return `${[...path, start].map(name).join(" → ")}${others}`;
  });
}
