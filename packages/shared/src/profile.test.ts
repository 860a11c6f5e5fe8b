import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  PROFILE_MESSAGES,
  profileFieldsFor,
  tagFieldNameFor,
  validatePasswordChange,
  validateProfile,
} from "./profile.js";
import { ROLES } from "./roles.js";
import { normalizeWebsite } from "./validation.js";

const validationFile = (language: string) =>
  JSON.parse(readFileSync(new URL(`../../../locales/${language}/validation.json`, import.meta.url), "utf8")) as Record<
    string,
    string
  >;

describe("the profile's rules", () => {
  it("checks only the fields given, each with its own message", () => {
    expect(validateProfile({})).toEqual({});
    expect(
      Object.keys(validateProfile({ full_name: "", phone: "abc", year: 0, calendar: "x", country: "ZZ" })),
    ).toEqual(["full_name", "phone", "country", "year", "calendar"]);
    expect(
      validateProfile({ full_name: "Asha", phone: "", linkedin_url: null, year: 50, calendar: "bikram-sambat" }),
    ).toEqual({});
    expect(validateProfile({ full_name: "x".repeat(121) }).full_name).toBe(PROFILE_MESSAGES.fullNameTooLong);
  });

  it("has every message in both languages", () => {
    for (const language of ["en-US", "np-NP"]) {
      const file = validationFile(language);
      for (const { key } of Object.values(PROFILE_MESSAGES)) expect(file[key.replace("validation:", "")]).toBeTruthy();
    }
  });

  it("gives a program and year to learners only, and names the tag field by role", () => {
    expect(profileFieldsFor(ROLES.STUDENT)).toContain("year");
    expect(profileFieldsFor(ROLES.COLLEGE_ADMIN)).not.toContain("year");
    expect(tagFieldNameFor(ROLES.SUPER_ADMIN)).toBe("tags");
    expect(tagFieldNameFor(ROLES.RECRUITER_VIEWER)).toBe("tags");
    expect(tagFieldNameFor(ROLES.INSTITUTION_EDITOR)).toBe("preferences");
    expect(tagFieldNameFor(ROLES.LEARNER)).toBe("preferences");
  });

  it("asks for the current password and a new one that follows the password rule", () => {
    expect(Object.keys(validatePasswordChange({}))).toEqual(["current_password", "new_password"]);
    expect(validatePasswordChange({ current_password: "x", new_password: "Better#2027" })).toEqual({});
  });

  it("stores a website with its scheme, trimmed and with a lower-case host", () => {
    expect(normalizeWebsite("  WWW.Example.COM/About?Q=1 ")).toBe("https://www.example.com/About?Q=1");
    expect(normalizeWebsite("http://KMC.edu.np")).toBe("http://kmc.edu.np");
  });
});
