import { createHmac } from "node:crypto";
import { skillsFieldOf } from "@csc/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CERTIFICATE_CODE } from "../src/domain/certificates.js";
import { labelsIn } from "../src/domain/learner-skills.js";
import { createTestApp, type TestApp } from "./helpers.js";

/**
 * The course site's signed completion callback: a request signed with the shared
 * secret moves a course enrolment on as staff would — progress, or completion with a certificate
 * anyone can verify and the course's skills — and nothing else gets in: no signature, a wrong or
 * stale one, a body changed after signing. Without the secret the route is not there.
 */

const SECRET = "course-site-secret-that-is-long-enough-0123456789";
const URL = "/api/course-site/completions";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ COURSE_SITE_SECRET: SECRET });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const now = () => Math.floor(Date.now() / 1000);

/** Signs a body as the course site does: hex HMAC-SHA256 of `{timestamp}.{raw body}`. */
const sign = (raw: string, timestamp = now(), secret = SECRET) => ({
  "x-csc-timestamp": String(timestamp),
  "x-csc-signature": createHmac("sha256", secret).update(`${timestamp}.${raw}`).digest("hex"),
});

const post = (raw: string, headers: Record<string, string>) =>
  t.app.inject({ method: "POST", url: URL, headers: { "content-type": "application/json", ...headers }, payload: raw });

const signed = (payload: object) => {
  const raw = JSON.stringify(payload);
  return post(raw, sign(raw));
};

type Enrolment = { id: number; user_id: number; item_id: number; progress: number; completed_at: string | null };

/** Open enrolments of one type from the demo seed, with their learner's e-mail. */
const open = (type: "course" | "career-roadmap" | "enrichment-program") =>
  t.app.db
    .selectFrom("enrolments as e")
    .innerJoin("users as u", "u.id", "e.user_id")
    .select(["e.id", "e.user_id", "e.item_id", "e.progress", "e.completed_at", "e.certificate_code", "u.email"])
    .where("e.item_type", "=", type)
    .where("e.completed_at", "is", null)
    .where("e.progress", "<", 90)
    .orderBy("e.id")
    .execute();

