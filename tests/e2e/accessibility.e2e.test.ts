import { describe, expect, it } from "vitest";
import { A11Y_GROUPS, checkEveryMenuEntry, readmeDemoAccounts } from "./support/axe";

/**
 * Every menu entry of every demo account opens a working page, clean under axe, and so does the
 * sign-in page of each site (support/axe.ts). This file: the sign-in pages and the recruiters; the
 * other accounts are in accessibility-*.e2e.test.ts, one group each, so that vitest runs them side
 * by side.
 */

describe("accessibility: the demo accounts", () => {
  it("checks every demo account of the README, each in one file", () => {
    const key = (account: { email: string; site: string }) => `${account.email} on "${account.site}"`;
    const checked = Object.values(A11Y_GROUPS).flat().map(key);
    expect(new Set(checked).size).toBe(checked.length);
    expect(checked.sort()).toEqual(readmeDemoAccounts().map(key).sort());
  });
});

checkEveryMenuEntry(A11Y_GROUPS.recruiters, ["", "kmc", "himal", "recruiter"]);
