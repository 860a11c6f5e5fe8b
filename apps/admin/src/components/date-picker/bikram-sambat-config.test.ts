import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { bikramSambatConfig as bs } from "./bikram-sambat-config";

/** The BS picker's calendar arithmetic, on days whose BS date is published (1 Baisakh is the new year). */
describe("the Bikram Sambat picker's calendar", () => {
  const newYear2080 = dayjs("2023-04-14"); // 1 Baisakh 2080
  const lastOf2079 = dayjs("2023-04-13"); // 30 Chaitra 2079

  it("reads years, months (from 0) and days in Bikram Sambat", () => {
    expect([bs.getYear(newYear2080), bs.getMonth(newYear2080), bs.getDate(newYear2080)]).toEqual([2080, 0, 1]);
    expect([bs.getYear(lastOf2079), bs.getMonth(lastOf2079), bs.getDate(lastOf2079)]).toEqual([2079, 11, 30]);
  });

  it("moves by BS months and years, carrying across the new year and keeping the time of day", () => {
    const evening = lastOf2079.hour(18).minute(30);
    const next = bs.addMonth(evening, 1);
    expect([bs.getYear(next), bs.getMonth(next), bs.getDate(next)]).toEqual([2080, 0, 30]);
    expect(next.format("HH:mm")).toBe("18:30");
    const back = bs.addYear(newYear2080, -1);
    expect(back.format("YYYY-MM-DD")).toBe("2022-04-14"); // 1 Baisakh 2079
    expect(bs.setMonth(newYear2080, 12).format("YYYY-MM-DD")).toBe("2024-04-13"); // 1 Baisakh 2081
  });

  it("knows each BS month's own length: its first and last days", () => {
    expect(bs.setDate(lastOf2079, 1).format("YYYY-MM-DD")).toBe("2023-03-15"); // 1 Chaitra 2079
    expect(bs.getEndDate(bs.addMonth(newYear2080, -1)).format("YYYY-MM-DD")).toBe("2023-04-13");
    // a day past the month's end carries into the next month
    expect(bs.setDate(lastOf2079, 31).format("YYYY-MM-DD")).toBe("2023-04-14");
  });

  it("writes BS dates in both languages and reads a typed BS day in either script", () => {
    expect(bs.locale.format("en_US", newYear2080, "YYYY-MM-DD")).toBe("2080-01-01");
    expect(bs.locale.format("en_US", newYear2080, "D MMM YYYY")).toBe("1 Baisakh 2080");
    expect(bs.locale.format("ne_NP", newYear2080, "D MMM YYYY")).toBe("१ बैशाख २०८०");
    expect(bs.locale.getShortMonths?.("ne_NP")[11]).toBe("चैत");
    expect(bs.locale.parse("en_US", "2080-01-01", [])?.format("YYYY-MM-DD")).toBe("2023-04-14");
    expect(bs.locale.parse("ne_NP", "२०७९-१२-३०", [])?.format("YYYY-MM-DD")).toBe("2023-04-13");
    expect(bs.locale.parse("en_US", "2080-01-33", [])).toBeNull();
  });
});
