import { flattenMenu, MAX_SAVED_SEARCHES, type SavedSearchRow } from "@csc/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, type InProcessApi, type SignedIn, startApi } from "../../../test/api";
import { bodyRows, columnTexts, listTable } from "../../../test/queries";
import { ResourceRoute, renderPage, setLanguage } from "../../../test/render";
import { NotificationHost } from "../../shell/providers/NotificationHost";

const ADMIN: Account = { email: "college.admin@example.com", site: "kmc" };
const EDITOR: Account = { email: "college.editor@example.com", site: "kmc" };
const VIEWER: Account = { email: "college.viewer@example.com", site: "kmc" };

let api: InProcessApi;
let admin: SignedIn;
let editor: SignedIn;
/** The students list of the college's staff, ten rows a page (jsdom draws every cell slowly). */
let studentsPath: string;

const withToasts = (
  <>
    <ResourceRoute />
    <NotificationHost />
  </>
);

async function savedSearchesOf(account: Account): Promise<SavedSearchRow[]> {
  const answer = await api.inject<SavedSearchRow[]>(account, { url: "/api/saved-searches?resource=students" });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function saveAs(account: Account, body: Record<string, unknown>): Promise<SavedSearchRow> {
  const answer = await api.inject<SavedSearchRow>(account, {
    method: "POST",
    url: "/api/saved-searches",
    payload: { resource: "students", ...body },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

/** The names the API lists for a students query, in order. */
async function apiNames(account: Account, query: string): Promise<string[]> {
  const answer = await api.inject<{ full_name: string }[]>(account, {
    url: `/api/students?_start=0&_end=10&${query}`,
  });
  return answer.body.map((student) => student.full_name);
}

/**
 * The open dialog titled so. antd names its dialogs by an id that is the same for every one under
 * test (its `useId` stand-in), so the dialog is picked by its title's text.
 */
async function findDialog(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen
      .getAllByRole("dialog")
      .find((dialog) => dialog.querySelector(".ant-modal-title")?.textContent === title);
    if (!found) throw new Error(`no dialog titled "${title}"`);
    return found;
  });
}

/** Opens the control and waits for its searches (or its empty state). */
async function openSavedSearches(user: ReturnType<typeof renderPage>["user"]) {
  await user.click(await screen.findByRole("button", { name: /^Saved searches/ }));
  const panel = await screen.findByTestId("saved-searches-panel");
  await waitFor(() => expect(panel.querySelector(".ant-skeleton")).toBeNull());
  return panel;
}

beforeAll(async () => {
  api = await startApi();
  await setLanguage("en-US");
  admin = await api.signIn(ADMIN);
  editor = await api.signIn(EDITOR);
  const entry = flattenMenu(admin.meta.menu).find((item) => item.name === "students");
  if (!entry?.path) throw new Error("the college admin has no students list");
  studentsPath = entry.path;
});
afterAll(async () => {
  await api?.close();
});

describe("saved searches on a staff list", () => {
  it("saves the list's search and sort under a name, shared with the institution", async () => {
    const search = `${studentsPath}?pageSize=10&filters[0][field]=q&filters[0][operator]=eq&filters[0][value]=a&sorters[0][field]=full_name&sorters[0][order]=asc`;
    const { user } = renderPage(search, admin, withToasts);
    await listTable();
    const panel = await openSavedSearches(user);
    expect(within(panel).getByTestId("saved-searches-empty").textContent).toContain("No saved searches");

    await user.click(within(panel).getByRole("button", { name: "Save current search…" }));
    const dialog = await findDialog("Save this search");
    // nothing typed: the name is asked for
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Give the search a name.")).toBeTruthy();

    await user.type(within(dialog).getByLabelText("Name"), "Students with an a, by name");
    await user.click(within(dialog).getByRole("checkbox", { name: "Share with my institution" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("“Students with an a, by name” was saved.")).toBeTruthy();

    const [saved] = await savedSearchesOf(ADMIN);
    expect(saved).toMatchObject({ name: "Students with an a, by name", shared: true, alert: "off" });
    // the list's own query, without its page
    expect(saved?.query).toBe("_order=asc&_sort=full_name&q=a");

    const reopened = await openSavedSearches(user);
    const item = within(reopened).getByTestId("saved-search");
    expect(within(item).getByRole("button", { name: "Students with an a, by name" })).toBeTruthy();
    expect(within(item).getByTestId("saved-search-shared").textContent).toBe("Shared");
    await api.inject(ADMIN, { method: "DELETE", url: `/api/saved-searches/${saved?.id}` });
  });

  it("applies a colleague's shared search: its search words and sort land on the list, and the rows follow", async () => {
    // a word of a student's name, so that the search finds some of them and not all
    const [first] = await apiNames(ADMIN, "_sort=full_name&_order=asc");
    const word = (first ?? "").split(" ")[0]?.toLowerCase() ?? "";
    const query = `_order=desc&_sort=full_name&q=${encodeURIComponent(word)}`;
    const shared = await saveAs(ADMIN, { name: "By name, Z to A", query, shared: true });
    const expected = await apiNames(EDITOR, query);
    expect(expected.length).toBeGreaterThan(0);

    const { user, location } = renderPage(`${studentsPath}?pageSize=10`, editor, withToasts);
    const table = await listTable();
    expect(columnTexts(table, "Full name")).not.toEqual(expected);
    const panel = await openSavedSearches(user);
    const item = within(panel).getByTestId("saved-search");
    expect(within(item).getByTestId("saved-search-shared").textContent).toBe("Shared with you");
    // a colleague's search is theirs to change: no edit, no delete
    expect(within(item).queryByRole("button", { name: /^(Edit|Delete) / })).toBeNull();

    await user.click(within(item).getByRole("button", { name: "By name, Z to A" }));
    await waitFor(() => expect(columnTexts(table, "Full name")).toEqual(expected));
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: "Search" }).value).toBe(word);
    await waitFor(() => expect(decodeURIComponent(location().search)).toContain("sorters[0][field]=full_name"));
    expect(decodeURIComponent(location().search)).toContain(`filters[0][value]=${word}`);
    expect(await screen.findByText("Showing “By name, Z to A”.")).toBeTruthy();
    await api.inject(ADMIN, { method: "DELETE", url: `/api/saved-searches/${shared.id}` });
  });

  it("renames one's own search and deletes it after asking again", async () => {
    const own = await saveAs(ADMIN, { name: "Year 2", query: "year=2" });
    const { user } = renderPage(`${studentsPath}?pageSize=10`, admin, withToasts);
    await listTable();
    let panel = await openSavedSearches(user);
    await user.click(within(panel).getByRole("button", { name: "Edit “Year 2”" }));
    const dialog = await findDialog("Edit saved search");
    const name = within(dialog).getByLabelText<HTMLInputElement>("Name");
    expect(name.value).toBe("Year 2");
    await user.clear(name);
    await user.type(name, "Second-year students");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("“Second-year students” was updated.")).toBeTruthy();
    expect((await savedSearchesOf(ADMIN)).map((row) => [row.id, row.name, row.query])).toEqual([
      [own.id, "Second-year students", "year=2"],
    ]);

    panel = await openSavedSearches(user);
    await user.click(within(panel).getByRole("button", { name: "Delete “Second-year students”" }));
    const confirm = within(panel).getByRole("group", { name: "Delete “Second-year students”?" });
    // the focus moves to the answer
    const yes = within(confirm).getByRole("button", { name: "Delete" });
    await waitFor(() => expect(document.activeElement).toBe(yes));
    await user.click(yes);
    expect(await screen.findByText("“Second-year students” was deleted.")).toBeTruthy();
    expect(await savedSearchesOf(ADMIN)).toEqual([]);
    await waitFor(() => expect(within(panel).queryByTestId("saved-search")).toBeNull());
  });

  it("keeps the list as it is now in place of what one's own search kept, when asked", async () => {
    const own = await saveAs(ADMIN, { name: "Year 3", query: "year=3" });
    const { user } = renderPage(`${studentsPath}?pageSize=10`, admin, withToasts);
    await listTable();
    await user.click(within(await openSavedSearches(user)).getByRole("button", { name: "Edit “Year 3”" }));
    let dialog = await findDialog("Edit saved search");
    // the list shows every year now, not what the search kept: it may take the list's place
    await user.click(within(dialog).getByRole("checkbox", { name: "Keep the list as it is now instead" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("“Year 3” was updated.")).toBeTruthy();
    const [kept] = (await savedSearchesOf(ADMIN)).filter((row) => row.id === own.id);
    expect(kept?.query).not.toContain("year=3");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    // the search now is the list as it is: nothing to replace, so nothing offered
    await user.click(within(await openSavedSearches(user)).getByRole("button", { name: "Edit “Year 3”" }));
    dialog = await findDialog("Edit saved search");
    expect(within(dialog).queryByRole("checkbox", { name: "Keep the list as it is now instead" })).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await api.inject(ADMIN, { method: "DELETE", url: `/api/saved-searches/${own.id}` });
  });

  it("shows the API's answer when the most searches one may keep are kept", async () => {
    for (let n = 1; n <= MAX_SAVED_SEARCHES; n++) await saveAs(VIEWER, { name: `Search ${n}`, query: "" });
    const viewer = await api.signIn(VIEWER);
    const { user } = renderPage(`${studentsPath}?pageSize=10`, viewer, withToasts);
    const table = await listTable();
    expect(bodyRows(table).length).toBeGreaterThan(0);
    const panel = await openSavedSearches(user);
    expect(within(panel).getAllByTestId("saved-search")).toHaveLength(MAX_SAVED_SEARCHES);
    await user.click(within(panel).getByRole("button", { name: "Save current search…" }));
    const dialog = await findDialog("Save this search");
    await user.type(within(dialog).getByLabelText("Name"), "One too many");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    const refusal = `You have saved ${MAX_SAVED_SEARCHES} searches, the most there can be. Delete one to save another.`;
    expect((await within(dialog).findByRole("alert")).textContent).toContain(refusal);
  });
});
