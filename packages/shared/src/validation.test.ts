import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  includesZero,
  isAllSelected,
  normalizeWebsite,
  optional,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULE,
  parseCommaList,
  parseIdList,
  toCommaList,
  VALIDATION_MESSAGES,
  validateEmail,
  validateLinkedinUrl,
  validateOptionalLinkedinUrl,
  validateOptionalPhone,
  validateOptionalWebsite,
  validatePassword,
  validatePhone,
  validateRequired,
  validateWebsite,
} from "./validation.js";

describe("validation messages", () => {
  it("carry an i18next key in the validation namespace and the en-US text", () => {
    for (const [name, entry] of Object.entries(VALIDATION_MESSAGES)) {
      expect(entry.key).toBe(`validation:${name}`);
      expect(entry.message).toMatch(/^[A-Z].*\.$/);
    }
  });

  it("a required field rejects empty and blank values", () => {
    expect(validateRequired("")).toBe(VALIDATION_MESSAGES.required);
    expect(validateRequired("   ")).toBe(VALIDATION_MESSAGES.required);
    expect(validateRequired(null)).toBe(VALIDATION_MESSAGES.required);
    expect(validateRequired("x")).toBeNull();
  });
});

describe("phone", () => {
  it.each(["9841234567", "+977 984-1234567", "(01) 4412345", "+1 (555) 010-9999"])("accepts %s", (phone) => {
    expect(validatePhone(phone)).toBeNull();
  });

  it("must contain at least one digit", () => {
    expect(validatePhone("+-()")).toBe(VALIDATION_MESSAGES.phoneNeedsDigit);
    expect(validatePhone(" + ")).toBe(VALIDATION_MESSAGES.phoneNeedsDigit);
  });

  it.each(["98412a4567", "984.123.4567", "+977/984", "984_123", "९८४१२३४५६७", "9841\t234"])(
    "allows only digits, spaces, plus, minus and parentheses: refuses %s",
    (phone) => {
      expect(validatePhone(phone)).toBe(VALIDATION_MESSAGES.phoneCharacters);
    },
  );

  it("is required unless the optional variant is used", () => {
    expect(validatePhone("")).toBe(VALIDATION_MESSAGES.required);
    expect(validateOptionalPhone("")).toBeNull();
    expect(validateOptionalPhone(undefined)).toBeNull();
    expect(validateOptionalPhone("abc")).toBe(VALIDATION_MESSAGES.phoneCharacters);
    expect(validateOptionalPhone("01-4412345")).toBeNull();
  });
});

describe("professional profile link", () => {
  it.each([
    "https://www.linkedin.com/in/sita-sharma",
    "http://linkedin.com/in/sita-sharma/",
    "www.linkedin.com/company/himal-tech",
    "linkedin.com/in/sita",
    "https://www.LinkedIn.com/in/sita?originalSubdomain=np",
  ])("accepts %s", (link) => {
    expect(validateLinkedinUrl(link)).toBeNull();
  });

  it.each([
    "https://www.linkedin.com",
    "https://www.linkedin.com/",
    "https://linkedin.example.com/in/sita",
    "https://www.facebook.com/sita",
    "ftp://linkedin.com/in/sita",
    "https://evil.com/linkedin.com/in/sita",
    "https://linkedin.com.evil.com/in/sita",
    "linkedin.com/in/sita sharma",
  ])("refuses %s", (link) => {
    expect(validateLinkedinUrl(link)).toBe(VALIDATION_MESSAGES.linkedinUrl);
  });

  it("may be left empty where the field is optional", () => {
    expect(validateOptionalLinkedinUrl("")).toBeNull();
    expect(validateOptionalLinkedinUrl("not a link")).toBe(VALIDATION_MESSAGES.linkedinUrl);
  });
});

describe("website", () => {
  it("prefixes https:// when http(s) is missing", () => {
    expect(normalizeWebsite("www.kmc.edu.np")).toBe("https://www.kmc.edu.np");
    expect(normalizeWebsite("kmc.edu.np/about")).toBe("https://kmc.edu.np/about");
    expect(normalizeWebsite("  himal.com.np ")).toBe("https://himal.com.np");
    expect(normalizeWebsite("//himal.com.np")).toBe("https://himal.com.np");
  });

  it("keeps an address that already has http or https", () => {
    expect(normalizeWebsite("http://kmc.edu.np")).toBe("http://kmc.edu.np");
    expect(normalizeWebsite("HTTPS://kmc.edu.np")).toBe("HTTPS://kmc.edu.np");
  });

  it("leaves an empty address empty", () => {
    expect(normalizeWebsite("")).toBe("");
    expect(normalizeWebsite(null)).toBe("");
  });

  it("checks the address after normalising it", () => {
    expect(validateWebsite("www.kmc.edu.np")).toBeNull();
    expect(validateWebsite("https://नेपाल.सरकार.नेपाल/path?q=1")).toBeNull();
    expect(validateWebsite("localhost")).toBe(VALIDATION_MESSAGES.website);
    expect(validateWebsite("not a website")).toBe(VALIDATION_MESSAGES.website);
    expect(validateWebsite("javascript:alert(1)")).toBe(VALIDATION_MESSAGES.website);
    expect(validateOptionalWebsite("")).toBeNull();
  });
});

