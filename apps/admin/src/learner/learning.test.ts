import { describe, expect, it } from "vitest";
import {
  doneSteps,
  enrolmentStatus,
  LEARNING_KINDS,
  shortDescription,
  skillsOf,
  stepsOf,
  stepsProgress,
  toggleStep,
} from "./learning";

const enrolment = {
  id: 1,
  item_type: "course" as const,
  item_id: 2,
  enrolled_at: "2026-01-01",
  certificate_code: null,
};

describe("a learner's courses, programs and roadmaps", () => {
  it("reads the steps a learner ticks where the API counts them: a roadmap's, never a course's", () => {
    const roadmap = { id: 1, skills: ["HTML", "React", 3], tags: ["Web"] };
    expect(stepsOf(LEARNING_KINDS["career-roadmap"], roadmap)).toEqual(["HTML", "React"]);
    expect(stepsOf(LEARNING_KINDS.courses, roadmap)).toEqual([]);
  });

  it("ticks and unticks steps by name, in the roadmap's order, and the progress is the share ticked", () => {
    const steps = ["HTML", "CSS", "React", "Portfolio"];
    let done = toggleStep([], "React", steps);
    done = toggleStep(done, "HTML", steps);
    expect(done).toEqual(["HTML", "React"]);
    expect(stepsProgress(done, steps)).toBe(50);
    expect(toggleStep(done, "React", steps)).toEqual(["HTML"]);
    expect(stepsProgress(["HTML"], ["HTML", "CSS", "React"])).toBe(33);
    expect(stepsProgress([], [])).toBe(0);
  });

  it("reads the ticked steps the API kept, dropping any the roadmap no longer has", () => {
    const steps = ["HTML", "CSS", "React"];
    expect(doneSteps({ steps_done: ["React", "Gone", "HTML"] }, steps)).toEqual(["HTML", "React"]);
    expect(doneSteps({ steps_done: '["CSS"]' }, steps)).toEqual(["CSS"]);
    expect(doneSteps(undefined, steps)).toEqual([]);
  });

  it("says where an enrolment stands", () => {
    expect(enrolmentStatus({ ...enrolment, progress: 0, completed_at: null })).toBe("enrolled");
    expect(enrolmentStatus({ ...enrolment, progress: 40, completed_at: null })).toBe("in-progress");
    expect(enrolmentStatus({ ...enrolment, progress: 40, completed_at: "2026-02-01" })).toBe("completed");
  });

  it("shows a line of the description and each skill once", () => {
    expect(shortDescription("<p>Build <em>apps</em>.</p><ol><li>Step</li></ol>")).toBe("Build apps.");
    expect(shortDescription(`<p>${"word ".repeat(60)}</p>`, 20)).toBe("word word word word…");
    // the skills completing it gives: a roadmap's skills, a course's tags
    expect(skillsOf(LEARNING_KINDS["career-roadmap"], { id: 1, skills: ["SQL", " ", "SQL"], tags: ["Data"] })).toEqual([
      "SQL",
    ]);
    expect(skillsOf(LEARNING_KINDS.courses, { id: 1, tags: ["Web", "Data"] })).toEqual(["Web", "Data"]);
  });
});
