import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "./accounts.js";
import { bearer, body, createTestApp, DEMO_PASSWORD, login, type TestApp, tokenFor } from "./helpers.js";

let t: TestApp;
let student: string;

beforeAll(async () => {
  t = await createTestApp();
  student = await tokenFor(t.app, "student@example.com", "kmc");
});
afterAll(async () => {
  await t.close();
});

const patch = (token: string, payload: unknown) =>
  t.app.inject({ method: "PATCH", url: "/api/profile", headers: bearer(token), payload: payload as object });
const profile = async (token: string) =>
  body<{ data: Record<string, unknown> }>(await t.app.inject({ url: "/api/profile", headers: bearer(token) })).data;
const errorsOf = (res: { json: () => unknown }) => (res.json() as { errors: Record<string, string> }).errors;

async function place() {
  const district = await t.app.db
    .selectFrom("districts")
    .select(["id", "province_id"])
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const municipality = await t.app.db
    .selectFrom("municipalities")
    .select("id")
    .where("district_id", "=", district.id)
    .executeTakeFirstOrThrow();
  const elsewhere = await t.app.db
    .selectFrom("districts")
    .select("id")
    .where("province_id", "!=", district.province_id)
    .executeTakeFirstOrThrow();
  return {
    province: district.province_id,
    district: district.id,
    municipality: municipality.id,
    elsewhere: elsewhere.id,
  };
}

