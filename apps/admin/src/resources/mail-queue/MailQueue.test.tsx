import { screen, waitFor, within } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, type InProcessApi, type SignedIn, startApi } from "../../../test/api";
import { bodyRows, columnTexts, listTable } from "../../../test/queries";
import { renderPage, setLanguage } from "../../../test/render";

const ADMIN: Account = { email: "skilllab.admin@example.com", site: "provider" };
const SUBJECT = "A mail the server refused";
const PAGE = "/admin/activity-logs/mail-queue?pageSize=10";

let api: InProcessApi;
let admin: SignedIn;
/** Failed mail in the queue: the demo's own and the one written below. */
let failed: number;

beforeAll(async () => {
  api = await startApi();
  // nothing leaves during the test: the rows stay as written below
  await api.app.mailQueue.stop();
  const now = new Date().toISOString();
  // a mail given up after its last try, as the API's worker leaves it
  await api.app.db
    .insertInto("mail_queue")
    .values({
      change_id: null,
      to_address: "refused@example.com",
      subject: SUBJECT,
      text_body: "Open http://localhost/reset-password?token=kept-secret",
      redacted_body: "Open http://localhost/reset-password?token=[redacted]",
      send_after: now,
      created_at: now,
      state: "failed",
      attempts: 8,
      last_error: "452 Mailbox full",
      claimed_by: null,
      claimed_at: null,
    })
    .execute();
  const counted = await api.app.db
    .selectFrom("mail_queue")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("state", "=", "failed")
    .executeTakeFirstOrThrow();
  failed = Number(counted.n);
  admin = await api.signIn(ADMIN);
});
afterAll(async () => {
  await api?.close();
});

describe("the mail queue's page", () => {
  it("shows the queue's counts and a failed mail, which the keyboard sends again", { timeout: 120_000 }, async () => {
    await setLanguage("en-US");
    const { user } = renderPage(PAGE, admin);
    const counts = await screen.findByRole("region", { name: "The mail queue at a glance" });
    await waitFor(() => expect(within(counts).getByText("Failed").closest("li")?.textContent).toBe(`Failed${failed}`));
    const table = await listTable();
    expect(columnTexts(table, "Subject")).toContain(SUBJECT);
    expect(columnTexts(table, "State")).toContain("Failed");
    expect(table.textContent).not.toContain("kept-secret");

    // the row's menu opens from the keyboard, and the dialog's button answers Enter
    const row = bodyRows(table).find((candidate) => candidate.textContent?.includes(SUBJECT)) as HTMLElement;
    within(row)
      .getByRole("button", { name: `Actions for ${SUBJECT}` })
      .focus();
    await user.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    await user.click(within(menu).getByRole("menuitem", { name: /Send again/ }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Send the mail again")).toBeTruthy();
    within(dialog)
      .getByRole("button", { name: /Send again/ })
      .focus();
    await user.keyboard("{Enter}");
    await waitFor(async () => {
      const stored = await api.app.db
        .selectFrom("mail_queue")
        .select(["state", "attempts"])
        .where("subject", "=", SUBJECT)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ state: "waiting", attempts: 0 });
    });
  });

  it("is in Nepali for a Nepali reader", { timeout: 60_000 }, async () => {
    await setLanguage("np-NP");
    renderPage(PAGE, admin);
    const counts = await screen.findByRole("region", { name: "इमेल लाइनको सारांश" });
    expect(within(counts).getByText("पछिल्लो २४ घण्टामा पठाइएका")).toBeTruthy();
    await setLanguage("en-US");
  });
});
