import { describe, expect, it } from "vitest";
import {
  APPLICATIONS_CLOSE_ON,
  closingComparand,
  isOpenForApplications,
  lastDayToApply,
} from "./application-window.js";
import { POSTING_TYPES } from "./enums.js";

const NOW = new Date("2026-11-27T10:30:00.000Z");
const at = (iso: string) => new Date(iso);

describe("whether a posting takes applications at an instant", () => {
  it("keeps a job opportunity open through the whole of its deadline's day (UTC), closed the day after", () => {
    expect(isOpenForApplications("job-opportunity", { deadline: "2026-11-27" }, NOW)).toBe(true);
    expect(isOpenForApplications("job-opportunity", { deadline: "2026-11-27" }, at("2026-11-27T23:59:59.999Z"))).toBe(
      true,
    );
    expect(isOpenForApplications("job-opportunity", { deadline: "2026-11-27" }, at("2026-11-28T00:00:00.000Z"))).toBe(
      false,
    );
    expect(isOpenForApplications("job-opportunity", { deadline: "2026-11-26" }, NOW)).toBe(false);
  });

  it("closes a job opportunity with no deadline, and opens a scholarship with none", () => {
    expect(isOpenForApplications("job-opportunity", { deadline: null }, NOW)).toBe(false);
    expect(isOpenForApplications("scholarship", { deadline: null }, NOW)).toBe(true);
    expect(isOpenForApplications("scholarship", {}, NOW)).toBe(true);
    expect(isOpenForApplications("scholarship", { deadline: "2026-11-26" }, NOW)).toBe(false);
  });

  it("closes a learning event at its end to the instant, whatever its registration deadline", () => {
    const event = { end_at: "2026-11-27T10:30:00.000Z", registration_deadline: null };
    expect(isOpenForApplications("learning-event", event, NOW)).toBe(true);
    expect(isOpenForApplications("learning-event", event, at("2026-11-27T10:30:00.001Z"))).toBe(false);
    expect(
      isOpenForApplications("learning-event", { ...event, registration_deadline: "2027-01-01" }, at("2026-12-01")),
    ).toBe(false);
  });

  it("closes a learning event once its registration deadline's day is over, though it has not ended", () => {
    const event = { end_at: "2026-12-31T12:00:00.000Z", registration_deadline: "2026-11-27" };
    expect(isOpenForApplications("learning-event", event, NOW)).toBe(true);
    expect(isOpenForApplications("learning-event", event, at("2026-11-28T00:00:00.000Z"))).toBe(false);
  });

  it("reads an end given with an offset as the instant it names", () => {
    // 16:15 in Kathmandu is 10:30 UTC
    const event = { end_at: "2026-11-27T16:15:00+05:45", registration_deadline: null };
    expect(isOpenForApplications("learning-event", event, NOW)).toBe(true);
    expect(isOpenForApplications("learning-event", event, at("2026-11-27T10:31:00.000Z"))).toBe(false);
  });

  it("treats an unreadable value as a missing one", () => {
    expect(isOpenForApplications("job-opportunity", { deadline: "soon" }, NOW)).toBe(false);
    expect(isOpenForApplications("scholarship", { deadline: 20261231 }, NOW)).toBe(true);
    expect(isOpenForApplications("learning-event", { end_at: "not a date" }, NOW)).toBe(false);
  });

  it("asks the present instant when none is given", () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(isOpenForApplications("job-opportunity", { deadline: tomorrow })).toBe(true);
    expect(isOpenForApplications("job-opportunity", { deadline: yesterday })).toBe(false);
  });

  it("has a rule for every posting type, compared as the API stores its values", () => {
    for (const type of POSTING_TYPES) expect(APPLICATIONS_CLOSE_ON[type].length).toBeGreaterThan(0);
    expect(closingComparand("day", NOW)).toBe("2026-11-27");
    expect(closingComparand("moment", NOW)).toBe("2026-11-27T10:30:00.000Z");
  });
});

describe("the last day a posting takes applications", () => {
  it("is a job's or a scholarship's deadline, and nothing for a scholarship without one", () => {
    expect(lastDayToApply("job-opportunity", { deadline: "2026-12-01" })).toBe("2026-12-01");
    expect(lastDayToApply("scholarship", { deadline: null })).toBeNull();
    expect(lastDayToApply("job-opportunity", { deadline: "soon" })).toBeNull();
  });

  it("is the earlier of an event's registration deadline and the day it ends, in UTC", () => {
    expect(
      lastDayToApply("learning-event", { end_at: "2026-12-10T09:00:00.000Z", registration_deadline: "2026-12-03" }),
    ).toBe("2026-12-03");
    expect(
      lastDayToApply("learning-event", { end_at: "2026-12-02T09:00:00.000Z", registration_deadline: "2026-12-03" }),
    ).toBe("2026-12-02");
    // 16:15 in Kathmandu is 10:30 UTC the same day; 03:00 there is the day before in UTC
    expect(lastDayToApply("learning-event", { end_at: "2026-12-02T03:00:00+05:45", registration_deadline: null })).toBe(
      "2026-12-01",
    );
  });
});