describe("PATCH /api/profile", () => {
  it("answers 401 to anybody not signed in", async () => {
    expect((await t.app.inject({ method: "PATCH", url: "/api/profile", payload: { full_name: "X" } })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: "POST", url: "/api/profile/password", payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/profile/options" })).statusCode).toBe(401);
  });

  it.each(DEMO_ACCOUNTS.filter((a) => a.email !== "student@example.com"))(
    "lets $email edit their own name, phone, links and calendar",
    async (account) => {
      const token = await tokenFor(t.app, account.email, account.site);
      const res = await patch(token, {
        full_name: `  Edited ${account.role}  `,
        phone: "+977 (1) 555-0101",
        linkedin_url: "linkedin.com/in/edited",
        website: "  WWW.Example.COM/About ",
        calendar: "bikram-sambat",
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = await profile(token);
      expect(data).toMatchObject({
        email: account.email,
        role: account.role,
        full_name: `Edited ${account.role}`,
        phone: "+977 (1) 555-0101",
        linkedin_url: "https://linkedin.com/in/edited",
        website: "https://www.example.com/About",
        calendar: "bikram-sambat",
      });
    },
  );

  it("shows the calendar as gregorian until it is chosen", async () => {
    expect((await profile(student)).calendar).toBe("gregorian");
  });

  it("refuses role, e-mail, institution, permissions and status by name, and changes nothing", async () => {
    const before = await profile(student);
    const res = await patch(student, {
      full_name: "Someone Else",
      role: "SUPER_ADMIN",
      email: "other@example.com",
      institution_id: 2,
      permissions: [],
      status: "disabled",
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(errorsOf(res)).sort()).toEqual(["email", "institution_id", "permissions", "role", "status"]);
    const after = await profile(student);
    expect(after).toEqual(before);
  });

  it("answers 400 naming each field that breaks a rule, in the caller's language", async () => {
    const res = await patch(student, {
      full_name: " ",
      phone: "abc",
      linkedin_url: "https://example.com/in/me",
      website: "not a site",
      calendar: "julian",
      year: 51,
      country: "XX",
      preferences: [999_999],
      photo: "https://elsewhere.example/me.png",
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({
      full_name: "This field is required.",
      phone: "Phone number may contain only digits, spaces, plus, minus and parentheses.",
      linkedin_url: "Enter a LinkedIn profile link, for example https://www.linkedin.com/in/your-name.",
      website: "Enter a valid website address, for example https://example.com.",
      calendar: "Choose a calendar.",
      year: "Choose a year from 1 to 50.",
      country: "Choose a country from the list.",
      preferences: "Choose from the list of tags.",
      photo: "Upload the photo again: only an image you uploaded can be your photo.",
    });
    const nepali = await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: { ...bearer(student), "accept-language": "np-NP" },
      payload: { phone: "---" },
    });
    expect(errorsOf(nepali).phone).toBe("फोन नम्बरमा कम्तीमा एउटा अङ्क हुनुपर्छ।");
  });

  it("keeps the location cascade: a district lies in the province, a municipality in the district", async () => {
    const p = await place();
    const wrong = await patch(student, { province_id: p.province, district_id: p.elsewhere });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(errorsOf(wrong))).toEqual(["district_id"]);
    const ok = await patch(student, {
      country: "np",
      province_id: p.province,
      district_id: p.district,
      municipality_id: p.municipality,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await profile(student)).toMatchObject({
      country: "NP",
      province_id: p.province,
      district_id: p.district,
      municipality_id: p.municipality,
    });
    // a municipality alone is checked against the district already kept
    const other = await t.app.db
      .selectFrom("municipalities")
      .select("id")
      .where("district_id", "!=", p.district)
      .executeTakeFirstOrThrow();
    expect(errorsOf(await patch(student, { municipality_id: other.id }))).toHaveProperty("municipality_id");
    expect(errorsOf(await patch(student, { country: "IN", province_id: p.province }))).toHaveProperty("province_id");
  });

  it("lets a learner choose a program of their own institution and a year, never another institution's", async () => {
    const rows = await t.app.db
      .selectFrom("program_departments as pd")
      .innerJoin("institutions as i", "i.id", "pd.institution_id")
      .select(["pd.id", "i.subdomain"])
      .execute();
    const own = rows.find((row) => row.subdomain === "kmc");
    const other = rows.find((row) => row.subdomain !== "kmc");
    if (!own || !other) throw new Error("the demo has programs of two institutions");
    const refused = await patch(student, { program_department_id: other.id });
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)).toEqual({ program_department_id: "Choose a program or department of your institution." });
    const ok = await patch(student, { program_department_id: own.id, year: 3 });
    expect(ok.statusCode).toBe(200);
    expect(await profile(student)).toMatchObject({ program_department_id: own.id, year: 3 });
    // cleared with null, as the form sends an empty choice
    const cleared = await patch(student, {
      program_department_id: null,
      year: null,
      province_id: null,
      district_id: null,
      municipality_id: null,
      phone: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await profile(student)).toMatchObject({ program_department_id: null, year: null, phone: null });
    expect((await patch(student, { program_department_id: own.id, year: 3 })).statusCode).toBe(200);
    const options = body<{ data: { program_departments: { value: number }[] } }>(
      await t.app.inject({ url: "/api/profile/options", headers: bearer(student) }),
    ).data;
    expect(options.program_departments.map((o) => o.value)).toContain(own.id);
    expect(options.program_departments.map((o) => o.value)).not.toContain(other.id);
  });

  it("gives staff no program or year", async () => {
    const token = await tokenFor(t.app, "college.admin@example.com", "kmc");
    const res = await patch(token, { year: 2 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(errorsOf(res))).toEqual(["year"]);
  });

  it("keeps preferences (tags for staff) as tags chosen by id, and names the field by role", async () => {
    const tags = await t.app.db.selectFrom("tags").select(["id", "name"]).orderBy("id").limit(2).execute();
    const ids = tags.map((tag) => tag.id);
    expect((await patch(student, { preferences: ids })).statusCode).toBe(200);
    expect((await profile(student)).preferences).toEqual(tags);
    const stored = await t.app.db
      .selectFrom("users")
      .select("preferences")
      .where("email", "=", "student@example.com")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.preferences ?? "[]")).toEqual(tags.map((tag) => tag.name));
    const staff = await tokenFor(t.app, "superadmin@example.com", "provider");
    const optionsOf = async (token: string) =>
      body<{ data: { tag_field: string; tags: unknown[] } }>(
        await t.app.inject({ url: "/api/profile/options", headers: bearer(token) }),
      ).data;
    expect((await optionsOf(staff)).tag_field).toBe("tags");
    expect((await optionsOf(student)).tag_field).toBe("preferences");
    expect((await optionsOf(student)).tags.length).toBeGreaterThan(1);
  });

  it("takes as photo only an upload of the caller's own", async () => {
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC",
      "base64",
    );
    const boundary = "----profile";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/uploads/photo",
      headers: { ...bearer(student), "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const url = body<{ data: { url: string } }>(upload).data.url;
    const other = await tokenFor(t.app, "employee@example.com", "himal");
    expect(errorsOf(await patch(other, { photo: url }))).toHaveProperty("photo");
    expect((await patch(student, { photo: url })).statusCode).toBe(200);
    expect((await profile(student)).photo).toBe(url);
  });
});

describe("POST /api/profile/password", () => {
  const email = "employee@example.com";
  const change = (token: string, payload: unknown) =>
    t.app.inject({ method: "POST", url: "/api/profile/password", headers: bearer(token), payload: payload as object });

  it("refuses a wrong current password and a weak new one, naming the field only", async () => {
    const token = await tokenFor(t.app, email, "himal");
    const wrong = await change(token, { current_password: "not-it-1", new_password: "BrandNew#2027" });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)).toEqual({
      message: "The current password is incorrect.",
      errors: { current_password: "The current password is incorrect." },
    });
    const weak = await change(token, { current_password: DEMO_PASSWORD, new_password: "short" });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(errorsOf(weak))).toEqual(["new_password"]);
    expect((await login(t.app, email, "himal")).statusCode).toBe(200);
  });

  it("ends every other session, keeps the caller signed in with the token answered, and takes the new password", async () => {
    const mine = await tokenFor(t.app, email, "himal");
    const elsewhere = await tokenFor(t.app, email, "himal");
    const res = await change(mine, { current_password: DEMO_PASSWORD, new_password: "BrandNew#2027" });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = body<{ data: { token: string } }>(res).data.token;
    expect((await t.app.inject({ url: "/api/profile", headers: bearer(elsewhere) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/profile", headers: bearer(mine) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/profile", headers: bearer(fresh) })).statusCode).toBe(200);
    expect((await login(t.app, email, "himal")).statusCode).toBe(401);
    expect((await login(t.app, email, "himal", "BrandNew#2027")).statusCode).toBe(200);
  });

  it("throttles wrong current passwords as sign-in does", async () => {
    const token = await tokenFor(t.app, "company.viewer@example.com", "himal");
    let last = 0;
    for (let i = 0; i < 21; i++) {
      last = (await change(token, { current_password: `wrong-${i}-x`, new_password: "BrandNew#2027" })).statusCode;
    }
    expect(last).toBe(429);
  });
});
