import { screen, waitFor } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, type InProcessApi, startApi } from "../../test/api";
import { renderPage, setLanguage } from "../../test/render";

const STAFF: Account = { email: "skilllab.admin@example.com", site: "provider" };
const VIEWER: Account = { email: "skilllab.viewer@example.com", site: "provider" };

/** A 1×1 PNG, for the course's image. */
const ONE_PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/**
 * Rich text the API would not have stored (it cleans what it is sent): put in the database
 * directly, as a row older than that rule would be, so that the page's own cleaning is what shows.
 */
const UNSAFE_DESCRIPTION =
  '<p onclick="alert(1)">Hands-on <strong>practice</strong></p><script>window.hacked = true</script>' +
  '<img src="x" onerror="alert(2)"><ul><li>Ledgers</li></ul>';

let api: InProcessApi;
let courseId: number;
let imageUrl: string;
let institutionName: string;

/** The value shown for one field on the detail page. */
async function shown(name: string): Promise<HTMLElement> {
  return waitFor(() => {
    const value = document.querySelector<HTMLElement>(`[data-field="${name}"]`);
    if (!value) throw new Error(`no value of ${name} on the page`);
    return value;
  });
}

beforeAll(async () => {
  api = await startApi();
  await setLanguage("en-US");

  const png = Buffer.from(ONE_PIXEL_PNG, "base64");
  const boundary = "----csc-component-test";
  const upload = await api.inject<{ data: { url: string } }>(STAFF, {
    method: "POST",
    url: "/api/uploads",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="course.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(upload.status).toBe(201);
  imageUrl = upload.body.data.url;

  const institutions = await api.inject<{ id: number; name: string }[]>(STAFF, {
    url: "/api/institutions?_start=0&_end=1&_sort=name&_order=asc",
  });
  const institution = institutions.body[0];
  if (!institution) throw new Error("the demo data has no institution");
  institutionName = institution.name;

  const course = await api.inject<{ id: number }>(STAFF, {
    method: "POST",
    url: "/api/courses",
    payload: {
      title: "Detailed Course",
      category: "job_placement",
      delivery_mode: true,
      duration_hours: 1250,
      start_date: "2031-05-09",
      tags: ["Excel", "Tally"],
      image: imageUrl,
      institution_id: institution.id,
      publish_status: true,
    },
  });
  expect(course.status).toBe(201);
  courseId = course.body.id;
  await api.app.db.updateTable("courses").set({ description: UNSAFE_DESCRIPTION }).where("id", "=", courseId).execute();
});
afterAll(async () => {
  await api?.close();
});

describe("a course's detail page", () => {
  it("shows each field type's value: date, enum, number, relation, tags, image and clean rich text", async () => {
    const staff = await api.signIn(STAFF);
    renderPage(`/admin/courses/show/${courseId}`, staff);
    expect(await screen.findByRole("heading", { level: 1, name: "Detailed Course" })).toBeTruthy();

    expect((await shown("start_date")).textContent).toBe("May 9, 2031");
    expect((await shown("category")).textContent).toBe("Job Placement");
    expect((await shown("delivery_mode")).textContent).toBe("Online");
    expect((await shown("duration_hours")).textContent).toBe("1,250");
    expect((await shown("publish_status")).textContent?.trim()).toBe("Yes");
    // the relation by its label, once the label has arrived
    const institution = await shown("institution_id");
    await waitFor(() => expect(institution.textContent).toBe(institutionName));
    const tags = await shown("tags");
    expect(tags.textContent).toContain("Excel");
    expect(tags.textContent).toContain("Tally");
    const image = (await shown("image")).querySelector("img");
    expect(image?.getAttribute("src")).toBe(imageUrl);
    expect(image?.getAttribute("alt")).toBe("Image");

    // the rich text keeps its formatting and loses what could run
    const description = await shown("description");
    expect(description.textContent).toBe("Hands-on practiceLedgers");
    expect(description.querySelector("strong")?.textContent).toBe("practice");
    expect(description.querySelector("li")?.textContent).toBe("Ledgers");
    expect(description.querySelector("script, img, [onclick], [onerror]")).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();

    expect(screen.getByRole("button", { name: /Edit$/ })).toBeTruthy();
  });

  it("offers no Edit (nor Delete) to a role that may only read", async () => {
    const viewer = await api.signIn(VIEWER);
    renderPage(`/admin/courses/show/${courseId}`, viewer);
    expect(await screen.findByRole("heading", { level: 1, name: "Detailed Course" })).toBeTruthy();
    expect((await shown("category")).textContent).toBe("Job Placement");
    expect(screen.queryByRole("button", { name: /Edit$/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Delete$/ })).toBeNull();
  });
});
