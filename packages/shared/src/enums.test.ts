import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PROGRESSION_SERIES_OPTIONS } from "./chart.js";
import {
  ACCOUNT_TYPE_OPTIONS,
  APPLICANT_ORIGIN_OPTIONS,
  APPLICANT_STAGE_OPTIONS,
  APPLICANT_STAGES,
  ATTENDANCE,
  ATTENDANCE_OPTIONS,
  COMPLETION_STATUS_OPTIONS,
  COUNTRY_CODES,
  CREATED_BY_SEPARATOR,
  countryOptions,
  DELIVERY_MODE_OPTIONS,
  ENUM_OPTIONS,
  EVENT_TYPES,
  enumLabel,
  formatCreatedBy,
  isCountryCode,
  isEnumValue,
  isYearChoice,
  JOB_TYPES,
  LEARNER_STAGE_OPTIONS,
  LETTER_GRADES,
  LIST_SCOPES,
  labelsOf,
  PUBLISH_STATUS_OPTIONS,
  parseCreatedBy,
  TIME_FILTERS,
  YEAR_CHOICE_OPTIONS,
  YEAR_CHOICES,
} from "./enums.js";
import { readLocales } from "./locale-files.js";
import { ACCOUNT_TYPES } from "./roles.js";

// enums.json of each language with the resources' help topic labels (locales/resources/) in place
const LOCALES = readLocales(fileURLToPath(new URL("../../../locales", import.meta.url)));
const enUS = LOCALES["en-US"].enums as Record<string, Record<string, string>>;
const npNP = LOCALES["np-NP"].enums as Record<string, Record<string, string>>;

const DEVANAGARI = /[\u0900-\u097F]/;

describe("enum values", () => {
  it("lists the event and job types", () => {
    expect(EVENT_TYPES).toEqual([
      "training",
      "session",
      "guest_lecture",
      "workshop",
      "course",
      "exam",
      "event",
      "others",
    ]);
    expect(JOB_TYPES).toEqual(["full_time", "part_time", "internship", "remote", "hybrid", "trainee", "contract"]);
  });

  it("stores delivery mode as online true and offline false", () => {
    expect(DELIVERY_MODE_OPTIONS.map(({ value, label }) => [value, label])).toEqual([
      [true, "Online"],
      [false, "Offline"],
    ]);
  });

  it("labels completion status complete and in_complete as Complete and Incomplete", () => {
    expect(COMPLETION_STATUS_OPTIONS.map(({ value, label }) => [value, label])).toEqual([
      ["complete", "Complete"],
      ["in_complete", "Incomplete"],
    ]);
  });

  it("grades A+ down to F", () => {
    expect(LETTER_GRADES).toEqual(["A+", "A", "B+", "B", "C+", "C", "D+", "D", "F"]);
  });

  it("shows an unknown applicant origin as N/A", () => {
    expect(enumLabel(APPLICANT_ORIGIN_OPTIONS, "unknown")).toBe("N/A");
    expect(enumLabel(APPLICANT_ORIGIN_OPTIONS, "skill_lab")).toBe("Skill Lab");
  });

  it("labels published and not published", () => {
    expect(enumLabel(PUBLISH_STATUS_OPTIONS, true)).toBe("Published");
    expect(enumLabel(PUBLISH_STATUS_OPTIONS, false)).toBe("Not Published");
  });

  it("keeps the candidate statuses in order, rejected_after_interview labelled Rejected", () => {
    expect(APPLICANT_STAGES).toHaveLength(15);
    expect(APPLICANT_STAGES[0]).toBe("new_candidates");
    expect(APPLICANT_STAGES.at(-1)).toBe("spam");
    expect(enumLabel(APPLICANT_STAGE_OPTIONS, "rejected_after_interview")).toBe("Rejected");
    expect(enumLabel(APPLICANT_STAGE_OPTIONS, "new_candidates")).toBe("New Candidates");
    expect(enumLabel(APPLICANT_STAGE_OPTIONS, "cv_not_matched")).toBe("CV Not Matched");
    expect(enumLabel(APPLICANT_STAGE_OPTIONS, "cv_submitted")).toBe("CV Submitted");
  });

  it("has the six learner stage variants", () => {
    expect(LEARNER_STAGE_OPTIONS.map((option) => option.value)).toEqual([
      "new_candidate",
      "shortlisted",
      "certified",
      "non_certified",
      "did_not_attend",
      "old_batch",
    ]);
  });

  it("stores attendance as numbers: 1 Present, 2 Absent, 3 No Status", () => {
    expect(ATTENDANCE).toEqual({ present: 1, absent: 2, noStatus: 3 });
    expect(ATTENDANCE_OPTIONS.map(({ value, label }) => [value, label])).toEqual([
      [1, "Present"],
      [2, "Absent"],
      [3, "No Status"],
    ]);
    expect(ATTENDANCE_OPTIONS[0]?.labelKey).toBe("enums:attendance.1");
  });

  it("has the time filters and list scopes", () => {
    expect(TIME_FILTERS).toEqual([
      "current",
      "expired",
      "upcoming",
      "ongoing",
      "suggested",
      "pending",
      "rejected",
      "all",
      "taken",
      "not-taken",
    ]);
    expect(LIST_SCOPES).toEqual(["all", "user-taken", "user-preference", "user-saved"]);
  });

  it("reuses the account types of roles.ts for its options", () => {
    expect(ACCOUNT_TYPE_OPTIONS.map((option) => option.value)).toEqual([...ACCOUNT_TYPES]);
  });

  it("offers years 1 to 50", () => {
    expect(YEAR_CHOICES).toHaveLength(50);
    expect(YEAR_CHOICES[0]).toBe(1);
    expect(YEAR_CHOICES.at(-1)).toBe(50);
    expect(YEAR_CHOICE_OPTIONS[9]).toEqual({ value: 10, label: "10" });
    expect(isYearChoice(50)).toBe(true);
    expect(isYearChoice(0)).toBe(false);
    expect(isYearChoice(51)).toBe(false);
    expect(isYearChoice("5")).toBe(false);
  });

  it("narrows unknown input to an enum's values with the right type", () => {
    expect(isEnumValue(EVENT_TYPES, "workshop")).toBe(true);
    expect(isEnumValue(EVENT_TYPES, "party")).toBe(false);
    expect(
      isEnumValue(
        ATTENDANCE_OPTIONS.map((option) => option.value),
        "1",
      ),
    ).toBe(false);
  });
});

