import { screen, waitFor, within } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, type InProcessApi, type SignedIn, startApi } from "../../test/api";
import { bodyRows, choose, columnTexts, headerTexts, listTable } from "../../test/queries";
import { renderPage, setLanguage } from "../../test/render";

const STAFF: Account = { email: "skilllab.admin@example.com", site: "provider" };
const VIEWER: Account = { email: "company.viewer@example.com", site: "himal" };

/** A course of the test's own, the newest, so that the list (newest first) opens with it. */
const COURSE = {
  title: "Component Test Course",
  category: "self_paced_learning",
  delivery_mode: true,
  duration_hours: 37,
  start_date: "2031-05-09",
  publish_status: true,
};

/** Ten rows a page (one of the list's page sizes, kept in the address): jsdom draws every cell slowly. */
const LIST = "/admin/courses?pageSize=10";

let api: InProcessApi;
let staff: SignedIn;

/** The titles the API lists for `query`, as the list's first page shows them. */
async function apiTitles(account: Account, query: string): Promise<string[]> {
  const answer = await api.inject<{ title: string }[]>(account, { url: `/api/courses?_start=0&_end=10&${query}` });
  return answer.body.map((course) => course.title);
}

beforeAll(async () => {
  api = await startApi();
  await setLanguage("en-US");
  const created = await api.inject(STAFF, { method: "POST", url: "/api/courses", payload: COURSE });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  staff = await api.signIn(STAFF);
});
afterAll(async () => {
  await api?.close();
});

describe("the courses list", () => {
  it("shows provider staff each column formatted for its type, and their row actions", async () => {
    const { user } = renderPage(LIST, staff);
    const table = await listTable();
    expect(headerTexts(table)).toEqual(
      expect.arrayContaining(["Title", "Category", "Delivery mode", "Duration (hours)", "Start date", "Published"]),
    );
    // the newest first: the course made above, every value in its type's form
    expect(columnTexts(table, "Title")[0]).toBe(COURSE.title);
    expect(columnTexts(table, "Category")[0]).toBe("Self-Paced Learning");
    expect(columnTexts(table, "Delivery mode")[0]).toBe("Online");
    expect(columnTexts(table, "Duration (hours)")[0]).toBe("37");
    expect(columnTexts(table, "Start date")[0]).toBe("May 9, 2031");
    expect(columnTexts(table, "Published")[0]).toBe("Yes");
    // the enum is a tag, the title a link to the record
    const first = bodyRows(table)[0] as HTMLElement;
    expect(within(first).getByText("Self-Paced Learning").classList).toContain("csc-enum-tag");
    expect(within(first).getByRole("link", { name: COURSE.title }).getAttribute("href")).toMatch(
      /^\/admin\/courses\/show\/\d+$/,
    );

    expect(screen.getByRole("button", { name: /Create$/ })).toBeTruthy();
    await user.click(within(first).getByRole("button", { name: `Actions for ${COURSE.title}` }));
    const menu = await screen.findByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Show", "Edit", "Delete"]);
  });

  it("sorts by a column when its header is clicked, ascending then descending", async () => {
    const { user, location } = renderPage(LIST, staff);
    const table = await listTable();
    const ascending = await apiTitles(STAFF, "_sort=title&_order=asc");
    const descending = await apiTitles(STAFF, "_sort=title&_order=desc");
    expect(columnTexts(table, "Title")).not.toEqual(ascending);

    // the header's name, the rows and the address each follow the click in their own render: each is waited for
    await user.click(await screen.findByRole("button", { name: "Title: Sort ascending" }));
    await waitFor(() => expect(columnTexts(table, "Title")).toEqual(ascending));
    expect([...ascending].sort((a, b) => a.localeCompare(b))).toEqual(ascending);
    await waitFor(() => expect(decodeURIComponent(location().search)).toContain("sorters[0][field]=title"));

    await user.click(await screen.findByRole("button", { name: "Title: Sort descending" }));
    await waitFor(() => expect(columnTexts(table, "Title")).toEqual(descending));
    expect([...descending].sort((a, b) => b.localeCompare(a))).toEqual(descending);
  });

  it("filters by an enum: only the chosen category's courses remain", async () => {
    const { user } = renderPage(LIST, staff);
    const table = await listTable();
    expect(new Set(columnTexts(table, "Category")).size).toBeGreaterThan(1);
    const expected = await apiTitles(STAFF, "category=job_placement&_sort=created_at&_order=desc");
    expect(expected.length).toBeGreaterThan(0);

    await choose(user, screen.getByRole("combobox", { name: "Category" }), "Job Placement");
    await waitFor(() => expect(columnTexts(table, "Title")).toEqual(expected));
    expect(new Set(columnTexts(table, "Category"))).toEqual(new Set(["Job Placement"]));
    expect(screen.getByRole("button", { name: "Clear filters" })).toBeTruthy();
  });

  it("gives an institution viewer no create button and no edit or delete", async () => {
    const viewer = await api.signIn(VIEWER);
    const { user } = renderPage(LIST, viewer);
    const table = await listTable();
    const title = columnTexts(table, "Title")[0] ?? "";
    expect(screen.queryByRole("button", { name: /Create$/ })).toBeNull();
    // nothing to select rows for: no deletion
    expect(within(table).queryAllByRole("checkbox")).toEqual([]);
    await user.click(within(bodyRows(table)[0] as HTMLElement).getByRole("button", { name: `Actions for ${title}` }));
    const menu = await screen.findByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Show"]);
  });

  it("titles its columns in Nepali for a Nepali reader", async () => {
    await setLanguage("np-NP");
    try {
      renderPage(LIST, staff);
      const table = await listTable();
      expect(headerTexts(table)).toEqual(
        expect.arrayContaining(["शीर्षक", "वर्ग", "सञ्चालन माध्यम", "अवधि (घण्टा)", "सुरु मिति", "प्रकाशित"]),
      );
      expect(headerTexts(table)).not.toContain("Title");
    } finally {
      await setLanguage("en-US");
    }
  });
});
