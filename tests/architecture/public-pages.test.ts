import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ADMIN = join(dirname(fileURLToPath(import.meta.url)), "../../apps/admin/src");

/**
 * The specifiers of what a module loads as it runs: its static imports and re-exports, except
 * `import type` and `export type`, which leave nothing behind (verbatimModuleSyntax keeps every
 * other import, even one naming only types). A lazy `import()` loads later, and is left out.
 */
const LOADS =
  /(?:^|\n)\s*(?:import\s+(?!type\s)(?:[\w*{}\s,$]+?\s+from\s+)?|export\s+(?!type\s)(?:\*|\{[^}]*\})\s+from\s+)["']([^"']+)["']/g;

function moduleFile(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const found = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base].find(
    (candidate) => /\.(ts|tsx)$/.test(candidate) && existsSync(candidate),
  );
  if (!found) throw new Error(`${from}: cannot find ${specifier}`);
  return found;
}

/** The packages loaded with `entry` before it runs, each with the first of our modules that names it. */
function packagesLoadedWith(entry: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const pending = [join(ADMIN, entry)];
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
    for (const [, specifier] of code.matchAll(LOADS)) {
      if (!specifier) continue;
      if (specifier.startsWith(".")) {
        if (!/\.(css|svg|png)$/.test(specifier)) pending.push(moduleFile(file, specifier));
      } else if (!packages.has(specifier)) {
        packages.set(specifier, file.slice(ADMIN.length + 1));
      }
    }
  }
  return packages;
}

const refineOf = (packages: Map<string, string>) =>
  [...packages].filter(([name]) => name.startsWith("@refinedev/")).map(([name, by]) => `${name} (by ${by})`);

/**
 * A visitor's first page — the sign-in screen, a site's public apply pages, a certificate's check,
 * a guest's application status — is not held up by the console's machinery: none of them loads
 * refine, which the console's routes bring with them (App.tsx, RefineShell).
 */
describe("the pages a visitor without an account opens first", () => {
  it.each([
    "pages/auth/LoginPage.tsx",
    "shell/routes/PublicShell.tsx",
    "public-apply/PublicApplyPage.tsx",
    "public-apply/ApplicationStatusPage.tsx",
    "certificates/CertificatePage.tsx",
  ])("%s loads no refine", (entry) => {
    const packages = packagesLoadedWith(entry);
    // what it does load, so that a reader that found nothing cannot pass
    expect(packages.has("antd")).toBe(true);
    expect(refineOf(packages)).toEqual([]);
  });

  it("while the console's shell and the learner's posting cards do, as the check sees", () => {
    expect(refineOf(packagesLoadedWith("shell/routes/RefineShell.tsx"))).toContain(
      "@refinedev/core (by shell/routes/RefineShell.tsx)",
    );
    expect(packagesLoadedWith("learner/PostingCards.tsx").has("@refinedev/core")).toBe(true);
  });
});
