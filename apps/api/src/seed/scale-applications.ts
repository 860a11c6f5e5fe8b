import { firstStageOf } from "@csc/shared";
import type { Kysely } from "kysely";
import type { Database } from "../platform/db/schema.js";
import {
  type IdsAbove,
  insertApplications,
  loadApplicants,
  loadPostings,
  type PlannedApplication,
  planApplication,
  type SeedApplicant,
  type SeedPosting,
  StageDecks,
  staffOf,
} from "./applications.js";
import { APPLICATIONS } from "./applications-data.js";
import { DAY, type Random, type SeedContext } from "./catalogue.js";

/**
 * The applications of `npm run seed -- --scale N`: about ten per added learner, to
 * the postings the same run added that the learner may apply to and that were open after their
 * account was made. A few postings draw many applicants and most draw few (a skewed pick), and one
 * published, open opportunity of the demo recruiter company draws almost a third of all learners:
 * the bench's largest posting. Rows and histories are those of the demo seed (applications.ts).
 */

/** Applications per added learner, on average. */
const APPLICATIONS_PER_LEARNER = 10;
/** Share of the added learners who apply to the largest posting. */
const LARGEST_POSTING_SHARE = 0.3;
/**
 * How skewed the pick of postings is: 1 is even, higher piles applicants onto fewer postings. A
 * short list is picked evenly (its most popular posting would otherwise outgrow the largest one).
 */
const POPULARITY_SKEW = 1.5;
const skewOf = (postings: number) => Math.min(POPULARITY_SKEW, Math.max(1, Math.log(postings) / Math.log(100)));
/** Learners planned and written at a time: their applications are held in memory until then. */
const LEARNERS_PER_ROUND = 1_000;

/** Whether a learner could have applied: the posting is theirs to apply to and closed after their account was made. */
const canApply = (posting: SeedPosting, learner: SeedApplicant) =>
  (posting.onlyInstitution === null || posting.onlyInstitution === learner.institution_id) &&
  posting.closes > learner.created + DAY;

/** The posting everyone applies to: a published, open opportunity of the recruiter company, else any published one. */
function largestOf(postings: readonly SeedPosting[]): SeedPosting | null {
  const jobs = postings.filter((p) => p.type === "job-opportunity" && p.published && p.onlyInstitution === null);
  return (
    jobs.find((p) => p.owner === "recruiter" && p.timing === "open") ??
    jobs.find((p) => p.timing === "open") ??
    jobs[0] ??
    null
  );
}

function shuffled<T>(r: Random, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r.next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * Adds applications of the learners with ids above `learnersAbove` to the postings above
 * `postingsAbove`, in batches of `batch`, in the caller's transaction. Returns the rows written.
 */
export async function seedScaleApplications(
  db: Kysely<Database>,
  ctx: SeedContext,
  r: Random,
  options: { learnersAbove: number; postingsAbove: IdsAbove; batch: number },
): Promise<{ applications: number; application_history: number }> {
  const postings = await loadPostings(db, ctx, options.postingsAbove);
  const learners = await loadApplicants(db, options.learnersAbove);
  const written = { applications: 0, application_history: 0 };
  if (postings.length === 0 || learners.length === 0) return written;

  const staff = staffOf(ctx);
  const decks = new StageDecks(r);
  const largest = largestOf(postings);
  // each institution's learners pick from what they may apply to, in an order of popularity of its own
  const pools = new Map<number | null, SeedPosting[]>();
  const poolOf = (learner: SeedApplicant) => {
    let pool = pools.get(learner.institution_id);
    if (!pool) {
      const open = postings.filter((p) => p.onlyInstitution === null || p.onlyInstitution === learner.institution_id);
      pool = shuffled(r, open);
      pools.set(learner.institution_id, pool);
    }
    return pool;
  };

  for (let start = 0; start < learners.length; start += LEARNERS_PER_ROUND) {
    const planned: PlannedApplication[] = [];
    for (const learner of learners.slice(start, start + LEARNERS_PER_ROUND)) {
      const pool = poolOf(learner);
      const skew = skewOf(pool.length);
      const chosen = new Set<SeedPosting>();
      if (largest && r.chance(LARGEST_POSTING_SHARE) && canApply(largest, learner)) chosen.add(largest);
      const wanted = r.int(APPLICATIONS_PER_LEARNER - 3, APPLICATIONS_PER_LEARNER + 3);
      for (let tries = 0; chosen.size < wanted && tries < wanted * 4; tries++) {
        const posting = pool[Math.floor(pool.length * r.next() ** skew)];
        if (posting && canApply(posting, learner)) chosen.add(posting);
      }
      for (const posting of chosen) {
        const stage = decks.deal(posting.type, posting.timing);
        const withdrawn = stage === firstStageOf(posting.type) && r.chance(APPLICATIONS.withdrawnShare);
        planned.push(planApplication(r, ctx, staff[posting.owner], posting, learner, stage, { withdrawn }));
      }
    }
    const counts = await insertApplications(db, planned, options.batch);
    written.applications += counts.applications;
    written.application_history += counts.application_history;
  }
  return written;
}
