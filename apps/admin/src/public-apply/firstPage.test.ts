import { PUBLIC_APPLY_PAGE_SIZE as PUBLIC_PAGE_SIZE, publicPostingsUrl } from "@csc/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startFirstPublicPage, takeFirstPublicPage } from "./firstPage";

const firstJobsPage = publicPostingsUrl("job-opportunities", 0, PUBLIC_PAGE_SIZE);
const rows = [{ id: 7, title: "IT Support Officer" }];

/** The browser's fetch, answering `status` with `rows` and their total in X-Total-Count. */
function answering(status: number, total = "31") {
  const fetch = vi.fn(
    async (_url: string) =>
      new Response(JSON.stringify(status === 200 ? { data: rows } : { message: "down" }), {
        status,
        headers: { "content-type": "application/json", "x-total-count": total },
      }),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => {
  // whatever a test asked for early and did not take is dropped with it
  takeFirstPublicPage(firstJobsPage);
  takeFirstPublicPage(publicPostingsUrl("learning-events", 0, PUBLIC_PAGE_SIZE));
  vi.unstubAllGlobals();
});

describe("a public apply page's first page of postings, asked for as the app starts", () => {
  it("goes out at once for the page's postings, and is taken once", async () => {
    const fetch = answering(200);
    startFirstPublicPage("/job-opportunities-apply");
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/public/job-opportunities?_start=0&_end=12");

    // another page, or the other kind of posting, is not what was asked for
    expect(takeFirstPublicPage(publicPostingsUrl("job-opportunities", 12, 24))).toBeNull();
    expect(takeFirstPublicPage(publicPostingsUrl("learning-events", 0, PUBLIC_PAGE_SIZE))).toBeNull();
    await expect(takeFirstPublicPage(firstJobsPage)).resolves.toEqual({ rows, total: 31 });
    // a refetch goes out again
    expect(takeFirstPublicPage(firstJobsPage)).toBeNull();
  });

  it("asks for the trainings on the trainings' page", async () => {
    const fetch = answering(200, "");
    startFirstPublicPage("/job-role-trainings-apply/");
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/public/learning-events?_start=0&_end=12");
    // no total given: the rows are all there is
    await expect(takeFirstPublicPage(publicPostingsUrl("learning-events", 0, PUBLIC_PAGE_SIZE))).resolves.toEqual({
      rows,
      total: 1,
    });
  });

  it("asks for nothing on other pages, nor under a /no-domain/ path (whose site a header names)", () => {
    const fetch = answering(200);
    for (const path of [
      "/login",
      "/dashboard",
      "/no-domain/kmc/job-opportunities-apply",
      "/job-opportunities-apply/1",
    ]) {
      startFirstPublicPage(path);
    }
    expect(fetch).not.toHaveBeenCalled();
    expect(takeFirstPublicPage(firstJobsPage)).toBeNull();
  });

  it("answers null when the server refuses or cannot be reached, so that the page asks again itself", async () => {
    answering(503);
    startFirstPublicPage("/job-opportunities-apply");
    await expect(takeFirstPublicPage(firstJobsPage)).resolves.toBeNull();

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    startFirstPublicPage("/job-opportunities-apply");
    await expect(takeFirstPublicPage(firstJobsPage)).resolves.toBeNull();
  });
});