describe("e-mail", () => {
  it("accepts ordinary addresses and refuses malformed ones", () => {
    expect(validateEmail("sita.sharma@kmc.edu.np")).toBeNull();
    expect(validateEmail(" student@example.com ")).toBeNull();
    for (const email of ["sita", "sita@", "@kmc.edu.np", "sita@kmc", "si ta@kmc.edu.np", "a@b@c.com", "sita@kmc..np"]) {
      expect(validateEmail(email), email).toBe(VALIDATION_MESSAGES.email);
    }
    expect(validateEmail("")).toBe(VALIDATION_MESSAGES.required);
  });

  it("refuses addresses longer than 254 characters", () => {
    expect(validateEmail(`${"a".repeat(250)}@x.np`)).toBe(VALIDATION_MESSAGES.emailTooLong);
  });
});

describe("password policy for sign-up", () => {
  it("needs at least 8 characters with a letter and a digit", () => {
    expect(PASSWORD_RULE.minLength).toBe(8);
    expect(PASSWORD_RULE.message).toBe(VALIDATION_MESSAGES.password);
    expect(VALIDATION_MESSAGES.password.message).toBe(
      "Password must be at least 8 characters and contain at least one letter and one digit.",
    );
    expect(validatePassword("CareerDemo#2026")).toBeNull();
    expect(validatePassword("abcdefg1")).toBeNull();
    expect(validatePassword("abcdef1")).toBe(VALIDATION_MESSAGES.password);
    expect(validatePassword("abcdefgh")).toBe(VALIDATION_MESSAGES.password);
    expect(validatePassword("12345678")).toBe(VALIDATION_MESSAGES.password);
    expect(validatePassword("")).toBe(VALIDATION_MESSAGES.required);
  });

  it("counts letters and digits of any script, and characters not UTF-16 units", () => {
    expect(validatePassword("नेपाल२०८१abc")).toBeNull();
    expect(validatePassword(`${"😀".repeat(PASSWORD_MIN_LENGTH - 2)}a1`)).toBeNull();
    expect(validatePassword(`${"😀".repeat(PASSWORD_MIN_LENGTH - 3)}a1`)).toBe(VALIDATION_MESSAGES.password);
  });

  it("does not trim: spaces are part of the secret", () => {
    expect(validatePassword("  a1    ")).toBeNull();
  });

  it("refuses a password longer than 128 characters", () => {
    expect(validatePassword(`a1${"x".repeat(127)}`)).toBe(VALIDATION_MESSAGES.passwordTooLong);
    expect(validatePassword(`a1${"x".repeat(126)}`)).toBeNull();
  });
});

describe("comma lists", () => {
  it("splits, trims and drops blanks", () => {
    expect(parseCommaList("1, 2,,3 ")).toEqual(["1", "2", "3"]);
    expect(parseCommaList([4, "5"])).toEqual(["4", "5"]);
    expect(parseCommaList("")).toEqual([]);
    expect(parseCommaList(null)).toEqual([]);
    expect(parseIdList("3,x,7,1.5")).toEqual([3, 7]);
    expect(toCommaList([3, 7])).toBe("3,7");
  });

  it("treats a list whose entries are all 0 as all selected", () => {
    expect(isAllSelected("0")).toBe(true);
    expect(isAllSelected("0,0")).toBe(true);
    expect(isAllSelected([0])).toBe(true);
    expect(isAllSelected("0,4")).toBe(false);
    expect(isAllSelected("")).toBe(false);
  });

  it("says a list includes zero when any entry is 0", () => {
    expect(includesZero("3,0,7")).toBe(true);
    expect(includesZero([5, 0])).toBe(true);
    expect(includesZero("10,20")).toBe(false);
    expect(includesZero("")).toBe(false);
  });
});

describe("optional()", () => {
  it("lets blank values through and checks everything else", () => {
    const optionalEmail = optional(validateEmail);
    expect(optionalEmail("  ")).toBeNull();
    expect(optionalEmail("nope")).toBe(VALIDATION_MESSAGES.email);
  });
});

describe("validation messages in both locales", () => {
  const read = (lng: string) =>
    JSON.parse(readFileSync(new URL(`../../../locales/${lng}/validation.json`, import.meta.url), "utf8")) as Record<
      string,
      string
    >;

  it("has every message of VALIDATION_MESSAGES in en-US with the same text", () => {
    const expected = Object.fromEntries(
      Object.values(VALIDATION_MESSAGES).map((m) => [m.key.replace("validation:", ""), m.message]),
    );
    expect(read("en-US")).toEqual(expected);
  });

  it("has the same keys in np-NP, written in Devanagari", () => {
    const nepali = read("np-NP");
    expect(Object.keys(nepali).sort()).toEqual(Object.keys(read("en-US")).sort());
    for (const text of Object.values(nepali)) expect(text).toMatch(/[\u0900-\u097F]/);
  });
});
