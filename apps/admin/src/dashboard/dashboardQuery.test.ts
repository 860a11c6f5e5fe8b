import { describe, expect, it } from "vitest";
import { setDisplayCalendar } from "../engine/display/format";
import { categoryLabel, dashboardApiParams, dashboardQueryFrom, withDashboardQuery } from "./dashboardQuery";

describe("the dashboard's query in the URL", () => {
  it("reads the range, the granularity and the institution, and ignores what is not one", () => {
    expect(
      dashboardQueryFrom(new URLSearchParams("from=2024-01-01&to=2024-06-30&granularity=month&institution=3")),
    ).toEqual({ from: "2024-01-01", to: "2024-06-30", granularity: "month", institutionId: 3 });
    expect(dashboardQueryFrom(new URLSearchParams("from=2024-02-30&to=soon&granularity=hour&institution=-1"))).toEqual(
      {},
    );
  });

  it("writes its own parameters and keeps the others, leaving out what is not chosen", () => {
    const next = withDashboardQuery(new URLSearchParams("tab=x&granularity=day"), {
      from: "2025-01-01",
      to: "2025-01-31",
    });
    expect(next.toString()).toBe("tab=x&from=2025-01-01&to=2025-01-31");
  });

  it("asks the API with its names (institution_id)", () => {
    expect(dashboardApiParams({ granularity: "week", institutionId: 7 })).toEqual({
      granularity: "week",
      institution_id: "7",
    });
    expect(dashboardApiParams({})).toEqual({});
  });
});

describe("the chart's category labels", () => {
  it("shows a year as it is, a month as short month and year, a day as a date and a week as its two ends", () => {
    setDisplayCalendar("gregorian");
    expect(categoryLabel("2024", "en-US")).toBe("2024");
    expect(categoryLabel("2024-03", "en-US")).toBe("Mar 2024");
    expect(categoryLabel("2024-03-05", "en-US")).toBe("Mar 5, 2024");
    expect(categoryLabel("2024-03-05/2024-03-11", "en-US")).toBe("Mar 5, 2024 – Mar 11, 2024");
  });

  it("writes them with Devanagari digits in Nepali", () => {
    setDisplayCalendar("gregorian");
    expect(categoryLabel("2024", "np-NP")).toBe("२०२४");
    expect(categoryLabel("2024-03", "np-NP")).toMatch(/२०२४$/);
    expect(categoryLabel("2024-03", "np-NP")).not.toMatch(/[0-9]/);
  });
});
