// The applicant pipeline at scale, part of `npm run bench` (lists.mjs), on the `--scale`
// database through the real app (fastify inject):
// 1. the applicant list of the largest posting, filtered by stage and sorted by applied date, as
//    provider staff and as the posting's owner (whose reach goes through the posting): median and
//    95th percentile, over budget when a median is; with the result cache (as the app serves) and
//    without it (what the query itself costs: every request reads SQLite);
// 2. a bulk stage change of 1,000 of its applicants by the owner's admin: the time of the call, of
//    the mails it sends after commit, and a check that every row and history row was written.
import { performance } from "node:perf_hooks";

export const LIST_BUDGET_MS = 20;
export const BULK_BUDGET_MS = 1_000;
const BULK_SIZE = 1_000;

const POSTING_COLUMNS = ["job_opportunity_id", "learning_event_id", "scholarship_id"];
const RESOURCE_OF = {
  job_opportunity_id: "job_opportunities",
  learning_event_id: "learning_events",
  scholarship_id: "scholarships",
};
/** The demo admin of each owner, and the site they sign in on. */
const OWNER_ADMINS = {
  kmc: ["college.admin@example.com", "kmc.localhost"],
  himal: ["company.admin@example.com", "himal.localhost"],
  recruiter: ["recruiter.admin@example.com", "recruiter.localhost"],
};

const round1 = (value) => Math.round(value * 10) / 10;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** The posting with the most applications: its column, id, count and owner. */
async function largestPosting(db) {
  let best = null;
  for (const column of POSTING_COLUMNS) {
    const row = await db
      .selectFrom("applications")
      .select([column, (eb) => eb.fn.countAll().as("n")])
      .where(column, "is not", null)
      .groupBy(column)
      .orderBy("n", "desc")
      .limit(1)
      .executeTakeFirst();
    if (row && (!best || Number(row.n) > best.count)) best = { column, id: row[column], count: Number(row.n) };
  }
  if (!best) throw new Error("no applications: seed with --scale first");
  const posting = await db
    .selectFrom(RESOURCE_OF[best.column])
    .select(["title", "institution_id", "recruiter_id"])
    .where("id", "=", best.id)
    .executeTakeFirstOrThrow();
  const institution = posting.institution_id
    ? await db
        .selectFrom("institutions")
        .select("subdomain")
        .where("id", "=", posting.institution_id)
        .executeTakeFirst()
    : null;
  const owner = institution?.subdomain ?? (posting.recruiter_id ? "recruiter" : "provider");
  return { ...best, title: posting.title, owner };
}

/** The median and p95 of `rounds` calls of `url` (after a warm-up), failing on any answer but 200. */
async function timeList(app, name, url, headers, rounds) {
  for (let i = 0; i < 3; i++) await app.inject({ url, headers });
  const times = [];
  const cpu = [];
  let total = 0;
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const res = await app.inject({ url, headers });
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    total = Number(res.headers["x-total-count"]);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  // the CPU time this process spent on a request: its cost, without the waits of a busy machine
  const cpuMedianMs = round1(percentile(cpu, 50));
  return {
    name,
    url,
    medianMs: round1(percentile(times, 50)),
    p95Ms: round1(percentile(times, 95)),
    cpuMedianMs,
    rows: total,
  };
}

/**
 * Runs both parts on `app` (seeded at scale); `uncachedApp` is the same database opened with
 * RESULT_CACHE=false. `token(email, host)` signs a demo account in.
 */
export async function applicationsBench({ app, uncachedApp, token, rounds }) {
  const db = app.db;
  const posting = await largestPosting(db);
  const stages = await db
    .selectFrom("applications")
    .select(["stage", (eb) => eb.fn.countAll().as("n")])
    .where(posting.column, "=", posting.id)
    .groupBy("stage")
    .orderBy("n", "desc")
    .execute();
  console.log(
    `\napplicant pipeline: largest posting ${RESOURCE_OF[posting.column]} ${posting.id} "${posting.title}" (${posting.owner}), ${posting.count} applications;`,
    `stages ${stages.map((s) => `${s.stage} ${s.n}`).join(", ")}`,
  );

  const sessions = [["provider staff", "superadmin@example.com", "localhost"]];
  const ownerAdmin = OWNER_ADMINS[posting.owner];
  if (ownerAdmin) sessions.push([`owner (${posting.owner})`, ...ownerAdmin]);
  // the largest stage, and a small one: the filter's two ends
  const picked = [...new Set([stages[0]?.stage, stages.at(-1)?.stage])].filter(Boolean);
  const cases = [];
  for (const [who, email, host] of sessions) {
    const headers = { host, authorization: `Bearer ${await token(email, host)}` };
    for (const stage of picked) {
      const url = `/api/applications?${posting.column}=${posting.id}&stage=${stage}&_sort=applied_at&_order=desc&_start=0&_end=20`;
      cases.push({ ...(await timeList(app, `${who}, ${stage}`, url, headers, rounds)), cache: true });
      cases.push({ ...(await timeList(uncachedApp, `${who}, ${stage}`, url, headers, rounds)), cache: false });
    }
  }
  console.log(
    `\n${"applicant list (first 20)".padEnd(46)} ${"cache".padStart(6)} ${"median ms".padStart(10)} ${"p95 ms".padStart(8)} ${"CPU ms".padStart(8)} ${"rows".padStart(8)}`,
  );
  for (const c of cases) {
    console.log(
      `${c.name.padEnd(46)} ${(c.cache ? "on" : "off").padStart(6)} ${String(c.medianMs).padStart(10)} ${String(c.p95Ms).padStart(8)} ${String(c.cpuMedianMs).padStart(8)} ${String(c.rows).padStart(8)}${c.medianMs > LIST_BUDGET_MS ? "  over budget" : ""}`,
    );
  }

  const bulk = await bulkChange(app, posting, token);
  return { posting, stages, lists: { budgetMs: LIST_BUDGET_MS, rounds, cases }, bulk };
}

