import { notificationKindsFor } from "@csc/shared";
import { screen, waitFor, within } from "@testing-library/react";
import i18n from "i18next";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, type InProcessApi, type SignedIn, startApi } from "../../test/api";
import { choose } from "../../test/queries";
import { renderPage, setLanguage } from "../../test/render";
import { NotificationHost } from "../shell/providers/NotificationHost";
import { roleOf } from "../shell/session/role";
import NotificationSettingsPage from "./NotificationSettingsPage";

const STUDENT: Account = { email: "student@example.com", site: "kmc" };
const COLLEGE_ADMIN: Account = { email: "college.admin@example.com", site: "kmc" };
const PATH = "/notifications/settings";

let api: InProcessApi;
let student: SignedIn;
let collegeAdmin: SignedIn;

beforeAll(async () => {
  api = await startApi();
  student = await api.signIn(STUDENT);
  collegeAdmin = await api.signIn(COLLEGE_ADMIN);
});
afterAll(async () => {
  await api?.close();
});

const kindNames = () =>
  screen.getAllByTestId("notification-kind").map((row) => row.querySelector("h2")?.textContent?.trim());
/** The names of the kinds someone's role receives, in the language on screen, in the shared order. */
const namesOfKindsFor = (signed: SignedIn) =>
  notificationKindsFor(roleOf(signed.user)).map((kind) => i18n.t(`notifications:kinds.${kind}.label`));

describe("the notification settings", () => {
  it("lists the kinds a learner receives, and saves a change of each part with a clear answer", async () => {
    await setLanguage("en-US");
    const { user } = renderPage(
      PATH,
      student,
      <>
        <NotificationSettingsPage />
        <NotificationHost />
      </>,
    );
    const applications = await screen.findByRole("group", { name: "Updates on my applications" });
    expect(kindNames()).toEqual(namesOfKindsFor(student));
    expect(kindNames()).toContain("My certificates");
    const certificates = screen.getByRole("group", { name: "My certificates" });
    // what was chosen so far: the kinds' defaults
    const inApp = within(certificates).getByRole("switch", { name: "Show under the bell" });
    await waitFor(() => expect(inApp.getAttribute("aria-checked")).toBe("true"));
    expect(within(applications).getByText("Instantly")).toBeTruthy();
    // a saved search's alert says when its mail goes: here only that, or off
    const alerts = screen.getByRole("group", { name: "Saved search alerts" });
    expect(within(alerts).getByText("As each search's alert says")).toBeTruthy();
    await user.click(within(alerts).getByRole("combobox", { name: "E-mail" }));
    const offered = await waitFor(() => {
      const open = document.querySelector(".ant-select-dropdown:not(.ant-select-dropdown-hidden)");
      const options = [...(open?.querySelectorAll(".ant-select-item-option") ?? [])].map((o) => o.textContent?.trim());
      if (options.length === 0) throw new Error("the choices are not open");
      return options;
    });
    expect(offered).toEqual(["As each search's alert says", "Off"]);
    await user.keyboard("{Escape}");

    await user.click(inApp);
    await choose(user, within(applications).getByRole("combobox", { name: "E-mail" }), "Weekly digest");
    api.sent.length = 0;
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Your notification settings are saved.")).toBeTruthy();
    expect(api.sent.filter((call) => call.method === "PATCH")).toEqual([
      { method: "PATCH", url: "/api/profile/notification-preferences", status: 200 },
    ]);
    const stored = await api.inject<{ data: unknown }>(STUDENT, {
      method: "GET",
      url: "/api/profile/notification-preferences",
    });
    expect(stored.body.data).toMatchObject({
      "application-moved": { in_app: true, email: "weekly" },
      "certificate-issued": { in_app: false, email: "instant" },
    });
  });

  it("offers staff the kinds of their role, and in Nepali", async () => {
    await setLanguage("np-NP");
    renderPage(PATH, collegeAdmin, <NotificationSettingsPage />);
    await screen.findByRole("group", { name: "नयाँ आवेदकहरू" });
    expect(kindNames()).toEqual(namesOfKindsFor(collegeAdmin));
    expect(kindNames()).not.toContain("मेरा प्रमाणपत्रहरू");
    const row = screen.getByRole("group", { name: "नयाँ आवेदकहरू" });
    await waitFor(() => expect(within(row).getByText("दैनिक सारांश")).toBeTruthy());
    await setLanguage("en-US");
  });
});
