import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { INTERPOLATION, languageDigits } from "./message-digits";

const MESSAGES = {
  answered_one: "{{count}} answered by {{email}}",
  answered_other: "{{count}} answered by {{email}}",
};

async function translator(lng: string) {
  const i18n = i18next.createInstance();
  await i18n.use(languageDigits).init({
    lng,
    resources: { [lng]: { common: { ...MESSAGES, missing: "before {{nothing}} after" } } },
    defaultNS: "common",
    interpolation: INTERPOLATION,
  });
  return i18n.t.bind(i18n);
}

describe("numbers in messages", () => {
  it("are written in Devanagari in np-NP, the plural still chosen by the number, a typed text kept", async () => {
    const t = await translator("np-NP");
    expect(t("answered", { count: 12, email: "user42@example.com" })).toBe("१२ answered by user42@example.com");
  });

  it("keep Western digits in en-US", async () => {
    const t = await translator("en-US");
    expect(t("answered", { count: 1, email: "a1@example.com" })).toBe("1 answered by a1@example.com");
  });

  it("leave a missing value showing its name, as i18next does without the formatter", async () => {
    const t = await translator("np-NP");
    expect(t("missing")).toBe("before {{nothing}} after");
  });
});