describe("label keys", () => {
  it("are enums:<enumName>.<value> for every option", () => {
    for (const [enumName, options] of Object.entries({
      ...ENUM_OPTIONS,
      progressionSeries: PROGRESSION_SERIES_OPTIONS,
    })) {
      for (const option of options) expect(option.labelKey).toBe(`enums:${enumName}.${String(option.value)}`);
    }
  });

  it("has no two values of one enum sharing a key", () => {
    for (const options of Object.values(ENUM_OPTIONS)) {
      const keys = options.map((option) => option.labelKey);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });
});

describe("locale files", () => {
  const codeLabels = Object.fromEntries(
    Object.entries({ ...ENUM_OPTIONS, progressionSeries: PROGRESSION_SERIES_OPTIONS }).map(([name, options]) => [
      name,
      labelsOf(options),
    ]),
  );

  it("en-US/enums.json holds exactly the en-US labels of the code", () => {
    expect(enUS).toEqual(codeLabels);
  });

  it("np-NP/enums.json translates every key and nothing more", () => {
    const keysOf = (file: Record<string, Record<string, string>>) =>
      Object.entries(file).flatMap(([name, labels]) => Object.keys(labels).map((value) => `${name}.${value}`));
    expect(keysOf(npNP).sort()).toEqual(keysOf(codeLabels).sort());
  });

  it("np-NP labels are written in Devanagari (letter grades stay the grade symbols)", () => {
    for (const [name, labels] of Object.entries(npNP as Record<string, Record<string, string>>)) {
      for (const [value, label] of Object.entries(labels)) {
        if (name === "letterGrade") expect(label).toBe(value);
        else expect(label, `${name}.${value}`).toMatch(DEVANAGARI);
      }
    }
  });
});

describe("created by", () => {
  it("joins the creator id and entity with the separator", () => {
    expect(formatCreatedBy(12, "college")).toBe(`12${CREATED_BY_SEPARATOR}college`);
  });

  it("parses back what it formats, even when the entity holds the separator", () => {
    expect(parseCreatedBy(formatCreatedBy(7, "skill_lab"))).toEqual({ id: 7, entity: "skill_lab" });
    expect(parseCreatedBy(formatCreatedBy(3, "recruiter"))).toEqual({ id: 3, entity: "recruiter" });
  });

  it("refuses values without an id or an entity", () => {
    for (const value of ["", null, undefined, "college", "_college", "12_", "x_college", "0_college", "1.5_college"]) {
      expect(parseCreatedBy(value), String(value)).toBeNull();
    }
  });

  it("will not format an id that is not a positive integer or an empty entity", () => {
    expect(() => formatCreatedBy(0, "college")).toThrow(RangeError);
    expect(() => formatCreatedBy(1.5, "college")).toThrow(RangeError);
    expect(() => formatCreatedBy(1, "")).toThrow(RangeError);
  });
});

describe("countries", () => {
  it("are the 249 ISO 3166-1 alpha-2 codes, sorted and unique", () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect([...COUNTRY_CODES].sort()).toEqual(COUNTRY_CODES);
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it("include Nepal and the less common territories, not user-assigned codes", () => {
    for (const code of ["NP", "IN", "US", "AX", "BQ", "SS", "SX", "XK"]) {
      expect(isCountryCode(code), code).toBe(code !== "XK");
    }
    expect(isCountryCode("np")).toBe(false);
  });

  it("all have a name in Intl.DisplayNames", () => {
    const names = new Intl.DisplayNames(["en-US"], { type: "region", fallback: "none" });
    for (const code of COUNTRY_CODES) expect(names.of(code), code).not.toBeUndefined();
  });

  it("are labelled in the app language, np-NP in Nepali script, sorted by label", () => {
    const english = countryOptions("en-US");
    expect(english.find((option) => option.value === "NP")?.label).toBe("Nepal");
    expect(english[0]?.label).toBe("Afghanistan");
    const nepali = countryOptions("np-NP");
    expect(nepali).toHaveLength(249);
    expect(nepali.find((option) => option.value === "NP")?.label).toMatch(DEVANAGARI);
  });
});
