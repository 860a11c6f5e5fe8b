import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadMessages } from "./messages.js";

const messages = loadMessages(fileURLToPath(new URL("../../../../locales", import.meta.url)));

describe("the API's messages", () => {
  it("write a number in Devanagari digits in np-NP, as the admin does", () => {
    expect(messages("np-NP")("bulk.updated", { count: 12 })).toBe("१२ आवेदन अद्यावधिक गरियो।");
    expect(messages("en-US")("bulk.updated", { count: 12 })).toBe("12 application(s) updated.");
  });

  it("keep a text as it was written, digits and all", () => {
    const link = "http://kmc.localhost:4123/reset-password?token=ab12";
    expect(messages("np-NP")("mail.resetBody", { name: "Student 2", link })).toContain(link);
    expect(messages("np-NP")("mail.resetBody", { name: "Student 2", link })).toContain("नमस्ते Student 2,");
  });
});
