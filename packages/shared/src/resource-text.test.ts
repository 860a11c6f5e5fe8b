import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readLocales } from "./locale-files.js";
import { type ResourceTextFile, withResourceTexts } from "./resource-text.js";

const mentors: ResourceTextFile = {
  "en-US": { menu: "Mentors", fields: { expertise: "Expertise" } },
  "np-NP": { menu: "मेन्टरहरू", helpTopic: "मेन्टर", fields: { expertise: "विशेषज्ञता" } },
};

describe("a resource's own words", () => {
  it("go where the screens look them up, the help topic named by the menu label unless it says otherwise", () => {
    const namespaces = { common: { menu: { dashboard: "Dashboard" } }, fields: { email: "Email" } };
    expect(withResourceTexts(namespaces, { mentors }, "en-US")).toEqual({
      common: { menu: { dashboard: "Dashboard", mentors: "Mentors" } },
      enums: { helpTopic: { mentors: "Mentors" } },
      fields: { email: "Email", expertise: "Expertise" },
    });
    expect(withResourceTexts(namespaces, { mentors }, "np-NP").enums).toEqual({ helpTopic: { mentors: "मेन्टर" } });
    // what was passed in is left as it was
    expect(namespaces).toEqual({ common: { menu: { dashboard: "Dashboard" } }, fields: { email: "Email" } });
  });

  it("may not say again what a namespace or another resource says", () => {
    expect(() => withResourceTexts({ fields: { expertise: "Skill" } }, { mentors }, "en-US")).toThrow(
      "locales/resources/mentors.json (en-US): expertise is written twice",
    );
    const coaches: ResourceTextFile = { "en-US": { fields: { expertise: "Area" } }, "np-NP": {} };
    expect(() => withResourceTexts({}, { mentors, coaches }, "en-US")).toThrow(
      "locales/resources/coaches.json (en-US): expertise is written twice",
    );
  });
});

describe("reading locales/", () => {
  const dir = mkdtempSync(join(tmpdir(), "csc-locales-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (path: string, value: unknown) => {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), JSON.stringify(value));
  };

  it("merges each language's files with the resources' text files", () => {
    write("en-US/common.json", { menu: { dashboard: "Dashboard" } });
    write("np-NP/common.json", { menu: { dashboard: "ड्यासबोर्ड" } });
    write("resources/mentors.json", mentors);
    const locales = readLocales(dir);
    expect(locales["np-NP"].common).toEqual({ menu: { dashboard: "ड्यासबोर्ड", mentors: "मेन्टरहरू" } });
    expect(locales["en-US"].fields).toEqual({ expertise: "Expertise" });
  });

  it("refuses a text file that is not shaped as one, naming it", () => {
    write("resources/broken.json", { "en-US": { menu: "Broken", title: "?" }, "np-NP": {} });
    expect(() => readLocales(dir)).toThrow(/^locales\/resources\/broken\.json: /);
  });
});
