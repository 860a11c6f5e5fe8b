import { describe, expect, it } from "vitest";
import { courseSiteUrl } from "./course-site.js";

describe("the course site's login URL", () => {
  it("adds the variant and the item to a plain URL: course, scholarship, career_road_map", () => {
    expect(courseSiteUrl("https://learn.example.com/login", "course", 7)).toBe(
      "https://learn.example.com/login?type=course&id=7",
    );
    expect(courseSiteUrl("https://learn.example.com/login?lang=en", "scholarship", 3)).toBe(
      "https://learn.example.com/login?lang=en&type=scholarship&id=3",
    );
    expect(courseSiteUrl("https://learn.example.com/login", "career-roadmap", 2)).toBe(
      "https://learn.example.com/login?type=career_road_map&id=2",
    );
  });

  it("opens an enrichment program as a course", () => {
    expect(courseSiteUrl("https://learn.example.com/login", "enrichment-program", 5)).toContain("type=course&id=5");
  });

  it("fills {type} and {id} when the configured URL has them", () => {
    expect(courseSiteUrl("https://learn.example.com/{type}/{id}/login", "career-roadmap", 9)).toBe(
      "https://learn.example.com/career_road_map/9/login",
    );
  });

  it("gives no link when the site is not configured or the URL is not http(s)", () => {
    expect(courseSiteUrl(null, "course", 1)).toBeNull();
    expect(courseSiteUrl("  ", "course", 1)).toBeNull();
    expect(courseSiteUrl("javascript:alert(1)", "course", 1)).toBeNull();
    expect(courseSiteUrl("not a url", "course", 1)).toBeNull();
    expect(courseSiteUrl("https://learn.example.com/a b", "course", 1)).toBeNull();
  });

  it("keeps a fragment at the end", () => {
    expect(courseSiteUrl("https://learn.example.com/login#start", "course", 4)).toBe(
      "https://learn.example.com/login?type=course&id=4#start",
    );
  });
});
