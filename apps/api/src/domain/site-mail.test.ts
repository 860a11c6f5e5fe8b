import { describe, expect, it } from "vitest";
import { redactSecrets } from "../platform/mailer.js";
import { certificatePath, guestStatusPath, languageOf, mailDate, postingPagePath } from "./site-mail.js";

describe("a mail's date", () => {
  it("is the short date in English, and in Nepali words and Devanagari digits in np-NP", () => {
    expect(mailDate("2026-11-26T04:00:00.000Z", "en-US")).toBe("Nov 26, 2026");
    expect(mailDate("2026-11-26T04:00:00.000Z", "np-NP")).toBe("नोभे. २६, २०२६");
  });

  it("is the day in Nepal, not the server's: 20:00 UTC is already the next day there", () => {
    expect(mailDate("2026-11-26T20:00:00.000Z", "en-US")).toBe("Nov 27, 2026");
  });

  it("is in Bikram Sambat for a user who chose it, as the admin writes it", () => {
    // 2024-04-13 is 1 Baisakh 2081 (the admin's own test of the same conversion)
    expect(mailDate("2024-04-13T06:00:00.000Z", "en-US", "bikram-sambat")).toBe("1 Baisakh 2081");
    expect(mailDate("2024-04-13T06:00:00.000Z", "np-NP", "bikram-sambat")).toBe("१ बैशाख २०८१");
  });

  it("is empty for no date or a date that is not one", () => {
    expect(mailDate(null, "en-US")).toBe("");
    expect(mailDate("not a date", "np-NP")).toBe("");
  });
});

describe("a mail's links", () => {
  it("open a posting's page where the learner's cards open it", () => {
    expect(postingPagePath("learning-event", 7)).toBe("/job-trainings/show/7");
    expect(postingPagePath("job-opportunity", 8)).toBe("/job-opportunities/show/8");
    expect(postingPagePath("scholarship", 9)).toBe("/scholarship/show/9");
  });

  it("open a guest's status page and a certificate's page", () => {
    expect(guestStatusPath("abc_DEF-1")).toBe("/applications/status/abc_DEF-1");
    expect(certificatePath("CSC-2345-6789-ABCD")).toBe("/certificates/CSC-2345-6789-ABCD");
  });

  it("keep a guest's status token out of the outbox", () => {
    const text =
      "Follow it here:\nhttp://kmc.localhost:3000/applications/status/Zm9vYmFyLWJhei1xdXV4LTAxMjM0NTY3ODk\n\nKMC";
    expect(redactSecrets(text)).toBe(
      "Follow it here:\nhttp://kmc.localhost:3000/applications/status/[redacted]\n\nKMC",
    );
  });
});

describe("a mail's language", () => {
  it("is the one stored, or English when none or unknown", () => {
    expect(languageOf("np-NP")).toBe("np-NP");
    expect(languageOf(null)).toBe("en-US");
    expect(languageOf("fr-FR")).toBe("en-US");
  });
});
