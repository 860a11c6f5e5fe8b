import { defineConfig } from "vitest/config";

const postgres = process.env.TEST_POSTGRES_URL;
const apiSuite = (name: string, db: string) => ({
  extends: true as const,
  test: {
    name,
    include: ["apps/api/test/**/*.test.ts"],
    env: { TEST_DB: db },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["packages/shared/src/**/*.test.ts", "apps/api/src/**/*.test.ts"] },
      },
      apiSuite("api-sqlite", "sqlite"),
      ...(postgres ? [apiSuite("api-postgres", "postgres")] : []),
    ],
  },
});
