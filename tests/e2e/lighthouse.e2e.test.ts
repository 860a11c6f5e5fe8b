import { describe, expect, it } from "vitest";
import { type LighthouseResult, lighthouseBench, TARGETS } from "../../bench/lighthouse.mjs";

/**
 * Page quality as Lighthouse reads it (the bench's own module, bench/lighthouse.mjs, with its own
 * server on a fresh demo database): accessibility and best practices at 100 on the sign-in page, a
 * staff dashboard, an applicant list, a learner's home and the public apply page. Performance is
 * the bench's to report, not this test's: it moves with whatever else the machine is running.
 */
describe("Lighthouse on the five pages (mobile, one run each)", () => {
  let result: LighthouseResult;

  it(
    "scores accessibility 100 and best practices 100 on every page",
    async () => {
      result = await lighthouseBench({
        runs: 1,
        configs: ["mobile"],
        categories: ["accessibility", "best-practices"],
        firstLoads: false,
        log: () => {},
      });
      const rows = result.configs.mobile ?? [];
      expect(rows.map((row) => row.page)).toEqual([
        "sign-in",
        "staff dashboard",
        "applicant list",
        "learner home",
        "public apply",
      ]);
      // the audits that fell short name themselves in the failure
      const scores = rows.map((row) => ({
        page: row.page,
        accessibility: row.accessibility,
        bestPractices: row.bestPractices,
        shortfalls: row.shortfalls,
      }));
      expect(scores).toEqual(
        rows.map((row) => ({
          page: row.page,
          accessibility: TARGETS.accessibility,
          bestPractices: TARGETS.bestPractices,
          shortfalls: [],
        })),
      );
    },
    15 * 60_000,
  );
});
