import { screen, waitFor, within } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, type InProcessApi, type SignedIn, startApi } from "../../test/api";
import { choose } from "../../test/queries";
import { renderPage, setLanguage } from "../../test/render";

const STAFF: Account = { email: "skilllab.admin@example.com", site: "provider" };

interface Course {
  id: number;
  title: string;
  category: string | null;
  delivery_mode: boolean | null;
  duration_hours: number | null;
  start_date: string | null;
  publish_status: boolean;
}

let api: InProcessApi;
let staff: SignedIn;

/** The form's part for one field: its label, its input and the message under it. */
const fieldPart = (name: string): HTMLElement => {
  const part = document.querySelector<HTMLElement>(`[data-field="${name}"]`);
  if (!part) throw new Error(`no field ${name} on the form`);
  return part;
};

const save = () => screen.getByRole("button", { name: /Save$/ });

beforeAll(async () => {
  api = await startApi();
  await setLanguage("en-US");
  staff = await api.signIn(STAFF);
});
afterAll(async () => {
  await api?.close();
});

describe("the course form", () => {
  it("creates a course as provider staff: required fields first, then each input type, saved in the API", async () => {
    const { user, location } = renderPage("/admin/courses/create", staff);
    await screen.findByRole("form", { name: "Add new" });

    // sent empty: the required title says so under itself, and nothing reaches the API
    api.sent.length = 0;
    await user.click(save());
    expect(await within(fieldPart("title")).findByText("This field is required.")).toBeTruthy();
    expect(within(fieldPart("category")).queryByText("This field is required.")).toBeNull();
    expect(api.sent.filter((request) => request.method === "POST")).toEqual([]);

    await user.type(screen.getByLabelText("Title"), "Form Made Course");
    await waitFor(() => expect(within(fieldPart("title")).queryByText("This field is required.")).toBeNull());
    await choose(user, screen.getByLabelText("Category"), "Job Placement");
    await choose(user, screen.getByLabelText("Delivery mode"), "Online");
    await user.type(screen.getByLabelText("Duration (hours)"), "42");
    await user.type(screen.getByLabelText("Start date"), "2031-06-15{Enter}");
    await user.click(screen.getByRole("switch", { name: "Published" }));
    expect(screen.getByRole("switch", { name: "Published" }).getAttribute("aria-checked")).toBe("true");

    await user.click(save());
    // saved: back to the list
    await waitFor(() => expect(location().pathname).toBe("/admin/courses"));
    const created = api.sent.find((request) => request.method === "POST" && request.url === "/api/courses");
    expect(created?.status).toBe(201);

    const found = await api.inject<Course[]>(STAFF, { url: "/api/courses?q=Form%20Made%20Course" });
    expect(found.body.map((course) => course.title)).toEqual(["Form Made Course"]);
    expect(found.body[0]).toMatchObject({
      title: "Form Made Course",
      category: "job_placement",
      delivery_mode: true,
      duration_hours: 42,
      start_date: "2031-06-15",
      publish_status: true,
    });
  });

  it("puts the API's own field error under its field: a tag name already taken", async () => {
    const { user, location } = renderPage("/admin/tags/create", staff);
    await screen.findByRole("form", { name: "Add new" });
    const taken = await api.inject<{ name: string }[]>(STAFF, { url: "/api/tags?_start=0&_end=1" });
    const name = taken.body[0]?.name ?? "";
    expect(name).not.toBe("");

    await user.type(screen.getByLabelText("Name"), name);
    api.sent.length = 0;
    await user.click(save());
    await waitFor(() => expect(api.sent.map((request) => request.status)).toContain(409));
    const message = await within(fieldPart("name")).findByText(/taken|already/i);
    expect(message.closest(".ant-form-item")?.className).toContain("ant-form-item-has-error");
    expect(location().pathname).toBe("/admin/tags/create");
  });

  it("opens an edit form with the row's values in their inputs", async () => {
    const made = await api.inject<Course>(STAFF, {
      method: "POST",
      url: "/api/courses",
      payload: {
        title: "Course To Edit",
        category: "self_paced_learning",
        delivery_mode: false,
        duration_hours: 37,
        start_date: "2031-05-09",
        publish_status: true,
      },
    });
    expect(made.status).toBe(201);

    renderPage(`/admin/courses/edit/${made.body.id}`, staff);
    const title = await screen.findByLabelText("Title");
    await waitFor(() => expect((title as HTMLInputElement).value).toBe("Course To Edit"));
    expect((screen.getByLabelText("Duration (hours)") as HTMLInputElement).value).toBe("37");
    await waitFor(() => expect((screen.getByLabelText("Start date") as HTMLInputElement).value).toBe("May 9, 2031"));
    expect(within(fieldPart("category")).getByText("Self-Paced Learning")).toBeTruthy();
    expect(within(fieldPart("delivery_mode")).getByText("Offline")).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Published" }).getAttribute("aria-checked")).toBe("true");
  });
});
