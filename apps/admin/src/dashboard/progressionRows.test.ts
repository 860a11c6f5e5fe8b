import { describe, expect, it } from "vitest";
import { progressionPoints } from "./progressionRows";

describe("the progression chart's points", () => {
  it("has one point per series and category, labelled, with the skills gained only on skillsGained", () => {
    const points = progressionPoints(
      {
        categories: ["2024", "2025"],
        series: [
          { name: "courseEnrolled", data: [3, 4] },
          { name: "skillsGained", data: [1, 0], tags: [["Python"], []] },
        ],
      },
      (key) => `label:${key}`,
      (key) => `year ${key}`,
    );
    expect(points).toEqual([
      {
        key: "2024",
        category: "year 2024",
        seriesKey: "courseEnrolled",
        series: "label:courseEnrolled",
        value: 3,
        tags: [],
      },
      {
        key: "2025",
        category: "year 2025",
        seriesKey: "courseEnrolled",
        series: "label:courseEnrolled",
        value: 4,
        tags: [],
      },
      {
        key: "2024",
        category: "year 2024",
        seriesKey: "skillsGained",
        series: "label:skillsGained",
        value: 1,
        tags: ["Python"],
      },
      {
        key: "2025",
        category: "year 2025",
        seriesKey: "skillsGained",
        series: "label:skillsGained",
        value: 0,
        tags: [],
      },
    ]);
  });
});
