import {
  type Calendar,
  isLearnerRole,
  LEARNER_PROFILE_FIELDS,
  NEPAL,
  normalizeWebsite,
  type ProfileDetails,
  type ProfileField,
  uploadNameOf,
  validateProfile,
} from "@csc/shared";
import type { Kysely, Updateable } from "kysely";
import type { Database, UserTable } from "../platform/db/schema.js";
import type { Translate } from "../platform/messages.js";
import { parseList, type SessionUser } from "./accounts.js";

/**
 * The profile a user edits for themselves (/profile): what `GET /api/profile`
 * adds to the session's user, and the checks of `PATCH /api/profile`. Preferences (called tags
 * for staff and recruiters) are chosen among the tags by id and kept by name, as every
 * posting's tags are, so that matching a learner's interests reads them as it always has.
 */

type ProfileChanges = Partial<Record<ProfileField, unknown>>;

export async function profileDetailsOf(db: Kysely<Database>, userId: number): Promise<ProfileDetails> {
  const row = await db
    .selectFrom("users")
    .select([
      "photo",
      "linkedin_url",
      "website",
      "country",
      "province_id",
      "district_id",
      "municipality_id",
      "program_department_id",
      "year",
      "preferences",
      "calendar",
    ])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const names = parseList(row.preferences);
  const tags =
    names.length > 0 ? await db.selectFrom("tags").select(["id", "name"]).where("name", "in", names).execute() : [];
  const byName = new Map(tags.map((tag) => [tag.name, tag.id]));
  const preferences = names.flatMap((name) => {
    const id = byName.get(name);
    return id === undefined ? [] : [{ id, name }];
  });
  return { ...row, calendar: row.calendar === "bikram-sambat" ? "bikram-sambat" : "gregorian", preferences };
}

const blank = (value: unknown) => value === null || value === undefined || value === "";
const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
const idOf = (value: unknown) => (typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null);

/**
 * The columns to write for the changes, or the message of each field that may not take its
 * value. The rules without the database come from @csc/shared (the admin's form uses them too).
 */
export async function profileUpdate(
  db: Kysely<Database>,
  user: SessionUser,
  changes: ProfileChanges,
  t: Translate,
): Promise<{ ok: true; values: Updateable<UserTable> } | { ok: false; errors: Record<string, string> }> {
  const errors: Record<string, string> = {};
  for (const [field, result] of Object.entries(validateProfile(changes))) {
    errors[field] = t(result.key, {}, result.message);
  }
  const learner = isLearnerRole(user.role);
  if (!learner) {
    for (const field of LEARNER_PROFILE_FIELDS) if (field in changes) errors[field] = t("profile.learnersOnly");
  }

  const current = await db
    .selectFrom("users")
    .select(["photo", "country", "province_id", "district_id", "municipality_id"])
    .where("id", "=", user.id)
    .executeTakeFirstOrThrow();
  const values: Updateable<UserTable> = {};

  if ("full_name" in changes && !errors.full_name) values.full_name = text(changes.full_name) ?? "";
  if ("phone" in changes && !errors.phone) values.phone = text(changes.phone);
  if ("linkedin_url" in changes && !errors.linkedin_url) {
    values.linkedin_url = blank(changes.linkedin_url) ? null : normalizeWebsite(String(changes.linkedin_url));
  }
  if ("website" in changes && !errors.website) {
    values.website = blank(changes.website) ? null : normalizeWebsite(String(changes.website));
  }
  if ("calendar" in changes && !errors.calendar) values.calendar = changes.calendar as Calendar;
  if ("year" in changes && !errors.year && learner) values.year = blank(changes.year) ? null : Number(changes.year);

  // a photo is one of the caller's own uploads, or the one they already have
  if ("photo" in changes) {
    const photo = text(changes.photo);
    if (photo === null) values.photo = null;
    else if (photo === current.photo) values.photo = photo;
    else {
      const name = uploadNameOf(photo);
      const upload = name
        ? await db
            .selectFrom("uploads")
            .select("id")
            .where("name", "=", name)
            .where("user_id", "=", user.id)
            .executeTakeFirst()
        : undefined;
      if (upload) values.photo = photo;
      else errors.photo = t("profile.photo");
    }
  }

  await checkPlaces(db, changes, current, values, errors, t);

  if ("program_department_id" in changes && learner && !errors.program_department_id) {
    if (blank(changes.program_department_id)) values.program_department_id = null;
    else {
      const id = idOf(changes.program_department_id);
      const own = user.institution?.id ?? null;
      const row =
        id === null
          ? undefined
          : await db.selectFrom("program_departments").select("institution_id").where("id", "=", id).executeTakeFirst();
      // the learner's institution's own, or the provider's shared ones
      if (row && (row.institution_id === null || row.institution_id === own)) values.program_department_id = id;
      else errors.program_department_id = t("profile.programNotOwn");
    }
  }

  if ("preferences" in changes && !errors.preferences) {
    const list = Array.isArray(changes.preferences) ? changes.preferences : [];
    const ids = [...new Set(list.map(idOf))];
    const tags =
      ids.length > 0 && !ids.includes(null)
        ? await db
            .selectFrom("tags")
            .select(["id", "name"])
            .where("id", "in", ids as number[])
            .execute()
        : [];
    if (ids.includes(null) || tags.length !== ids.length) errors.preferences = t("profile.unknownTag");
    else {
      const names = new Map(tags.map((tag) => [tag.id, tag.name]));
      values.preferences = JSON.stringify(ids.map((id) => names.get(id as number)));
    }
  }

  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
}

