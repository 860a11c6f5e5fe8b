import { describe, expect, it } from "vitest";
import { redactQuestion } from "./redact.js";
import { termOf, termsOf, wordsOf } from "./text.js";

describe("how the assistant reads a question", () => {
  it("keeps Devanagari vowel signs, the virama, the candrabindu and joined letters inside their words", () => {
    expect(wordsOf("जागिरको लागि कसरी आवेदन दिने?")).toEqual(["जागिरको", "लागि", "कसरी", "आवेदन", "दिने"]);
    // the eyelash ra is written with a zero-width joiner, which the word does not depend on
    expect(wordsOf("छन्, गर्\u200Dयो; सँग")).toEqual(["छन्", "गर्यो", "सँग"]);
  });

  it("takes Nepali postpositions and the plural off a word, keeping the word", () => {
    expect(termOf("जागिरको")).toBe("जागिर");
    expect(termOf("आवेदनहरू")).toBe("आवेदन");
    expect(termOf("विद्यार्थीलाई")).toBe("विद्यार्थी");
    expect(termOf("मा")).toBeNull();
  });

  it("drops the words of a question that say nothing on their own, in both languages", () => {
    expect(termsOf("How do I apply for a job?")).toEqual(["apply", "job"]);
    expect(termsOf("जागिरको लागि कसरी आवेदन दिने?")).toEqual(["जागिर", "आवेदन"]);
  });
});

describe("a question kept for provider staff", () => {
  it("holds no e-mail address, phone number or other digits", () => {
    expect(redactQuestion("mail sita.k@example.com or +977-984-1234567 about order 4411")).toBe(
      "mail [email] or [phone] about order #",
    );
    expect(redactQuestion("मेरो नम्बर ९८४१२३४५६७ हो, रोल २३")).toBe("मेरो नम्बर [phone] हो, रोल #");
  });
});
