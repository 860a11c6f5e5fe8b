import { describe, expect, it } from "vitest";
import { APPLICATIONS, type ApplicationsSeed, checkApplicationsSeed } from "./applications-data.js";

/** seeds/catalogue/applications.json: what its schema cannot see stops the seed, naming the file. */

const copy = (): ApplicationsSeed => structuredClone(APPLICATIONS);

describe("the applications seed file", () => {
  it("passes as it is", () => {
    expect(checkApplicationsSeed(copy())).toEqual(APPLICATIONS);
  });

  it("refuses a stage of the other variant, in a path or in the weights", () => {
    const wrongPath = copy();
    const certified = wrongPath.variants["learning-event"].stages.certified;
    if (certified) certified.path = ["final_interview"];
    expect(() => checkApplicationsSeed(wrongPath)).toThrow(
      /applications\.json: learning-event: "certified" passes "final_interview"/,
    );
    const wrongWeight = copy();
    wrongWeight.variants.scholarship.timings.open = { hired: 1 };
    expect(() => checkApplicationsSeed(wrongWeight)).toThrow(/scholarship open: "hired"/);
  });

  it("wants every stage described and every state of a posting weighted", () => {
    const missing = copy();
    delete missing.variants["job-opportunity"].stages.spam;
    expect(() => checkApplicationsSeed(missing)).toThrow(/no entry for the stage "spam"/);
    const unweighted = copy();
    delete unweighted.variants["learning-event"].timings.ongoing;
    expect(() => checkApplicationsSeed(unweighted)).toThrow(/no weights for "ongoing"/);
  });

  it("refuses a showcase application to a posting that does not exist, by a staff account, or withdrawn after a decision", () => {
    const base = APPLICATIONS.showcase[0];
    if (!base) throw new Error("no showcase");
    for (const [item, message] of [
      [{ ...base, title: "No such posting" }, /no job-opportunity "No such posting"|no .* "No such posting"/],
      [{ ...base, account: "college.admin@example.com" }, /not a demo learner account/],
      [
        { ...base, stage: "hired", withdrawn: true, posting: "job-opportunity" as const },
        /only an undecided one withdraws/,
      ],
    ] as const) {
      const seed = copy();
      seed.showcase = [item];
      expect(() => checkApplicationsSeed(seed)).toThrow(message);
    }
  });
});