type Place = {
  country: string | null;
  province_id: number | null;
  district_id: number | null;
  municipality_id: number | null;
};

/**
 * The Nepal cascade (as for institutions): a district lies in the province, a municipality in the
 * district, each checked against the row as it will be after the change. Outside Nepal no place
 * of the cascade is kept.
 */
async function checkPlaces(
  db: Kysely<Database>,
  changes: ProfileChanges,
  current: Place,
  values: Updateable<UserTable>,
  errors: Record<string, string>,
  t: Translate,
) {
  const levels = ["province_id", "district_id", "municipality_id"] as const;
  if (!("country" in changes) && !levels.some((level) => level in changes)) return;
  const next: Place = { ...current };
  if ("country" in changes && !errors.country) {
    next.country = blank(changes.country) ? null : String(changes.country).toUpperCase();
    values.country = next.country;
  }
  for (const level of levels) {
    if (!(level in changes)) continue;
    if (blank(changes[level])) next[level] = null;
    else {
      const id = idOf(changes[level]);
      if (id === null) errors[level] = t("profile.unknownPlace");
      else next[level] = id;
    }
  }
  if (levels.some((level) => errors[level])) return;
  if (next.country !== null && next.country !== NEPAL) {
    for (const level of levels) {
      if (level in changes && next[level] !== null) errors[level] = t("profile.placeOutsideNepal");
      next[level] = null;
    }
  }
  const province = next.province_id
    ? await db.selectFrom("provinces").select("id").where("id", "=", next.province_id).executeTakeFirst()
    : null;
  const district = next.district_id
    ? await db
        .selectFrom("districts")
        .select(["id", "province_id"])
        .where("id", "=", next.district_id)
        .executeTakeFirst()
    : null;
  const municipality = next.municipality_id
    ? await db
        .selectFrom("municipalities")
        .select(["id", "district_id"])
        .where("id", "=", next.municipality_id)
        .executeTakeFirst()
    : null;
  if (next.province_id && !province) errors.province_id = t("profile.unknownPlace");
  if (next.district_id && !district) errors.district_id = t("profile.unknownPlace");
  else if (district && district.province_id !== next.province_id) errors.district_id = t("profile.placeMismatch");
  if (next.municipality_id && !municipality) errors.municipality_id = t("profile.unknownPlace");
  else if (municipality && municipality.district_id !== next.district_id) {
    errors.municipality_id = t("profile.placeMismatch");
  }
  for (const level of levels) values[level] = next[level];
}