/** The owner's admin (provider staff for the provider's posting) moves 1,000 undecided applicants on. */
async function bulkChange(app, posting, token) {
  const db = app.db;
  const [email, host] = OWNER_ADMINS[posting.owner] ?? ["superadmin@example.com", "localhost"];
  const headers = { host, authorization: `Bearer ${await token(email, host)}` };
  // a stage of the posting's variant that most of its applicants are not in yet
  const to = posting.column === "job_opportunity_id" ? "phone_screening_completed" : "shortlisted";
  const ids = (
    await db
      .selectFrom("applications")
      .select("id")
      .where(posting.column, "=", posting.id)
      .where("stage", "!=", to)
      .where("withdrawn_at", "is", null)
      .orderBy("id")
      .limit(BULK_SIZE)
      .execute()
  ).map((row) => row.id);
  if (ids.length < BULK_SIZE) throw new Error(`bulk: only ${ids.length} applications to move to ${to}`);
  const outboxBefore = await countOf(db, "mail_outbox");
  const historyBefore = await countOf(db, "application_history");

  // the mails go out after commit, within the call: their share of its time, timed where the app sends them
  let mailMs = 0;
  let mails = 0;
  const sendMail = app.sendMail;
  app.sendMail = async (mail) => {
    const start = performance.now();
    try {
      return await sendMail.call(app, mail);
    } finally {
      mailMs += performance.now() - start;
      mails += Array.isArray(mail) ? mail.length : 1;
    }
  };
  const note = `bench ${new Date().toISOString()}`;
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const res = await app.inject({
    method: "POST",
    url: "/api/applications/bulk",
    headers,
    payload: { ids, stage: to, note },
  });
  const callMs = performance.now() - start;
  const result = { via: "POST /api/applications/bulk", status: res.statusCode, callMs: round1(callMs) };
  if (res.statusCode !== 200)
    console.log(`bulk: ${BULK_SIZE} ids answered ${res.statusCode} ${res.body.slice(0, 200)}`);
  app.sendMail = sendMail;
  const cpu = process.cpuUsage(cpuStart);
  result.cpuMs = round1((cpu.user + cpu.system) / 1000);

  const written = await db
    .selectFrom("applications")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("id", "in", ids)
    .where("stage", "=", to)
    .executeTakeFirstOrThrow();
  const history = await db
    .selectFrom("application_history")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("application_id", "in", ids)
    .where("field", "=", "stage")
    .where("to_value", "=", to)
    .where("note", "=", note)
    .executeTakeFirstOrThrow();
  Object.assign(result, {
    ids: ids.length,
    to,
    mailMs: round1(mailMs),
    commitMs: round1(result.callMs - mailMs),
    mails,
    rowsChanged: Number(written.n),
    historyRows: Number(history.n),
    historyAdded: (await countOf(db, "application_history")) - historyBefore,
    outboxAdded: (await countOf(db, "mail_outbox")) - outboxBefore,
    budgetMs: BULK_BUDGET_MS,
  });
  result.ok =
    result.status === 200 &&
    result.rowsChanged === BULK_SIZE &&
    result.historyRows === BULK_SIZE &&
    result.callMs <= BULK_BUDGET_MS;
  console.log(
    `\nbulk stage change of ${BULK_SIZE} (to ${to}) via ${result.via}: ${result.callMs} ms` +
      ` (CPU ${result.cpuMs} ms; mails after commit ${result.mailMs} ms for ${result.mails}), rows changed ${result.rowsChanged},` +
      ` history rows ${result.historyRows}, outbox +${result.outboxAdded}${result.callMs > BULK_BUDGET_MS ? "  over budget" : ""}`,
  );
  return result;
}

async function countOf(db, table) {
  const { n } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}
