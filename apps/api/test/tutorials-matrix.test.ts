import { PROVIDER_ROLES, ROLE_LEVELS, type Role, type RoleKind, roleKind } from "@csc/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "./accounts.js";
import { bearer, createTestApp, hostOf, type TestApp, tokenFor } from "./helpers.js";

/**
 * Tutorials are managed like any resource: provider staff by their level (viewers
 * read, editors also create, edit and export, admins also delete); everyone else signed in reads
 * only the tutorials meant for their kind of user, and changes nothing; nobody signed out reads
 * anything. Every route of the resource, for every demo account and for nobody signed in.
 */

let t: TestApp;
const tokens = new Map<string, string>();
/** One tutorial for each kind of user alone, and one for everyone. */
const only = new Map<RoleKind, number>();
let everyone = 0;
const superAdmin = () => tokens.get("superadmin@example.com") ?? "";

const tutorial = (roles: RoleKind[], title: string) => ({
  title_en: title,
  title_np: `${title} (नेपाली)`,
  description_en: `About ${title}.`,
  description_np: `${title} बारे।`,
  roles,
  sort_order: 5,
  topic: "dashboard",
});

async function create(body: Record<string, unknown>): Promise<number> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/tutorials",
    headers: { host: hostOf("provider"), ...bearer(superAdmin()) },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const account of DEMO_ACCOUNTS) tokens.set(account.email, await tokenFor(t.app, account.email, account.site));
  for (const kind of ["provider", "institution", "recruiter", "learner"] as const) {
    only.set(kind, await create(tutorial([kind], `Only for ${kind}`)));
  }
  everyone = await create(tutorial(["provider", "institution", "recruiter", "learner"], "For everyone"));
});
afterAll(async () => {
  await t.close();
});

const request = (
  account: { email: string; site: string } | null,
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    headers: {
      host: hostOf(account?.site ?? "provider"),
      ...(account ? bearer(tokens.get(account.email) ?? "") : {}),
    },
    ...(payload ? { payload } : {}),
  });

const canChange = (role: Role) => PROVIDER_ROLES.includes(role) && ROLE_LEVELS[role] !== "viewer";

describe("tutorials access matrix", () => {
  it("reads nothing for nobody signed in", async () => {
    for (const url of ["/api/tutorials", `/api/tutorials/${everyone}`, "/api/tutorials/export"]) {
      expect((await request(null, "GET", url)).statusCode, url).toBe(401);
    }
    expect((await request(null, "POST", "/api/tutorials", tutorial(["learner"], "x"))).statusCode).toBe(401);
    expect((await request(null, "PATCH", `/api/tutorials/${everyone}`, { sort_order: 1 })).statusCode).toBe(401);
    expect((await request(null, "DELETE", `/api/tutorials/${everyone}`)).statusCode).toBe(401);
  });

  it.each(DEMO_ACCOUNTS)(
    "$email ($role) reads, shows, creates, edits, exports and deletes as its kind and level allow",
    async (account) => {
      const kind = roleKind(account.role);
      const level = ROLE_LEVELS[account.role];
      const provider = kind === "provider";

      // list: provider staff every tutorial, the others those meant for their kind
      const list = await request(account, "GET", "/api/tutorials?_end=100");
      expect(list.statusCode).toBe(200);
      const rows = list.json<{ id: number; roles: string[] }[]>();
      const ids = rows.map((row) => row.id);
      expect(ids).toContain(everyone);
      for (const [other, id] of only) {
        if (provider || other === kind) expect(ids, `${other} tutorial`).toContain(id);
        else expect(ids, `${other} tutorial`).not.toContain(id);
      }
      if (!provider) for (const row of rows) expect(row.roles).toContain(kind);

      // show: the same rows one by one
      for (const [other, id] of only) {
        const show = await request(account, "GET", `/api/tutorials/${id}`);
        expect(show.statusCode, `${other} tutorial`).toBe(provider || other === kind ? 200 : 404);
      }

      // export: provider editors and admins only
      const exported = await request(account, "GET", "/api/tutorials/export");
      expect(exported.statusCode).toBe(provider && level !== "viewer" ? 200 : 403);

      // create
      const created = await request(account, "POST", "/api/tutorials", tutorial(["learner"], `By ${account.email}`));
      expect(created.statusCode, created.body).toBe(canChange(account.role) ? 201 : 403);

      // update: the everyone row, which all of them read
      const updated = await request(account, "PATCH", `/api/tutorials/${everyone}`, { sort_order: 7 });
      expect(updated.statusCode, updated.body).toBe(canChange(account.role) ? 200 : 403);

      // delete: provider admins only, on a row made for it
      const target = await create(tutorial(["provider", "institution", "recruiter", "learner"], "To delete"));
      const deleted = await request(account, "DELETE", `/api/tutorials/${target}`);
      expect(deleted.statusCode, deleted.body).toBe(provider && level === "admin" ? 200 : 403);
      const left = await t.app.db.selectFrom("tutorials").select("id").where("id", "=", target).executeTakeFirst();
      expect(left === undefined).toBe(provider && level === "admin");
    },
  );

  it("keeps a video address only when it is a YouTube video, as its watch page", async () => {
    const admin = { email: "superadmin@example.com", site: "provider" };
    for (const address of [
      "https://youtu.be/dQw4w9WgXcQ",
      "youtube.com/shorts/dQw4w9WgXcQ",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    ]) {
      const res = await request(admin, "PATCH", `/api/tutorials/${everyone}`, { video_url: address });
      expect(res.statusCode, address).toBe(200);
      expect(res.json<{ video_url: string }>().video_url).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    }
    for (const address of ["https://vimeo.com/1234", "https://www.youtube.com/watch?v=short", "javascript:alert(1)"]) {
      const res = await request(admin, "PATCH", `/api/tutorials/${everyone}`, { video_url: address });
      expect(res.statusCode, address).toBe(400);
      expect(res.body).toContain("video_url");
    }
    const noRoles = await request(admin, "POST", "/api/tutorials", {
      ...tutorial(["learner"], "x"),
      roles: ["teacher"],
    });
    expect(noRoles.statusCode).toBe(400);
  });

  it("seeds the fourteen tutorials in both languages, without video addresses", async () => {
    const rows = await t.app.db
      .selectFrom("tutorials")
      .selectAll()
      .where("title_en", "not like", "Only for%")
      .execute();
    const seeded = rows.filter((row) => !/^(For everyone|To delete|By |x$)/.test(row.title_en));
    expect(seeded).toHaveLength(14);
    for (const row of seeded) {
      expect(row.title_np).toMatch(/[\u0900-\u097F]/);
      expect(row.description_np).toMatch(/[\u0900-\u097F]/);
      expect(row.video_url).toBeNull();
    }
  });
});
