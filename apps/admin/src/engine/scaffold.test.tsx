import { screen, within } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { up } from "../../../../tests/scaffold/mentors";
import { type Account, type InProcessApi, type SignedIn, startApi } from "../../test/api";
import { bodyRows, columnTexts, headerTexts, listTable } from "../../test/queries";
import { renderPage, setLanguage } from "../../test/render";

/**
 * A new resource module is enough for the admin too: `mentors` (tests/scaffold/mentors.ts, a module
 * and a migration) listed beside the others, as resources/index.ts would list it, gets its menu
 * entry, its list page with a column per listed field, its create button and a link to each
 * record's page, with no admin code of its own.
 */
vi.mock("../../../../packages/shared/src/resources/index.ts", async (importOriginal) =>
  (await import("../../../../tests/scaffold/mentors")).listedWithMentors(await importOriginal()),
);

const STAFF: Account = { email: "skilllab.admin@example.com", site: "provider" };
const MENTOR = {
  full_name: "Sita Sharma",
  email: "sita@example.com",
  available_from: "2031-05-09",
  publish_status: true,
};

let api: InProcessApi;
let staff: SignedIn;

beforeAll(async () => {
  api = await startApi();
  await up(api.app.db);
  await setLanguage("en-US");
  const created = await api.inject(STAFF, { method: "POST", url: "/api/mentors", payload: MENTOR });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  staff = await api.signIn(STAFF);
});
afterAll(async () => {
  await api?.close();
});

describe("a new resource module in the admin", () => {
  it("is in the menu and opens a list of its rows, each listed field a column in its type's form", async () => {
    const flat = (items: typeof staff.meta.menu): typeof staff.meta.menu =>
      items.flatMap((item) => [item, ...flat(item.children ?? [])]);
    expect(flat(staff.meta.menu).find((item) => (item.name as string) === "mentors")?.path).toBe("/admin/mentors");

    renderPage("/admin/mentors", staff);
    const table = await listTable();
    expect(headerTexts(table)).toEqual(expect.arrayContaining(["Full name", "Email", "Published"]));
    expect(columnTexts(table, "Full name")).toEqual([MENTOR.full_name]);
    expect(columnTexts(table, "Published")).toEqual(["Yes"]);
    expect(screen.getByRole("button", { name: /Create$/ })).toBeTruthy();
    const row = bodyRows(table)[0] as HTMLElement;
    expect(within(row).getByRole("link", { name: MENTOR.full_name }).getAttribute("href")).toMatch(
      /^\/admin\/mentors\/show\/\d+$/,
    );
  });
});
