import { describe, expect, it } from "vitest";
import { crudFiltersOf, readApplicantView } from "./viewState";

describe("the applicant section's state in the address", () => {
  it("reads filters, sort, page, view and the open applicant from their a_ keys", () => {
    const state = readApplicantView(
      new URLSearchParams(
        "a_stage=shortlisted&a_attendance=1&a_type=college&a_registration=skill_lab&a_q=sita&a_sort=full_name&a_order=asc&a_page=3&a_size=50&a_view=board&a_open=42",
      ),
    );
    expect(state).toEqual({
      filters: { stage: "shortlisted", attendance: "1", applicant_type: "college", registration: "skill_lab" },
      q: "sita",
      sort: { field: "full_name", order: "asc" },
      page: 3,
      pageSize: 50,
      view: "board",
      openId: 42,
    });
  });

  it("falls back to the newest applicants first, page 1 of 20, the table, when the address says nothing or nonsense", () => {
    const state = readApplicantView(new URLSearchParams("a_page=-2&a_size=7&a_view=grid&a_open=x&stage=hired"));
    expect(state.sort).toEqual({ field: "applied_at", order: "desc" });
    expect([state.page, state.pageSize, state.view, state.openId]).toEqual([1, 20, "table", null]);
    // the page's own parameters are not the section's
    expect(state.filters.stage).toBeUndefined();
  });

  it("keeps a learning event's roll call as its own view", () => {
    expect(readApplicantView(new URLSearchParams("a_view=rollcall")).view).toBe("rollcall");
  });

  it("asks the list for the posting's own applicants first, then the filters that are set", () => {
    const state = readApplicantView(new URLSearchParams("a_stage=hired&a_q=ram"));
    expect(crudFiltersOf(state, "job_opportunity_id", 18)).toEqual([
      { field: "job_opportunity_id", operator: "eq", value: 18 },
      { field: "stage", operator: "eq", value: "hired" },
      { field: "q", operator: "eq", value: "ram" },
    ]);
  });
});
