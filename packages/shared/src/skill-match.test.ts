import { describe, expect, it } from "vitest";
import { encodeFieldValue } from "./field-types.js";
import {
  askedSkills,
  learnerSkillKeys,
  matchScoreOf,
  matchSkills,
  skillKey,
  TEACHING_RESOURCES,
} from "./skill-match.js";

describe("skill match", () => {
  it("knows a skill whatever its case and spacing", () => {
    expect(skillKey("  Data   Analysis ")).toBe("data analysis");
    expect(askedSkills(["SQL", " sql ", "", 3, "Python"])).toEqual(["SQL", "Python"]);
  });

  it("scores the share of the posting's skills the learner has, in whole percent rounded half up", () => {
    expect(matchScoreOf(0, 3)).toBe(0);
    expect(matchScoreOf(1, 3)).toBe(33);
    expect(matchScoreOf(2, 3)).toBe(67);
    expect(matchScoreOf(1, 8)).toBe(13); // 12.5 rounds up
    expect(matchScoreOf(3, 3)).toBe(100);
    // nothing asked, nothing to match
    expect(matchScoreOf(0, 0)).toBe(0);
  });

  it("splits the posting's skills into matched and missing, in the posting's order", () => {
    const learner = learnerSkillKeys(["python", "Excel ", "Communication"]);
    expect(matchSkills(learner, ["SQL", "Python", "excel", "Statistics"])).toEqual({
      score: 50,
      matched: ["Python", "excel"],
      missing: ["SQL", "Statistics"],
    });
    expect(matchSkills(learner, [])).toEqual({ score: 0, matched: [], missing: [] });
    // "sql" is not "mysql"
    expect(matchSkills(learnerSkillKeys(["MySQL"]), ["SQL"]).score).toBe(0);
  });

  it("looks for teachers in the learning catalogue a learner enrols in", () => {
    expect(TEACHING_RESOURCES.map((item) => item.resource).sort()).toEqual([
      "career-roadmap",
      "courses",
      "enrichment-programs",
    ]);
    expect(TEACHING_RESOURCES.find((item) => item.resource === "career-roadmap")?.field).toBe("skills");
  });

  it("keeps names as it reads them: a list of names is stored trimmed, a run of spaces one space", () => {
    const encoded = encodeFieldValue({ name: "skills", type: "tags" }, [" Data   analysis ", "SQL"], (html) => html);
    expect(encoded).toEqual({ ok: true, value: JSON.stringify(["Data analysis", "SQL"]) });
    // what the rule reads back is what it matches
    expect(askedSkills(JSON.parse(encoded.ok ? String(encoded.value) : "[]"))).toEqual(["Data analysis", "SQL"]);
  });
});
