import { RESOURCES, roleKind } from "@csc/shared";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSessionUser } from "../src/domain/accounts.js";
import { reachOf } from "../src/engine/access.js";
import { ALIAS, reachedIds } from "../src/engine/store.js";
import { abilityOf } from "../src/platform/plugins/session.js";
import { DEMO_ACCOUNTS } from "./accounts.js";
import { createTestApp, type TestApp } from "./helpers.js";

/**
 * A reach's test without SQL (`excludes`, engine/access.ts), which lets the live updates skip the
 * database for rows a reader surely may not read, is never wrong the unsafe way: over every demo
 * account, every resource and the demo rows, a row it excludes is one the reach's SQL does not
 * reach. And it does exclude: a learner's reach of applications refuses the others' without SQL.
 */

let t: TestApp;
/** Rows read per resource: the demo data's first, enough of every tenant's. */
const ROWS = 400;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe("a reach's test without SQL", () => {
  it("excludes only rows its SQL does not reach, for every demo account and resource", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: resource tables are chosen at run time from the registry
    const db = t.app.db as Kysely<any>;
    const excludedOfLearners = new Map<string, number>();
    for (const account of DEMO_ACCOUNTS) {
      const { id } = await t.app.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", account.email)
        .executeTakeFirstOrThrow();
      const user = await findSessionUser(t.app.db, id);
      if (!user) throw new Error(`${account.email} has no session`);
      const ability = abilityOf(user);
      for (const resource of Object.values(RESOURCES)) {
        const reach = reachOf(ability, "read", resource.name, ALIAS);
        if (reach.kind !== "some" || !reach.excludes) continue;
        const rows = (await db
          .selectFrom(`${resource.table} as r`)
          .selectAll()
          .orderBy("r.id")
          .limit(ROWS)
          .execute()) as Record<string, unknown>[];
        if (rows.length === 0) continue;
        const reached = new Set(
          await reachedIds(
            t.app.db,
            resource,
            reach,
            rows.map((row) => Number(row.id)),
          ),
        );
        const excludes = reach.excludes;
        const wrong = rows.filter((row) => excludes(row) && reached.has(Number(row.id))).map((row) => row.id);
        expect(wrong, `${account.email} on ${resource.name}`).toEqual([]);
        if (roleKind(account.role) === "learner") {
          const key = `${account.email} ${resource.name}`;
          excludedOfLearners.set(key, rows.filter((row) => excludes(row)).length);
        }
      }
    }
    expect(excludedOfLearners.get("student@example.com applications") ?? 0).toBeGreaterThan(0);
    expect(excludedOfLearners.get("learner@example.com applications") ?? 0).toBeGreaterThan(0);
  });
});
