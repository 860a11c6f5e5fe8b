import { PUBLIC_APPLY_PAGE_SIZE } from "@csc/shared";
import { screen, within } from "@testing-library/react";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InProcessApi, type SignedIn, startApi } from "../../test/api";
import { renderPage, setLanguage } from "../../test/render";
import PublicApplyPage from "./PublicApplyPage";

/**
 * The public apply page past its first load: the page turner loads only when there is a second
 * page (PublicApplyPage), and then turns pages as before; the error and the empty state, which
 * load only when they show, show and do what they say.
 */
let api: InProcessApi;
let student: SignedIn;

beforeAll(async () => {
  api = await startApi();
  student = await api.signIn({ email: "student@example.com", site: "kmc" });
  await setLanguage("en-US");
});
afterAll(async () => {
  await api?.close();
});

const publicJobs = async () => {
  const res = await api.app.inject({
    url: `/api/public/job-opportunities?_start=0&_end=${PUBLIC_APPLY_PAGE_SIZE}`,
    headers: { host: "kmc.localhost" },
  });
  return {
    ids: res.json<{ data: { id: number }[] }>().data.map((row) => row.id),
    total: Number(res.headers["x-total-count"]),
  };
};

describe("the public apply page", () => {
  it("turns to the next page once there are more postings than a page holds", async () => {
    // copies of one posting the site shows, until there is a second page
    const { ids, total } = await publicJobs();
    const [shown] = ids;
    expect(shown).toBeDefined();
    const columns = sql.raw(await columnsOf());
    for (let index = total; index <= PUBLIC_APPLY_PAGE_SIZE; index++) {
      await sql`INSERT INTO job_opportunities (${columns}) SELECT ${columns} FROM job_opportunities WHERE id = ${shown}`.execute(
        api.app.db,
      );
    }
    const { total: now } = await publicJobs();
    expect(now).toBe(PUBLIC_APPLY_PAGE_SIZE + 1);

    const { user } = renderPage("/job-opportunities-apply", student, <PublicApplyPage resource="job-opportunities" />);
    expect(await screen.findAllByTestId("learner-card")).toHaveLength(PUBLIC_APPLY_PAGE_SIZE);
    // the page turner, loaded once there is a second page: page 2 holds the one posting left
    const second = await screen.findByRole("listitem", { name: "2" });
    await user.click(within(second).getByText("2"));
    await expect.poll(async () => (await screen.findAllByTestId("learner-card")).length).toBe(1);
  });
});

describe("the public apply page's states that load when they show", () => {
  it("says the list could not be loaded when the server fails, and shows the postings once a retry succeeds", async () => {
    // a server that cannot read its postings: the table is away, so the API answers 500
    await sql`ALTER TABLE learning_events RENAME TO learning_events_away`.execute(api.app.db);
    let page: ReturnType<typeof renderPage>;
    try {
      page = renderPage("/job-role-trainings-apply", student, <PublicApplyPage resource="learning-events" />);
      const error = await screen.findByTestId("resource-error");
      expect(await within(error).findByText("This list could not be loaded.")).toBeTruthy();
      expect(screen.queryAllByTestId("learner-card")).toHaveLength(0);
      expect(api.sent.some((call) => call.url.startsWith("/api/public/learning-events") && call.status === 500)).toBe(
        true,
      );
    } finally {
      await sql`ALTER TABLE learning_events_away RENAME TO learning_events`.execute(api.app.db);
    }
    const error = screen.getByTestId("resource-error");
    await page.user.click(within(error).getByRole("button", { name: "Try again" }));
    expect((await screen.findAllByTestId("learner-card")).length).toBeGreaterThan(0);
    expect(screen.queryByTestId("resource-error")).toBeNull();
  });

  it("says nothing is open when the site shows no posting", async () => {
    await sql`UPDATE learning_events SET publish_status = 0`.execute(api.app.db);
    renderPage("/job-role-trainings-apply", student, <PublicApplyPage resource="learning-events" />);
    const empty = await screen.findByTestId("resource-empty");
    expect(
      await within(empty).findByText("There is nothing open at the moment. Please check again later."),
    ).toBeTruthy();
    expect(screen.queryAllByTestId("learner-card")).toHaveLength(0);
  });
});

/** The posting table's columns but its id, for a copy of a row. */
async function columnsOf(): Promise<string> {
  const columns = await sql<{ name: string }>`SELECT name FROM pragma_table_info('job_opportunities')`.execute(
    api.app.db,
  );
  return columns.rows
    .map((column) => column.name)
    .filter((name) => name !== "id")
    .map((name) => `"${name}"`)
    .join(", ");
}
