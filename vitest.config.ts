import { defineConfig } from "vitest/config";

const postgres = process.env.TEST_POSTGRES_URL;
const apiSuite = (name: string, db: string) => ({
  extends: true as const,
  test: {
    name,
    include: ["apps/api/test/**/*.test.ts"],
    exclude: ["apps/api/test/**/*.load.test.ts"],
    env: { TEST_DB: db },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

/**
 * Projects: `unit` (shared rules, seed data, the admin's plain functions), `admin-components`
 * (the admin's pages in jsdom, served by the API in-process), the API suite on
 * SQLite and (with TEST_POSTGRES_URL) PostgreSQL, `e2e`, Debian's Chromium against the built
 * app (`npm run build` first; `npx vitest run --project e2e` runs it alone), `load`, bounded
 * loopback load tests that run last, alone, and, only with TEST_LONG set (`npm run test:long`),
 * `long`: the placement-day load of tests/long, minutes long.
 */
export default defineConfig({
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    // Vitest's default is one worker fewer than the cores: one, on CI's 2-core machine, where the
    // unit, component and API suites then ran one file at a time while a core waited on the
    // database. Two workers share both cores; `e2e`, `load` and `long` set their own.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "packages/shared/src/**/*.test.ts",
            "apps/api/src/**/*.test.ts",
            "apps/admin/src/**/*.test.ts",
            "tests/architecture/**/*.test.ts",
          ],
        },
      },
      {
        // not `extends`: Node itself would then resolve with `source` (ssr.resolve.conditions), and
        // the packages under antd that publish their TypeScript under that condition would fail to
        // load. Otherwise a package resolves as Node resolves it, so that the pages and the libraries
        // Node loads for them (refine, antd) share one copy of react-router, react-query and antd.
        resolve: { conditions: ["source", "node", "import", "module-sync"], mainFields: ["main"] },
        test: {
          name: "admin-components",
          include: ["apps/admin/src/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["apps/admin/test/setup.ts"],
          // each file serves its pages from the API in-process, on a SQLite database of its own
          env: { TEST_DB: "sqlite" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      apiSuite("api-sqlite", "sqlite"),
      ...(postgres ? [apiSuite("api-postgres", "postgres")] : []),
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // a screen that comes true later (a list reloaded, a panel loaded) gets the patience of a
          // Playwright action (15 s, playwright.config), not vitest's 1 s: CI runs two browsers on 2 CPUs
          expect: { poll: { timeout: 15_000 } },
          maxWorkers: 2,
          pool: "forks",
          // after the unit and API suites, which use every core their own way
          sequence: { groupOrder: 1 },
        },
      },
      // `npm run test:long` only (TEST_LONG=1): minutes of load each, never part of `npm test`
      ...(process.env.TEST_LONG
        ? [
            {
              extends: true as const,
              test: {
                name: "long",
                include: ["tests/long/**/*.long.test.ts"],
                testTimeout: 900_000,
                hookTimeout: 300_000,
                maxWorkers: 1,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: "load",
          include: ["apps/api/test/**/*.load.test.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // last and alone: a load test measures the machine, so nothing else may share it
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