const stored = (id: number) =>
  t.app.db.selectFrom("enrolments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("the course site's completion callback", () => {
  it("refuses a request without a valid, fresh signature, and changes nothing", async () => {
    const [target] = await open("course");
    if (!target) throw new Error("the demo seed has an open course enrolment");
    const before = await stored(target.id);
    const raw = JSON.stringify({ enrolment_id: target.id, course_id: target.item_id, completed: true });

    const attempts = {
      "no headers": await post(raw, {}),
      "no signature": await post(raw, { "x-csc-timestamp": String(now()) }),
      "no timestamp": await post(raw, { "x-csc-signature": sign(raw)["x-csc-signature"] }),
      "wrong secret": await post(raw, sign(raw, now(), "another-secret-that-is-also-long-enough-000")),
      "tampered body": await post(
        raw.replace(`"course_id":${target.item_id}`, `"course_id":${target.item_id} `),
        sign(raw),
      ),
      "another timestamp": await post(raw, { ...sign(raw), "x-csc-timestamp": String(now() + 1) }),
      stale: await post(raw, sign(raw, now() - 301)),
      ahead: await post(raw, sign(raw, now() + 301)),
      "malformed signature": await post(raw, { ...sign(raw), "x-csc-signature": "zz" }),
      "unsigned bad json": await post("{not json", {}),
      "unsigned empty": await t.app.inject({ method: "POST", url: URL }),
    };
    for (const [name, res] of Object.entries(attempts)) {
      expect(res.statusCode, `${name}: ${res.body}`).toBe(401);
      expect(typeof res.json<{ message: string }>().message, name).toBe("string");
    }
    expect(attempts.stale.json()).toEqual({ message: expect.stringMatching(/too old/) });
    expect(attempts["wrong secret"].json()).toEqual({ message: "This request is not signed by the course site." });
    expect(await stored(target.id)).toEqual(before);
  });

  it("sets progress, then completes with a certificate anyone can verify and the course's skills, once", async () => {
    const [target] = await open("course");
    if (!target) throw new Error("the demo seed has an open course enrolment");

    const progress = await signed({ enrolment_id: target.id, course_id: target.item_id, progress: 60 });
    expect(progress.statusCode, progress.body).toBe(200);
    expect(progress.json().data).toMatchObject({
      id: target.id,
      progress: 60,
      completed_at: null,
      certificate_code: null,
    });

    const done = await signed({ enrolment_id: target.id, course_id: target.item_id, completed: true });
    expect(done.statusCode, done.body).toBe(200);
    const data = done.json<{ data: Enrolment & { certificate_code: string } }>().data;
    expect(data).toMatchObject({ id: target.id, item_type: "course", progress: 100 });
    expect(data.certificate_code).toMatch(CERTIFICATE_CODE);
    const row = await stored(target.id);
    expect(row.completed_at).toBe(data.completed_at);
    expect(row.completed_by).toBeNull();

    const certificate = await t.app.inject({ url: `/api/public/certificates/${data.certificate_code}` });
    expect(certificate.statusCode, certificate.body).toBe(200);
    const course = await t.app.db
      .selectFrom("courses")
      .selectAll()
      .where("id", "=", target.item_id)
      .executeTakeFirstOrThrow();
    expect(certificate.json().data).toMatchObject({
      code: data.certificate_code,
      item_type: "course",
      title: course.title,
      completed_at: data.completed_at,
    });

    const skills = await t.app.db
      .selectFrom("learner_skills")
      .select(["name", "source_type", "source_id"])
      .where("user_id", "=", target.user_id)
      .execute();
    const names = skills.map((skill) => skill.name.toLowerCase());
    const courseSkills = labelsIn((course as Record<string, unknown>)[skillsFieldOf("course")]);
    expect(courseSkills.length).toBeGreaterThan(0);
    for (const name of courseSkills) expect(names).toContain(name.toLowerCase());

    // the same completion again (signed anew: the same signature twice is a replay), or a late
    // progress, keeps the completion and its code
    const repeat = JSON.stringify({ enrolment_id: target.id, course_id: target.item_id, completed: true }, null, 1);
    const again = await post(repeat, sign(repeat));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual(data);
    const late = await signed({ enrolment_id: target.id, course_id: target.item_id, progress: 30, completed: false });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().data).toEqual(data);
    expect((await stored(target.id)).certificate_code).toBe(data.certificate_code);
  });

  it("finds the enrolment by the learner's e-mail and the course, and takes the completion's moment", async () => {
    const targets = await open("course");
    const target = targets.find((row) => row.id !== targets[0]?.id);
    if (!target) throw new Error("the demo seed has two open course enrolments");
    const completedAt = new Date(Date.now() - 60_000).toISOString();

    const done = await signed({
      email: target.email.toUpperCase(),
      course_id: target.item_id,
      progress: 100,
      completed_at: completedAt,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ id: target.id, progress: 100, completed_at: completedAt });
    expect(done.json().data.certificate_code).toMatch(CERTIFICATE_CODE);

    const elsewhere = await signed({ email: target.email, course_id: target.item_id + 100_000, completed: true });
    expect(elsewhere.statusCode).toBe(404);
    const nobody = await signed({ email: "nobody@example.com", course_id: target.item_id, completed: true });
    expect(nobody.statusCode).toBe(404);
    const wrongCourse = await signed({ enrolment_id: target.id, course_id: target.item_id + 100_000, completed: true });
    expect(wrongCourse.statusCode).toBe(404);
  });

  it("answers 404 for an unknown enrolment and 400 for one that is not a course's, changing nothing", async () => {
    const unknown = await signed({ enrolment_id: 999_999, course_id: 1, completed: true });
    expect(unknown.statusCode, unknown.body).toBe(404);

    const [roadmap] = await open("career-roadmap");
    if (!roadmap) throw new Error("the demo seed has an open roadmap enrolment");
    const before = await stored(roadmap.id);
    const res = await signed({ enrolment_id: roadmap.id, course_id: roadmap.item_id, completed: true });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: "This enrolment is not in a course." });
    expect(await stored(roadmap.id)).toEqual(before);
  });

  it("checks a signed body like any other: who, what, and nothing else", async () => {
    const [target] = await open("course");
    if (!target) throw new Error("the demo seed has an open course enrolment");
    const before = await stored(target.id);
    const cases: [object, string][] = [
      [{ course_id: target.item_id, completed: true }, "enrolment_id"],
      [{ enrolment_id: target.id, course_id: target.item_id }, ""],
      [{ enrolment_id: target.id, completed: true }, "course_id"],
      [{ enrolment_id: target.id, course_id: target.item_id, progress: 101 }, "progress"],
      [{ enrolment_id: target.id, course_id: target.item_id, completed: "yes" }, "completed"],
      [{ enrolment_id: target.id, course_id: target.item_id, completed: true, extra: 1 }, "extra"],
      [{ enrolment_id: target.id, course_id: target.item_id, completed: true, completed_at: "soon" }, "completed_at"],
      [
        { enrolment_id: target.id, course_id: target.item_id, completed: true, completed_at: "2999-01-01T00:00:00Z" },
        "completed_at",
      ],
    ];
    for (const [payload, field] of cases) {
      const res = await signed(payload);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
      if (field) expect(Object.keys(res.json().errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    const garbage = await post("{not json", sign("{not json"));
    expect(garbage.statusCode).toBe(400);
    expect(await stored(target.id)).toEqual(before);
  });

  it("takes a signed request once: a replay within its window is refused and changes nothing", async () => {
    const targets = await open("course");
    const target = targets.at(-1);
    if (!target) throw new Error("the demo seed has an open course enrolment");
    const first = JSON.stringify({ enrolment_id: target.id, course_id: target.item_id, progress: 40 });
    const firstHeaders = sign(first);
    expect((await post(first, firstHeaders)).statusCode).toBe(200);
    const later = JSON.stringify({ enrolment_id: target.id, course_id: target.item_id, progress: 80 });
    expect((await post(later, sign(later))).json().data).toMatchObject({ progress: 80 });

    // the attacker sends the first request again, as seen, then with the signature's hex in capitals
    const replays = [
      await post(first, firstHeaders),
      await post(first, { ...firstHeaders, "x-csc-signature": firstHeaders["x-csc-signature"].toUpperCase() }),
    ];
    for (const replay of replays) {
      expect(replay.statusCode, replay.body).toBe(409);
      expect(replay.json().message).toMatch(/already been received/);
    }
    const nepali = await post(first, { ...firstHeaders, "accept-language": "np-NP" });
    expect(nepali.statusCode).toBe(409);
    expect(nepali.json().message).toMatch(/[\u0900-\u097F]/);
    expect((await stored(target.id)).progress).toBe(80);

    // what is kept is the signature until its window closes; an expired one is let go
    const kept = await t.app.db.selectFrom("course_site_signatures").selectAll().execute();
    expect(kept.map((row) => row.signature)).toContain(firstHeaders["x-csc-signature"]);
    await t.app.db
      .insertInto("course_site_signatures")
      .values({ signature: "0".repeat(64), expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const next = JSON.stringify({ enrolment_id: target.id, course_id: target.item_id, progress: 85 });
    expect((await post(next, sign(next))).statusCode).toBe(200);
    const left = await t.app.db.selectFrom("course_site_signatures").select("signature").execute();
    expect(left.map((row) => row.signature)).not.toContain("0".repeat(64));
  });

  it("never moves progress back: an older report arriving late leaves the higher progress", async () => {
    const targets = await open("course");
    const target = targets.at(-2);
    if (!target) throw new Error("the demo seed has two open course enrolments");
    const ahead = await signed({ enrolment_id: target.id, course_id: target.item_id, progress: 80 });
    expect(ahead.statusCode, ahead.body).toBe(200);
    const updatedAt = (await stored(target.id)).updated_at;

    // signed freshly and earlier, but arriving after: 40 was the course site's older news
    const late = await signed({ enrolment_id: target.id, course_id: target.item_id, progress: 40 });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().data).toMatchObject({ id: target.id, progress: 80, completed_at: null });
    expect(await stored(target.id)).toMatchObject({ progress: 80, updated_at: updatedAt });

    const onward = await signed({ enrolment_id: target.id, course_id: target.item_id, progress: 90 });
    expect(onward.json().data).toMatchObject({ progress: 90 });
  });

  it("is a public route, and leaves every other route's body parsing alone", async () => {
    expect(t.app.declaredRoutes).toContainEqual({ method: "POST", url: URL, access: "public" });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "learner@example.com", password: "CareerDemo#2026" }),
    });
    expect(login.statusCode, login.body).toBe(200);
  });
});

describe("without a secret", () => {
  it("answers 404: the callback is off", async () => {
    const off = await createTestApp();
    try {
      const raw = JSON.stringify({ enrolment_id: 1, course_id: 1, completed: true });
      const res = await off.app.inject({
        method: "POST",
        url: URL,
        headers: { "content-type": "application/json", ...sign(raw) },
        payload: raw,
      });
      expect(res.statusCode, res.body).toBe(404);
      expect(off.app.declaredRoutes.some((route) => route.url === URL)).toBe(false);
    } finally {
      await off.close();
    }
  }, 120_000);
});
