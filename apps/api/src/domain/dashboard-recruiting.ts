import type { DashboardRecruiting, PostingType } from "@csc/shared";
import type { Kysely } from "kysely";
import type { Database } from "../platform/db/schema.js";
import { OPEN } from "../resources/postings/open.js";

/** The posting tables a recruiter company owns rows of, by the posting type their applications name. */
const RECRUITER_POSTINGS = [
  ["learning-event", "learning_events"],
  ["job-opportunity", "job_opportunities"],
  ["scholarship", "scholarships"],
] as const satisfies readonly (readonly [PostingType, keyof Database])[];

/**
 * A recruiter's own numbers for their dashboard, as the pipeline stands: their postings (open =
 * published and taking applications by the same rule the apply command uses), and their hires
 * (applications to their postings at the `hired` stage, not withdrawn).
 */
export async function recruitingOf(db: Kysely<Database>, recruiterId: number): Promise<DashboardRecruiting> {
  const postings = await Promise.all(
    RECRUITER_POSTINGS.map(async ([type, table]) => {
      const owned = db.selectFrom(`${table} as r` as "learning_events as r").where("r.recruiter_id", "=", recruiterId);
      const [total, open] = await Promise.all([
        owned.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
        owned
          .where("r.publish_status", "=", 1)
          .where((eb) => OPEN[type](eb as never))
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
      ]);
      return { total: Number(total.n), open: Number(open.n) };
    }),
  );
  const hires = await db
    .selectFrom("applications as a")
    .where("a.stage", "=", "hired")
    .where("a.withdrawn_at", "is", null)
    .where((eb) =>
      eb.or([
        eb(
          "a.learning_event_id",
          "in",
          eb.selectFrom("learning_events").select("id").where("recruiter_id", "=", recruiterId),
        ),
        eb(
          "a.job_opportunity_id",
          "in",
          eb.selectFrom("job_opportunities").select("id").where("recruiter_id", "=", recruiterId),
        ),
        eb(
          "a.scholarship_id",
          "in",
          eb.selectFrom("scholarships").select("id").where("recruiter_id", "=", recruiterId),
        ),
      ]),
    )
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return {
    postingsOpen: postings.reduce((sum, p) => sum + p.open, 0),
    postingsTotal: postings.reduce((sum, p) => sum + p.total, 0),
    hires: Number(hires.n),
  };
}
