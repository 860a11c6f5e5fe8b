import { BELL_LIMIT } from "@csc/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, type InProcessApi, type SignedIn, startApi } from "../../test/api";
import { renderPage, setLanguage } from "../../test/render";
import { NotificationBell } from "./NotificationBell";

const STUDENT: Account = { email: "student@example.com", site: "kmc" };
/** Nobody tells the provider's learner anything in these tests. */
const LEARNER: Account = { email: "learner@example.com", site: "provider" };
const POSTING_LINK = "/job-opportunities/show/1";

let api: InProcessApi;
let student: SignedIn;
let learner: SignedIn;

/** A notification of the student's, as the API writes one once a change can no longer be undone. */
async function notifyStudent(posting: string, { minutesAgo, read = false }: { minutesAgo: number; read?: boolean }) {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const row = await api.app.db
    .insertInto("notifications")
    .values({
      user_id: student.user.id,
      kind: "application-moved",
      params: JSON.stringify({ posting, stage: "shortlisted" }),
      link: POSTING_LINK,
      origin: "http://kmc.localhost",
      change_id: null,
      show_after: at,
      in_app: 1,
      digest: null,
      read_at: read ? at : null,
      created_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const unreadOfStudent = async () =>
  (
    await api.app.db
      .selectFrom("notifications")
      .select("id")
      .where("user_id", "=", student.user.id)
      .where("read_at", "is", null)
      .execute()
  ).length;

beforeAll(async () => {
  api = await startApi();
  student = await api.signIn(STUDENT);
  learner = await api.signIn(LEARNER);
});
afterAll(async () => {
  await api?.close();
});

describe("the bell in the header", () => {
  it("shows the unread count, the latest notifications with the unread ones marked, and marks all read", async () => {
    // one more than the bell lists, the two newest unread
    for (let index = BELL_LIMIT; index >= 0; index--) {
      await notifyStudent(`Posting ${index}`, { minutesAgo: index + 1, read: index >= 2 });
    }
    await setLanguage("en-US");
    const { user } = renderPage("/dashboard", student, <NotificationBell />);
    const bell = await screen.findByRole("button", { name: "Notifications, 2 unread" });
    expect(bell.getAttribute("aria-expanded")).toBe("false");
    expect(within(bell).getByTestId("notification-count").textContent).toBe("2");

    await user.click(bell);
    const panel = await screen.findByRole("dialog", { name: "Notifications" });
    expect(bell.getAttribute("aria-expanded")).toBe("true");
    const items = await within(panel).findAllByTestId("notification");
    expect(items).toHaveLength(BELL_LIMIT);
    // newest first, in the reader's words
    expect(items[0]?.textContent).toContain("Posting 0: now Shortlisted.");
    expect(items.map((item) => item.getAttribute("data-unread"))).toEqual([
      "true",
      "true",
      ...Array(BELL_LIMIT - 2).fill("false"),
    ]);
    // unread, in words: on screen and in the link's name
    expect(within(items[0] as HTMLElement).getByText("Unread")).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByRole("link").textContent).toBe("Unread: Your application was updated");
    expect(within(items[2] as HTMLElement).queryByText("Unread")).toBeNull();
    expect(within(panel).getByRole("link", { name: "See all" }).getAttribute("href")).toBe("/notifications");

    await user.click(within(panel).getByRole("button", { name: "Mark all as read" }));
    await screen.findByRole("button", { name: "Notifications" });
    expect(screen.queryByTestId("notification-count")).toBeNull();
    expect(await unreadOfStudent()).toBe(0);
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByTestId("notification")
          .every((item) => item.dataset.unread === "false"),
      ).toBe(true),
    );
  });

  it("goes to a notification's page and marks it read when it is opened", async () => {
    const id = await notifyStudent("Opened posting", { minutesAgo: 0 });
    await setLanguage("en-US");
    const { user, location } = renderPage("/dashboard", student, <NotificationBell />);
    await user.click(await screen.findByRole("button", { name: "Notifications, 1 unread" }));
    const panel = await screen.findByRole("dialog", { name: "Notifications" });
    await user.click(await within(panel).findByRole("link", { name: "Unread: Your application was updated" }));
    expect(location().pathname).toBe(POSTING_LINK);
    expect(screen.queryByRole("dialog")).toBeNull();
    await screen.findByRole("button", { name: "Notifications" });
    const stored = await api.app.db
      .selectFrom("notifications")
      .select("read_at")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(stored.read_at).not.toBeNull();
  });

  it("opens from the keyboard with the focus inside, and Escape closes it back onto the bell", async () => {
    await setLanguage("en-US");
    const { user } = renderPage("/dashboard", student, <NotificationBell />);
    const bell = await screen.findByRole("button", { name: /^Notifications/ });
    bell.focus();
    await user.keyboard("{Enter}");
    const panel = await screen.findByRole("dialog", { name: "Notifications" });
    expect(panel.contains(document.activeElement)).toBe(true);
    await within(panel).findAllByTestId("notification");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(bell);
  });

  it("says so when there is nothing to tell", async () => {
    await setLanguage("en-US");
    const { user } = renderPage("/dashboard", learner, <NotificationBell />);
    await user.click(await screen.findByRole("button", { name: "Notifications" }));
    const panel = await screen.findByRole("dialog", { name: "Notifications" });
    expect((await within(panel).findByTestId("bell-empty")).textContent).toBe("You have no notifications yet.");
    expect(within(panel).getByRole("button", { name: "Mark all as read" }).hasAttribute("disabled")).toBe(true);
  });

  it("speaks Nepali, its count in Nepali digits", async () => {
    await notifyStudent("नेपाली पद", { minutesAgo: 0 });
    await setLanguage("np-NP");
    renderPage("/dashboard", student, <NotificationBell />);
    const bell = await screen.findByRole("button", { name: "सूचनाहरू, १ नपढिएका" });
    expect(within(bell).getByTestId("notification-count").textContent).toBe("१");
    await setLanguage("en-US");
  });
});
