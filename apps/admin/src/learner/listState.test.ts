import { describe, expect, it } from "vitest";
import { listQueryString } from "../shell/providers/data";
import { type LearnerListState, type ListTab, listStateOfQuery, postingListParams } from "./listState";

const TABS: ListTab[] = ["ongoing", "upcoming", "expired", "suggested", "pending"];
const META = { defaultSort: { field: "start_date", order: "asc" as const } };

/** The query a learner's cards ask for, as a saved search keeps it. */
const savedQueryOf = (state: LearnerListState) => {
  const { filters, sorters, query } = postingListParams(META, state);
  return listQueryString(filters, sorters, query);
};

describe("a learner's saved search of postings", () => {
  it("keeps what the cards ask for: search words, tab, scope and sort, no page", () => {
    const query = savedQueryOf({ scope: "user-preference", type: "upcoming", q: "git & github", page: 3 });
    expect(query).toBe("_order=asc&_sort=start_date&q=git%20%26%20github&scope=user-preference&type=upcoming");
  });

  it("comes back as the same list, at its first page", () => {
    const state: LearnerListState = { scope: "all", type: "expired", q: "python", page: 2 };
    expect(listStateOfQuery(TABS, savedQueryOf(state))).toEqual({ scope: "all", type: "expired", q: "python" });
  });

  it("falls back to the default tab and scope for ones the list does not know", () => {
    expect(listStateOfQuery(TABS, "type=rejected&scope=everything")).toEqual({ scope: "all", type: null, q: "" });
  });
});
