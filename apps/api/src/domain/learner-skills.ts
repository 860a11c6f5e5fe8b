import { type ProfileSkill, type SkillSource, skillKey, tidySkill as tidy } from "@csc/shared";
import type { Insertable, Kysely } from "kysely";
import type { Database } from "../platform/db/schema.js";

/**
 * A learner's skills: one row per skill and learner, whatever its case, gained when
 * they complete something that teaches it. Completing a second thing that teaches a skill they
 * already hold keeps the first: when and where they gained it.
 */

/** Skills one learner gains at one moment from one source. */
export interface GainedSkills {
  userId: number;
  institutionId: number | null;
  names: readonly string[];
  at: string;
  source: SkillSource;
}

/** Rows one statement writes (9 columns: far within SQLite's and PostgreSQL's parameter limits). */
const ROWS_PER_INSERT = 1_000;

/**
 * The rows to write for some gains: one per learner and skill key, the earliest gain of a key
 * when two gains name it (the first name, source and moment stand).
 */
export function skillRows(gains: readonly GainedSkills[]) {
  const rows = new Map<string, Insertable<Database["learner_skills"]>>();
  const ordered = [...gains].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  for (const gain of ordered) {
    for (const raw of gain.names) {
      const name = tidy(raw);
      if (name === "") continue;
      const key = `${gain.userId}\u0000${skillKey(name)}`;
      if (rows.has(key)) continue;
      rows.set(key, {
        user_id: gain.userId,
        institution_id: gain.institutionId,
        name,
        name_key: skillKey(name),
        gained_at: gain.at,
        source_type: gain.source.type,
        source_id: gain.source.id,
        source_title: gain.source.title,
        created_at: gain.at,
      });
    }
  }
  return [...rows.values()];
}

/**
 * Adds skills to their learners, in the caller's transaction: a skill a learner already holds
 * (by its key) is left as it is, so its first gain stands. Returns the rows written.
 */
export async function addSkills(db: Kysely<Database>, gains: readonly GainedSkills[]): Promise<number> {
  const rows = skillRows(gains);
  let written = 0;
  for (let at = 0; at < rows.length; at += ROWS_PER_INSERT) {
    const result = await db
      .insertInto("learner_skills")
      .values(rows.slice(at, at + ROWS_PER_INSERT))
      .onConflict((oc) => oc.columns(["user_id", "name_key"]).doNothing())
      .executeTakeFirst();
    written += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return written;
}

/** The learner's skills, the latest gained first. */
export async function skillsOf(db: Kysely<Database>, userId: number): Promise<ProfileSkill[]> {
  const rows = await db
    .selectFrom("learner_skills")
    .select(["id", "name", "gained_at", "source_type", "source_id", "source_title"])
    .where("user_id", "=", userId)
    .orderBy("gained_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    gained_at: row.gained_at,
    source: { type: row.source_type, id: row.source_id, title: row.source_title },
  }));
}

/**
 * The learners of some applications to learning events, just marked complete, gain their events'
 * skills (as completing a course gives its skills), in the caller's transaction. A guest without
 * an account has nobody to give them to.
 */
export async function gainEventSkills(db: Kysely<Database>, applicationIds: readonly number[], at: string) {
  if (applicationIds.length === 0) return 0;
  const rows = await db
    .selectFrom("applications as a")
    .innerJoin("learning_events as e", "e.id", "a.learning_event_id")
    .select(["a.user_id", "a.institution_id", "e.id", "e.title", "e.skills"])
    .where("a.id", "in", applicationIds)
    .where("a.user_id", "is not", null)
    .execute();
  return addSkills(
    db,
    rows.map((row) => ({
      userId: row.user_id as number,
      institutionId: row.institution_id,
      names: labelsIn(row.skills),
      at,
      source: { type: "learning-event" as const, id: row.id, title: row.title },
    })),
  );
}

/** A JSON list column of labels (skills, tags, steps) as a list of strings (anything else: none). */
export function labelsIn(stored: unknown): string[] {
  if (typeof stored !== "string") return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((value): value is string => typeof value === "string") : [];
  } catch {
    return [];
  }
}

/** The names of a learner's skills as the match counts them: their profile's skills and preferences, and the skills they gained. */
export async function learnerSkillNames(db: Kysely<Database>, userId: number): Promise<string[]> {
  const [user, gained] = await Promise.all([
    db.selectFrom("users").select(["skills", "preferences"]).where("id", "=", userId).executeTakeFirst(),
    db.selectFrom("learner_skills").select("name").where("user_id", "=", userId).execute(),
  ]);
  return [...labelsIn(user?.skills), ...labelsIn(user?.preferences), ...gained.map((row) => row.name)];
}
