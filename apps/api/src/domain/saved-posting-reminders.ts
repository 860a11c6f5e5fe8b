import {
  APPLICATIONS_CLOSE_ON,
  lastDayToApply,
  POSTING_RESOURCES,
  POSTING_TYPES,
  type PostingType,
  RESOURCES,
} from "@csc/shared";
import { type Kysely, sql } from "kysely";
import type { Database } from "../platform/db/schema.js";
import { nowIso } from "../platform/time.js";
import { openAt, POSTING_COLUMN } from "../resources/postings/open.js";
import { notifyWith } from "./notifications.js";
import { postingPagePath } from "./site-mail.js";

/** Saved postings one statement reads, and at most per posting type in one pass. */
const PER_READ = 500;
const MOST_PER_PASS = 20_000;

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The day before a posting a learner saved stops taking applications (its last day to apply is
 * tomorrow, in UTC as the closing rule reads it: shared application-window.ts), the learner is
 * reminded, unless they have applied: in their bell and by mail as they chose for
 * `saved-posting-deadline`. A saved posting nobody could remind of the day before (no process ran
 * that day, or it was saved on its last day) is reminded of on its last day, saying so ("closes
 * today"). Each saved posting is reminded of once per last day (`reminded_for`, set by the
 * statement that takes it, so two processes never remind twice). A posting they may no longer
 * read is not told of (notify checks their reach). Answers how many were reminded.
 */
export async function remindSavedDeadlines(
  db: Kysely<Database>,
  config: { localesDir: string; jwtSecret: string },
  now: Date = new Date(),
): Promise<number> {
  const today = dayOf(now.getTime());
  const tomorrow = dayOf(now.getTime() + DAY_MS);
  const dayAfter = dayOf(now.getTime() + 2 * DAY_MS);
  let reminded = 0;
  for (const type of POSTING_TYPES) {
    reminded += await remindOfType(db, config, type, { now, lastDay: tomorrow, dayAfter });
    reminded += await remindOfType(db, config, type, { now, lastDay: today, dayAfter: tomorrow, variant: "today" });
  }
  return reminded;
}

/** The saved postings whose last day to apply is `lastDay` (`dayAfter` the next), as of `now`. */
interface Reminding {
  now: Date;
  lastDay: string;
  dayAfter: string;
  /** The words of a reminder on the last day itself (api.json `notifications.kinds`): "closes today". */
  variant?: "today";
}

async function remindOfType(
  db: Kysely<Database>,
  config: { localesDir: string; jwtSecret: string },
  type: PostingType,
  days: Reminding,
): Promise<number> {
  const column = POSTING_COLUMN[type];
  const table = RESOURCES[POSTING_RESOURCES[type]].table;
  const closing = APPLICATIONS_CLOSE_ON[type].map(({ field }) => field);
  let reminded = 0;
  for (let read = 0; read < MOST_PER_PASS; read += PER_READ) {
    // saved postings one of whose closing fields falls on the last day (a day `2026-12-01` or a
    // moment `2026-12-01T…Z`, compared as text), still open, not yet reminded of that day, not applied to
    const candidates = await db
      .selectFrom("saved_postings as s")
      // biome-ignore lint/suspicious/noExplicitAny: posting tables are chosen at run time from the registry
      .innerJoin(`${table} as r` as any, "r.id", `s.${column}`)
      .select(["s.id as id", "s.user_id as user_id", "s.origin as origin", "r.id as posting_id", "r.title as title"])
      .select(closing.map((field) => `r.${field} as ${field}`) as never[])
      .where("s.posting_type", "=", type)
      // biome-ignore lint/suspicious/noExplicitAny: as above
      .where((eb: any) =>
        eb.and([
          eb.or(
            closing.map((field) =>
              eb.and([eb(`r.${field}`, ">=", days.lastDay), eb(`r.${field}`, "<", days.dayAfter)]),
            ),
          ),
          openAt(type, days.now)(eb),
          eb.or([eb("s.reminded_for", "is", null), eb("s.reminded_for", "!=", days.lastDay)]),
          eb.not(
            eb.exists(
              eb
                .selectFrom("applications as a")
                .select(sql`1`.as("one"))
                .where(`a.${column}`, "=", eb.ref(`s.${column}`))
                .where("a.user_id", "=", eb.ref("s.user_id"))
                .where("a.withdrawn_at", "is", null),
            ),
          ),
        ]),
      )
      .orderBy("s.id")
      .limit(PER_READ)
      .execute();
    if (candidates.length === 0) break;
    reminded += await db.transaction().execute(async (trx) => {
      // only the rows this statement takes are this pass's: another process may have taken the rest
      const taken = await trx
        .updateTable("saved_postings")
        .set({ reminded_for: days.lastDay })
        .where(
          "id",
          "in",
          candidates.map((row) => Number(row.id)),
        )
        .where((eb) => eb.or([eb("reminded_for", "is", null), eb("reminded_for", "!=", days.lastDay)]))
        .returning("id")
        .execute();
      const mine = new Set(taken.map((row) => row.id));
      const at = nowIso();
      let told = 0;
      for (const row of candidates) {
        // a posting whose earlier closing field passes first closes before that day: no reminder
        if (!mine.has(Number(row.id)) || lastDayToApply(type, row) !== days.lastDay) continue;
        told += await notifyWith(
          trx,
          { ...config, originOf: () => String(row.origin) },
          [
            {
              userId: Number(row.user_id),
              kind: "saved-posting-deadline",
              params: { posting: String(row.title ?? ""), ...(days.variant ? { variant: days.variant } : {}) },
              link: postingPagePath(type, Number(row.posting_id)),
              about: { resource: POSTING_RESOURCES[type], id: Number(row.posting_id) },
            },
          ],
          { at },
        );
      }
      return told;
    });
    if (candidates.length < PER_READ) break;
  }
  return reminded;
}
