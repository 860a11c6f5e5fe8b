// The placement-day load (`npm run test:long`, and part `placement-day` of `npm run bench`): 200
// simulated people on loopback for a fixed time — students signing in, browsing, applying and
// withdrawing; staff and recruiters listing, filtering, bulk-moving and exporting applicants;
// everyone opening dashboards — against the built API (scripts/cluster.mjs: one process, or several
// on PostgreSQL behind HAProxy), optionally SIGKILLing a process again and again meanwhile. Then it
// reads the database itself and says what it found: every acknowledged write is there, no
// application is half-changed, the dashboards' counts are the rows' counts, the mail of every
// acknowledged write arrived once, and the memory the servers hold at the end against after warm-up.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { APPLICANT_STAGES, firstStageOf, LEARNER_STAGES } from "@csc/shared";
import { MEMORY_REPORT_MESSAGE, MEMORY_REPORT_SIGNAL } from "../../apps/api/dist/platform/memory-report.js";
import { startCluster } from "../../scripts/cluster.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const PASSWORD = "CareerDemo#2026";
const POSTGRES_URL = process.env.TEST_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";
/** The college the load happens at, and its site. */
const COLLEGE = { id: 1, site: "kmc.localhost" };
const RECRUITER = { id: 1, site: "recruiter.localhost" };
/** Marks the mail and notes of this run's changes, so that the checks find exactly theirs. */
const NOTE_PREFIX = "placement-day";
const POSTING_KINDS = [
  { type: "job-opportunity", path: "job-opportunities", table: "job_opportunities", column: "job_opportunity_id" },
  { type: "learning-event", path: "learning-events", table: "learning_events", column: "learning_event_id" },
  { type: "scholarship", path: "scholarship", table: "scholarships", column: "scholarship_id" },
];
const kindOf = (type) => POSTING_KINDS.find((kind) => kind.type === type);
const stagesOf = (type) => (type === "job-opportunity" ? APPLICANT_STAGES : LEARNER_STAGES);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const between = (low, high) => low + Math.random() * (high - low);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const round1 = (value) => Math.round(value * 10) / 10;

/** The database's rows, read directly (not through the API): SQLite by better-sqlite3, PostgreSQL by pg. */
async function openRows(databaseUrl) {
  if (databaseUrl.startsWith("sqlite:")) {
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(databaseUrl.slice("sqlite:".length));
    db.pragma("busy_timeout = 10000");
    return {
      all: async (text, params = []) => db.prepare(text).all(...params),
      run: async (text, params = []) => void db.prepare(text).run(...params),
      close: async () => db.close(),
    };
  }
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const numbered = (text) => {
    let n = 0;
    return text.replace(/\?/g, () => `$${++n}`);
  };
  return {
    all: async (text, params = []) => (await pool.query(numbered(text), params)).rows,
    run: async (text, params = []) => void (await pool.query(numbered(text), params)),
    close: () => pool.end(),
  };
}

/** A database of its own for one run: an SQLite file, or a PostgreSQL database dropped by `drop()`. */
async function createDatabase(engine, dir) {
  if (engine === "sqlite") return { url: `sqlite:${join(dir, "placement-day.sqlite")}`, drop: async () => {} };
  const name = `csc_placement_day_${randomBytes(4).toString("hex")}`;
  const admin = await openRows(POSTGRES_URL);
  await admin.run(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = await openRows(POSTGRES_URL);
      await again.run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.close();
    },
  };
}

/**
 * The people of the day, made before the load (not measured): copies of the demo's student,
 * college editor and recruiter editor with their own e-mail addresses, each with the password
 * hashed as the server hashes it at `hashCost`.
 */
async function makePeople(rows, { students, staff, recruiters, hashCost }) {
  const { hashPassword } = await import("../../apps/api/dist/platform/password.js");
  const passwordHash = await hashPassword(PASSWORD, hashCost);
  const [template] = await rows.all("SELECT * FROM users WHERE email = ?", ["student@example.com"]);
  const columns = Object.keys(template).filter((column) => column !== "id");
  const copy = async (from, email, fullName) => {
    const values = columns.map((column) =>
      column === "email" ? "?" : column === "full_name" ? "?" : column === "password_hash" ? "?" : column,
    );
    await rows.run(
      `INSERT INTO users (${columns.join(", ")}) SELECT ${values.join(", ")} FROM users WHERE email = ?`,
      columns
        .filter((column) => ["email", "full_name", "password_hash"].includes(column))
        .map((column) => (column === "email" ? email : column === "full_name" ? fullName : passwordHash))
        .concat(from),
    );
  };
  const people = [];
  const add = async (count, role, from, site) => {
    for (let i = 1; i <= count; i++) {
      const email = `${NOTE_PREFIX}.${role}${i}@example.com`;
      await copy(from, email, `Placement ${role} ${i}`);
      people.push({ role, email, site });
    }
  };
  await add(students, "student", "student@example.com", COLLEGE.site);
  await add(staff, "staff", "college.editor@example.com", COLLEGE.site);
  await add(recruiters, "recruiter", "recruiter.editor@example.com", RECRUITER.site);
  return people;
}

/** The published postings the college's staff and the recruiter's people manage. */
async function managedPostings(rows) {
  const postings = { staff: [], recruiter: [] };
  for (const kind of POSTING_KINDS) {
    for (const row of await rows.all(
      `SELECT id, institution_id, ${kind.table === "scholarships" ? "NULL AS recruiter_id" : "recruiter_id"} FROM ${kind.table}`,
    )) {
      const posting = { type: kind.type, id: Number(row.id) };
      if (Number(row.institution_id) === COLLEGE.id) postings.staff.push(posting);
      if (Number(row.recruiter_id) === RECRUITER.id) postings.recruiter.push(posting);
    }
  }
  return postings;
}

/** Per kind of request: how many, how many failed, how long each took. */
class Tally {
  kinds = new Map();
  add(kind, answer, ok) {
    let entry = this.kinds.get(kind);
    if (!entry) {
      entry = { requests: 0, errors: 0, statuses: {}, ms: [], failures: new Map() };
      this.kinds.set(kind, entry);
    }
    entry.requests++;
    entry.ms.push(answer.ms);
    entry.statuses[answer.status] = (entry.statuses[answer.status] ?? 0) + 1;
    if (!ok) {
      entry.errors++;
      // who answered what: the API's `{ message }`, or the balancer's own page
      const said = `${answer.status} ${
        answer.json?.message ??
        String(answer.text ?? "")
          .replace(/<[^>]*>|\s+/g, " ")
          .trim()
          .slice(0, 80)
      }`;
      entry.failures.set(said, (entry.failures.get(said) ?? 0) + 1);
    }
  }
  failures() {
    return [...this.kinds].flatMap(([kind, entry]) =>
      [...entry.failures].map(([said, count]) => ({ kind, count, answer: said })),
    );
  }
  table() {
    return [...this.kinds].map(([kind, entry]) => {
      const sorted = entry.ms.sort((a, b) => a - b);
      return {
        kind,
        requests: entry.requests,
        errors: entry.errors,
        "p50 ms": round1(percentile(sorted, 50)),
        "p99 ms": round1(percentile(sorted, 99)),
        statuses: Object.entries(entry.statuses)
          .map(([status, count]) => `${count}×${status}`)
          .join(" "),
      };
    });
  }
  get requests() {
    return [...this.kinds.values()].reduce((sum, entry) => sum + entry.requests, 0);
  }
  get errors() {
    return [...this.kinds.values()].reduce((sum, entry) => sum + entry.errors, 0);
  }
}

/**
 * Lets the load stand still for a moment: `during(work)` holds everyone's next request, waits
 * until the requests under way are answered, does the work and lets the people go on. The memory
 * reports after warm-up are made so: a full collection stops a process for about 0.2 s, which
 * would otherwise be the wait of whichever requests it met, in the figures of a load that does not
 * make it.
 */
class Pause {
  underWay = 0;
  held = null;
  async around(request) {
    while (this.held) await this.held;
    this.underWay++;
    try {
      return await request();
    } finally {
      this.underWay--;
    }
  }
  async during(work) {
    let release = () => {};
    this.held = new Promise((resolve) => {
      release = resolve;
    });
    try {
      // a request ends within its 30 s timeout
      const latest = Date.now() + 35_000;
      while (this.underWay > 0 && Date.now() < latest) await sleep(10);
      return await work();
    } finally {
      this.held = null;
      release();
    }
  }
}

/** One request as a browser makes it: the person's own connection and address, the site in Host. */
function send(origin, person, method, path, body) {
  const { hostname, port } = new URL(origin);
  const payload = body === undefined ? null : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (status, text = "", headers = {}) => {
      if (settled) return;
      settled = true;
      let json = null;
      if (String(headers["content-type"] ?? "").includes("json")) {
        try {
          json = JSON.parse(text);
        } catch {
          json = null;
        }
      }
      resolve({
        status,
        json,
        text: json === null ? text.slice(0, 300) : "",
        headers,
        ms: performance.now() - started,
      });
    };
    const request = httpRequest(
      {
        host: hostname,
        port,
        method,
        path: `/api${path}`,
        agent: person.agent,
        timeout: 30_000,
        headers: {
          host: `${person.site}:${port}`,
          ...(person.token ? { authorization: `Bearer ${person.token}` } : {}),
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => done(res.statusCode ?? 0, Buffer.concat(chunks).toString("utf8"), res.headers));
        res.on("error", () => done(0));
        res.on("aborted", () => done(0));
      },
    );
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", () => done(0));
    request.end(payload ?? undefined);
  });
}

/**
 * What the people do. Each is a bounded loop with think time until `until()` says stop; every
 * answer is tallied by kind, and every acknowledged write is kept with what it must have left in
 * the database. An answer the product gives on purpose (409 already applied, 404 closed, 409
 * decided meanwhile) is a refusal, not an error.
 */
function placementDay({ origin, people, postings, tally, acknowledged, until, pause, runId }) {
  let notes = 0;
  const ask = async (person, kind, method, path, body, expected = []) => {
    const answer = await pause.around(() => send(origin, person, method, path, body));
    const ok = (answer.status >= 200 && answer.status < 300) || expected.includes(answer.status);
    tally.add(kind, answer, ok);
    // a revoked or expired session signs in again, as the admin does
    if (answer.status === 401) person.token = null;
    return answer;
  };
  const signIn = async (person) => {
    const answer = await ask(person, "sign-in", "POST", "/auth/login", { email: person.email, password: PASSWORD });
    if (answer.status === 200) {
      person.token = answer.json?.data?.token ?? null;
      person.signedIn = true;
    }
    // a busy or throttled answer says when to come back, and the admin waits that long
    const retryAfter = Number(answer.headers?.["retry-after"] ?? 0);
    if (retryAfter > 0) await sleep(Math.min(retryAfter * 1000, until.remaining()));
  };
  const think = (low, high) => sleep(Math.min(between(low, high) * 1000, Math.max(0, until.remaining())));

  const student = async (person) => {
    const seen = [];
    while (!until.stopped()) {
      if (!person.token) {
        await signIn(person);
        if (!person.token) {
          await think(1, 3);
          continue;
        }
      }
      const roll = Math.random();
      if (roll < 0.3) {
        const kind = pick(POSTING_KINDS.slice(0, 2));
        const answer = await ask(person, "browse list", "GET", `/${kind.path}?_start=0&_end=10`);
        if (Array.isArray(answer.json)) for (const row of answer.json) seen.push({ type: kind.type, id: row.id });
      } else if (roll < 0.42 && seen.length > 0) {
        const posting = pick(seen);
        await ask(person, "browse one", "GET", `/${kindOf(posting.type).path}/${posting.id}`);
      } else if (roll < 0.62 && seen.length > 0) {
        const posting = pick(seen);
        const answer = await ask(
          person,
          "apply",
          "POST",
          `/${kindOf(posting.type).path}/${posting.id}/apply`,
          { note: "Placement day" },
          [404, 409],
        );
        if (answer.status === 201 && answer.json) {
          acknowledged.applies.push({
            id: answer.json.id,
            email: person.email,
            type: posting.type,
            postingId: posting.id,
          });
        }
      } else if (roll < 0.77) {
        const answer = await ask(person, "my applications", "GET", "/applications?_start=0&_end=25");
        person.applications = Array.isArray(answer.json) ? answer.json : [];
      } else if (roll < 0.88) {
        const open = (person.applications ?? []).filter(
          (row) => row.withdrawn_at === null && row.stage === firstStageOf(row.posting_type),
        );
        if (open.length > 0) {
          const row = pick(open);
          const answer = await ask(person, "withdraw", "POST", `/applications/${row.id}/withdraw`, undefined, [409]);
          if (answer.status === 200) acknowledged.withdrawals.push({ id: row.id });
          person.applications = person.applications.filter((other) => other.id !== row.id);
        }
      } else {
        await ask(person, "dashboard", "GET", "/dashboard");
      }
      if (Math.random() < 0.03) {
        await ask(person, "sign-out", "GET", "/logout");
        person.token = null;
      }
      await think(0.5, 2.5);
    }
  };

  const staff = async (person, managed) => {
    let page = [];
    while (!until.stopped()) {
      if (!person.token) {
        await signIn(person);
        if (!person.token) {
          await think(1, 3);
          continue;
        }
      }
      const posting = pick(managed);
      const { column } = kindOf(posting.type);
      const roll = Math.random();
      if (roll < 0.3) {
        const answer = await ask(
          person,
          "list applicants",
          "GET",
          `/applications?${column}=${posting.id}&_start=0&_end=25&_sort=applied_at&_order=desc`,
        );
        if (Array.isArray(answer.json)) page = answer.json;
      } else if (roll < 0.5) {
        const query =
          Math.random() < 0.5 ? `stage=${pick(stagesOf(posting.type))}` : `q=${pick(["placement", "a", "sh"])}`;
        await ask(
          person,
          "filter applicants",
          "GET",
          `/applications?${column}=${posting.id}&${query}&_start=0&_end=25`,
        );
      } else if (roll < 0.7) {
        const movable = page.filter((row) => row.withdrawn_at === null);
        if (movable.length > 0) {
          const ids = [...new Set(Array.from({ length: Math.min(5, movable.length) }, () => pick(movable).id))];
          const type = movable.find((row) => row.id === ids[0]).posting_type;
          const sameType = ids.filter((id) => movable.find((row) => row.id === id).posting_type === type);
          const note = `${NOTE_PREFIX}-${runId}-${++notes}`;
          const stage = pick(stagesOf(type));
          const answer = await ask(
            person,
            "bulk move",
            "POST",
            "/applications/bulk",
            { ids: sameType, stage, note },
            [409],
          );
          if (answer.status === 200 && answer.json?.data) {
            acknowledged.changes.push({ changeId: answer.json.data.change_id, ids: sameType, stage, note });
          }
        }
      } else if (roll < 0.8) {
        await ask(person, "export", "GET", `/applications/export?${column}=${posting.id}&format=csv`);
      } else {
        await ask(person, "dashboard", "GET", "/dashboard");
      }
      await think(1, 3);
    }
  };

  return Promise.all(
    people.map(async (person) => {
      // they arrive over the first twenty seconds: the morning's rush of sign-ins
      await sleep(Math.random() * 20_000);
      if (person.role === "student") await student(person);
      else await staff(person, person.role === "staff" ? postings.staff : postings.recruiter);
    }),
  );
}

/** How long a process has to write its memory report. */
const MEMORY_REPORT_SECONDS = 15;

/**
 * Each process's memory report (apps/api platform/memory-report.ts): asked for by its signal, read
 * from its log. It is the memory the process holds after a full collection; a reading without one
 * mostly says when V8 last collected (under this load a process's old generation grows by 2 MiB of
 * garbage a second and is collected every minute or two), which is not what a leak changes.
 * Answers `{ name, rssMiB, heapUsedMiB }` per member, with nulls when a report did not come.
 */
async function memoryReports(members) {
  return Promise.all(
    members.map(async (member) => {
      const from = statSync(member.logFile).size;
      const none = { name: member.name, rssMiB: null, heapUsedMiB: null };
      try {
        process.kill(member.pid, MEMORY_REPORT_SIGNAL);
      } catch {
        return none;
      }
      const latest = Date.now() + MEMORY_REPORT_SECONDS * 1000;
      while (Date.now() < latest) {
        await sleep(100);
        const line = readFileSync(member.logFile)
          .subarray(from)
          .toString("utf8")
          .split("\n")
          .find((l) => l.includes(`"msg":"${MEMORY_REPORT_MESSAGE}"`));
        if (line) {
          const { memory } = JSON.parse(line);
          return { name: member.name, rssMiB: memory.rssMiB, heapUsedMiB: memory.heapUsedMiB };
        }
      }
      return none;
    }),
  );
}

/** Sends mail that has come due, then waits until the queue is empty (or `seconds` pass). */
/**
 * Waits until the queue holds no mail but those given up before the run (`givenUp`: the demo's own,
 * kept for staff to see); answers how many others are still there.
 */
async function drainMail(rows, seconds, givenUp) {
  const deadline = Date.now() + seconds * 1000;
  let left = 0;
  while (Date.now() < deadline) {
    left = Number(
      (
        await rows.all(
          `SELECT count(*) AS n FROM mail_queue WHERE id NOT IN (${[0, ...givenUp].map(Number).join(", ")})`,
        )
      )[0].n,
    );
    if (left === 0) return 0;
    await sleep(500);
  }
  return left;
}

/** The dashboard's metrics counted from the rows themselves, in the answer's range, for the platform or one institution. */
async function metricsFromRows(rows, institutionId, range) {
  const upTo = new Date(Date.parse(`${range.to}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
  const count = async (table, at, condition) => {
    const scope = institutionId === null ? "" : ` AND institution_id = ${Number(institutionId)}`;
    const [row] = await rows.all(
      `SELECT count(*) AS n FROM ${table} WHERE ${at} >= ? AND ${at} < ? AND ${condition}${scope}`,
      [range.from, upTo],
    );
    return Number(row.n);
  };
  const enrolment = (condition) => count("enrolments", "enrolled_at", condition);
  const application = (condition) => count("applications", "applied_at", condition);
  return {
    courseEnrolled: await enrolment("item_type = 'course'"),
    courseCompleted: await enrolment("item_type = 'course' AND completed_at IS NOT NULL"),
    assessmentTaken: await count("assessment_attempts", "taken_at", "1 = 1"),
    internshipJobsApplied: await application("posting_type = 'job-opportunity' AND withdrawn_at IS NULL"),
    trainingJoined: await application("posting_type = 'learning-event' AND withdrawn_at IS NULL"),
    trainingCompleted: await application("posting_type = 'learning-event' AND completion_status = 'complete'"),
    certificateObtained:
      (await enrolment("certificate_code IS NOT NULL")) +
      (await application("posting_type = 'learning-event' AND certificate_code IS NOT NULL")),
    externalProgramsEnrolled: await enrolment("item_type = 'enrichment-program'"),
    skillsGained: await count("learner_skills", "gained_at", "1 = 1"),
  };
}

/** The open applicants by stage to an institution's own postings, counted from the rows. */
async function stagesFromRows(rows, institutionId) {
  const parts = POSTING_KINDS.map(
    (kind) =>
      `(posting_type = '${kind.type}' AND ${kind.column} IN (SELECT id FROM ${kind.table} WHERE institution_id = ${Number(institutionId)}))`,
  );
  const found = await rows.all(
    `SELECT posting_type, stage, count(*) AS n FROM applications WHERE withdrawn_at IS NULL AND (${parts.join(" OR ")}) GROUP BY posting_type, stage`,
  );
  return Object.fromEntries(found.map((row) => [`${row.posting_type}/${row.stage}`, Number(row.n)]));
}

/** The dashboards through the API (the balancer: any process) against the rows: each difference found. */
async function checkDashboards(origin, rows) {
  const problems = [];
  const readers = [
    { email: "superadmin@example.com", site: "localhost", institutionId: null, label: "platform" },
    { email: "college.admin@example.com", site: COLLEGE.site, institutionId: COLLEGE.id, label: "college" },
  ];
  for (const reader of readers) {
    const person = { ...reader, agent: new Agent({ keepAlive: false }) };
    const login = await send(origin, person, "POST", "/auth/login", { email: reader.email, password: PASSWORD });
    person.token = login.json?.data?.token;
    if (!person.token) {
      problems.push(`${reader.label} dashboard: sign-in answered ${login.status}`);
      continue;
    }
    const answer = await send(origin, person, "GET", "/dashboard?granularity=year");
    const data = answer.json?.data;
    if (!data) {
      problems.push(`${reader.label} dashboard: ${answer.status}`);
      continue;
    }
    const counted = await metricsFromRows(rows, reader.institutionId, data.range);
    for (const [metric, value] of Object.entries(counted)) {
      if (Number(data.metrics[metric]) !== value) {
        problems.push(`${reader.label} dashboard: ${metric} ${data.metrics[metric]}, the rows count ${value}`);
      }
    }
    if (reader.institutionId !== null) {
      const fromRows = await stagesFromRows(rows, reader.institutionId);
      const shown = Object.fromEntries(
        (data.stages ?? []).map((entry) => [`${entry.posting_type}/${entry.stage}`, Number(entry.count)]),
      );
      for (const key of new Set([...Object.keys(fromRows), ...Object.keys(shown)])) {
        if ((fromRows[key] ?? 0) !== (shown[key] ?? 0)) {
          problems.push(
            `${reader.label} dashboard: ${key} ${shown[key] ?? 0} applicants, the rows count ${fromRows[key] ?? 0}`,
          );
        }
      }
    }
    person.agent.destroy();
  }
  return problems;
}

/** Every acknowledged write, found in the database as it was acknowledged. */
async function checkAcknowledged(rows, acknowledged) {
  const problems = [];
  const byId = new Map();
  const ids = [...new Set([...acknowledged.applies.map((a) => a.id), ...acknowledged.withdrawals.map((w) => w.id)])];
  for (let at = 0; at < ids.length; at += 500) {
    const chunk = ids.slice(at, at + 500);
    for (const row of await rows.all(
      `SELECT a.id, a.posting_type, a.learning_event_id, a.job_opportunity_id, a.scholarship_id, a.withdrawn_at, u.email FROM applications a LEFT JOIN users u ON u.id = a.user_id WHERE a.id IN (${chunk.map(() => "?").join(",")})`,
      chunk,
    )) {
      byId.set(Number(row.id), row);
    }
  }
  for (const apply of acknowledged.applies) {
    const row = byId.get(apply.id);
    if (!row) problems.push(`application ${apply.id} (acknowledged apply) is missing`);
    else if (row.email !== apply.email || Number(row[kindOf(apply.type).column]) !== apply.postingId) {
      problems.push(`application ${apply.id}: not ${apply.email}'s to ${apply.type} ${apply.postingId}`);
    }
  }
  for (const withdrawal of acknowledged.withdrawals) {
    const row = byId.get(withdrawal.id);
    if (!row || row.withdrawn_at === null) problems.push(`application ${withdrawal.id}: acknowledged withdrawal lost`);
  }
  const changeIds = acknowledged.changes.map((change) => change.changeId).filter((id) => id !== null);
  const historyOf = new Map();
  const changesFound = new Set();
  for (let at = 0; at < changeIds.length; at += 500) {
    const chunk = changeIds.slice(at, at + 500);
    const marks = chunk.map(() => "?").join(",");
    for (const row of await rows.all(`SELECT id FROM application_changes WHERE id IN (${marks})`, chunk)) {
      changesFound.add(Number(row.id));
    }
    for (const row of await rows.all(
      `SELECT change_id, application_id, field, to_value FROM application_history WHERE change_id IN (${marks})`,
      chunk,
    )) {
      const key = `${row.change_id}/${row.application_id}`;
      historyOf.set(key, [...(historyOf.get(key) ?? []), row]);
    }
  }
  for (const change of acknowledged.changes) {
    if (change.changeId === null) continue;
    if (!changesFound.has(change.changeId)) {
      problems.push(`change ${change.changeId} (acknowledged bulk move) is missing`);
      continue;
    }
    for (const id of change.ids) {
      const history = historyOf.get(`${change.changeId}/${id}`) ?? [];
      const moved = history.some((row) => row.field === "stage" && row.to_value === change.stage);
      const noted = history.some((row) => row.field === "note");
      if (!moved && !noted) problems.push(`change ${change.changeId}: application ${id} has no history row of it`);
    }
  }
  return problems;
}

/**
 * No application half-changed: its stage is the last stage its history gives; a withdrawn one was
 * withdrawn before any decision, and its withdrawal is in its history; a change set has history rows.
 */
async function checkWhole(rows, firstNewId) {
  const problems = [];
  const stale = await rows.all(`
    SELECT a.id, a.stage, h.to_value FROM applications a
    JOIN application_history h ON h.id = (
      SELECT max(h2.id) FROM application_history h2 WHERE h2.application_id = a.id AND h2.field = 'stage')
    WHERE h.to_value <> a.stage`);
  for (const row of stale) problems.push(`application ${row.id}: stage ${row.stage}, its history says ${row.to_value}`);
  const unrecorded = await rows.all(
    `SELECT a.id FROM applications a WHERE a.id >= ? AND (a.withdrawn_at IS NULL) <> NOT EXISTS (
      SELECT 1 FROM application_history h WHERE h.application_id = a.id AND h.field = 'withdrawn_at')`,
    [firstNewId],
  );
  for (const row of unrecorded) problems.push(`application ${row.id}: withdrawn_at and its history disagree`);
  const decided = await rows.all(`
    SELECT a.id, a.posting_type, h.to_value FROM applications a
    JOIN application_history w ON w.application_id = a.id AND w.field = 'withdrawn_at'
    JOIN application_history h ON h.id = (
      SELECT max(h2.id) FROM application_history h2
      WHERE h2.application_id = a.id AND h2.field = 'stage' AND h2.id < w.id)`);
  for (const row of decided) {
    if (row.to_value !== firstStageOf(row.posting_type)) {
      problems.push(`application ${row.id}: withdrawn at stage ${row.to_value}, after a decision`);
    }
  }
  const moved = await rows.all(`
    SELECT DISTINCT h.application_id FROM application_history h
    JOIN application_history w ON w.application_id = h.application_id AND w.field = 'withdrawn_at'
    WHERE h.field = 'stage' AND h.id > w.id AND h.undone = 0`);
  for (const row of moved) problems.push(`application ${row.application_id}: moved after it was withdrawn`);
  const empty = await rows.all(`
    SELECT c.id FROM application_changes c
    WHERE NOT EXISTS (SELECT 1 FROM application_history h WHERE h.change_id = c.id)`);
  for (const row of empty) problems.push(`change ${row.id}: no history rows`);
  return problems;
}

/**
 * The mail of every acknowledged write arrived exactly once: an application's receipt, and each
 * applicant's mail of a bulk move (found by the move's note). `mails` are `{ to, text, messageId }`:
 * a mail delivered again with the same Message-ID (a sender that died between the mail server's
 * acceptance and its record of it sends it again, mail-queue.ts) is one mail to its reader, whose
 * client drops the repeat; `repeats` counts them.
 */
async function checkMail(rows, acknowledged, delivered) {
  const problems = [];
  const seen = new Set();
  let repeats = 0;
  const mails = [];
  for (const mail of delivered) {
    const key = mail.messageId ? `${mail.to}|${mail.messageId}` : null;
    if (key && seen.has(key)) {
      repeats++;
      continue;
    }
    if (key) seen.add(key);
    mails.push(mail);
  }
  const titles = new Map();
  for (const kind of POSTING_KINDS) {
    for (const row of await rows.all(`SELECT id, title FROM ${kind.table}`))
      titles.set(`${kind.type}/${row.id}`, row.title);
  }
  const receipts = new Map();
  const byNote = new Map();
  for (const mail of mails) {
    const note = new RegExp(`${NOTE_PREFIX}-[a-f0-9]+-\\d+`).exec(mail.text)?.[0];
    if (note) byNote.set(note, [...(byNote.get(note) ?? []), mail.to]);
    else {
      const key = `${mail.to}|${/applying to “([^”]*)”/.exec(mail.text.replace(/\s+/g, " "))?.[1] ?? ""}`;
      receipts.set(key, (receipts.get(key) ?? 0) + 1);
    }
  }
  for (const apply of acknowledged.applies) {
    const title = String(titles.get(`${apply.type}/${apply.postingId}`) ?? "").replace(/\s+/g, " ");
    const count = receipts.get(`${apply.email}|${title}`) ?? 0;
    if (count !== 1) problems.push(`application ${apply.id}: ${count} receipts to ${apply.email}`);
  }
  for (const change of acknowledged.changes) {
    if (change.changeId === null) continue;
    const emails = await rows.all(
      `SELECT email FROM applications WHERE id IN (${change.ids.map(() => "?").join(",")}) AND email <> ''`,
      change.ids,
    );
    const got = byNote.get(change.note) ?? [];
    for (const { email } of emails) {
      const count = got.filter((to) => to === email).length;
      if (count !== 1) problems.push(`change ${change.changeId}: ${count} mails to ${email}`);
    }
  }
  return { problems, repeats };
}

/** The mail as sent: the mailbox's when the run has one, else the outbox's record of what went. */
async function sentMail(rows, mailbox) {
  if (mailbox) {
    return mailbox.received.flatMap((mail) => {
      const messageId = /^Message-ID:\s*(\S+)/im.exec(mail.raw ?? "")?.[1] ?? null;
      return mail.to.map((to) => ({ to, text: mail.text, messageId }));
    });
  }
  return (await rows.all("SELECT to_address, text_body FROM mail_outbox WHERE status IN ('sent', 'logged')")).map(
    (row) => ({ to: row.to_address, text: row.text_body }),
  );
}

/**
 * One placement day: `engine` sqlite or postgres, `processes` API processes (behind HAProxy on
 * PostgreSQL), `seconds` of load after which every person stops, `kills` SIGKILLs of a process
 * during it (each restarted at once; the load lasts until the last is back), `mailbox` a real SMTP
 * mailbox ({ url, received }) or none (the outbox is read instead), `oneAddress` everyone from
 * 127.0.0.1 (a college behind one NAT address) instead of each from their own, `profileDir` a
 * folder for the API processes' CPU profiles. Answers the figures and the
 * problems each check found (empty lists when all is well).
 */
export async function runPlacementDay({
  engine = "sqlite",
  processes = 1,
  seconds = 60,
  warmUpSeconds = 25,
  kills = 0,
  mailbox = null,
  people: counts = { students: 170, staff: 25, recruiters: 5 },
  hashCost = process.env.PLACEMENT_DAY_HASH_COST ?? "17",
  drainSeconds = 45,
  oneAddress = false,
  profileDir = null,
  log = () => {},
} = {}) {
  const dir = mkdtempSync(join(tmpdir(), "csc-placement-day-"));
  const database = await createDatabase(engine, dir);
  const runId = randomBytes(3).toString("hex");
  let cluster = null;
  let rows = null;
  try {
    cluster = await startCluster({
      processes,
      balancer: engine === "postgres",
      env: {
        DATABASE_URL: database.url,
        DATA_DIR: join(dir, "data"),
        JWT_SECRET: randomBytes(30).toString("base64url"),
        PASSWORD_HASH_COST: String(hashCost),
        // the applicants' mail of a move leaves once it can no longer be undone: soon, so that it arrives within the run
        PIPELINE_UNDO_SECONDS: "5",
        // the mailbox is on this machine and answers at once: a killed sender's mail is taken over
        // after 15 s rather than two minutes, so that it arrives within the run's drain
        MAIL_CLAIM_STALE_SECONDS: "15",
        SMTP_URL: mailbox?.url ?? "",
        LOG_LEVEL: "warn",
        LOCALES_DIR: join(ROOT, "locales"),
      },
      // each process's CPU profile, written when it stops (bench/profile-top.mjs reads them)
      nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
    });
    rows = await openRows(database.url);
    const people = await makePeople(rows, { ...counts, hashCost: Number(hashCost) });
    const postings = await managedPostings(rows);
    const [{ n: lastId }] = await rows.all("SELECT coalesce(max(id), 0) AS n FROM applications");
    const givenUp = (await rows.all("SELECT id FROM mail_queue WHERE state = 'failed'")).map((row) => row.id);
    log(
      `${engine}, ${processes} process(es): ${people.length} people, load for ${seconds} s${kills ? `, ${kills} SIGKILLs` : ""}`,
    );

    // each person from their own loopback address, as people on a network are (the balancer says
    // whose), or everyone from one, as a college behind one NAT address is (`oneAddress`)
    for (const [i, person] of people.entries()) {
      const localAddress = oneAddress ? "127.0.0.1" : `127.0.${10 + Math.floor(i / 250)}.${(i % 250) + 1}`;
      person.agent = new Agent({ keepAlive: true, maxSockets: 2, localAddress });
      person.token = null;
    }
    const tally = new Tally();
    const pause = new Pause();
    const acknowledged = { applies: [], withdrawals: [], changes: [] };
    const started = performance.now();
    const loadCpu = process.cpuUsage();
    const apiCpu = cluster.cpuMicros();
    let killsDone = 0;
    /** Seconds each restart took until the process was back in the balancer's rotation. */
    const restarts = [];
    const deadline = Date.now() + seconds * 1000;
    const until = {
      stopped: () => Date.now() >= deadline && killsDone >= kills,
      remaining: () => Math.max(deadline - Date.now(), killsDone < kills ? 1_000 : 0),
    };
    // after warm-up (everyone signed in, the code compiled, the caches filled: at least `warmUpSeconds`,
    // at most half the run) the steady state begins, the same mix of requests whatever the setup
    const everyoneIn = async () => {
      const latest = Date.now() + (seconds * 1000) / 2;
      await sleep(warmUpSeconds * 1000);
      while (Date.now() < latest && !people.every((person) => person.signedIn)) await sleep(250);
    };
    // then each process reports the memory it holds, while the people hold their next request (a
    // run with kills has processes coming and going, and no memory check); the steady state's
    // figures begin after that
    const warmUp = everyoneIn().then(async () => {
      const afterWarmUp = kills > 0 ? [] : await pause.during(() => memoryReports(cluster.members));
      return { apiCpu: cluster.cpuMicros(), requests: tally.requests, at: performance.now(), afterWarmUp };
    });
    const killer = (async () => {
      const every = (seconds * 1000) / (kills + 1);
      while (killsDone < kills) {
        await sleep(every / 2 + Math.random() * every);
        const member = cluster.members[killsDone % cluster.members.length];
        await member.kill("SIGKILL");
        killsDone++;
        const restarting = performance.now();
        await member.restart();
        restarts.push(round1((performance.now() - restarting) / 1000));
      }
    })();
    await Promise.all([
      placementDay({ origin: cluster.origin, people, postings, tally, acknowledged, until, pause, runId }),
      killer,
    ]);
    const ended = performance.now();
    const elapsed = (ended - started) / 1000;
    const apiCpuNow = cluster.cpuMicros();
    const apiCpuSeconds = (apiCpuNow - apiCpu) / 1e6;
    const generator = process.cpuUsage(loadCpu);
    const generatorCpuSeconds = (generator.user + generator.system) / 1e6;
    for (const person of people) person.agent.destroy();
    const steady = await warmUp;
    const { afterWarmUp } = steady;
    const steadyCpuSeconds = (apiCpuNow - steady.apiCpu) / 1e6;
    const steadyRequests = tally.requests - steady.requests;
    const balancerCpuSeconds = cluster.balancer ? cluster.balancer.cpuMicros() / 1e6 : 0;
    // the memory each process holds at the end, now that the load has stopped
    const atEnd = kills > 0 ? [] : await memoryReports(cluster.members);

    const mailLeft = await drainMail(rows, drainSeconds, givenUp);
    // the last mail of a pass is recorded just after it is sent
    await sleep(2_000);
    const mailChecked = await checkMail(rows, acknowledged, await sentMail(rows, mailbox));
    const cores = availableParallelism();
    const problems = {
      acknowledged: await checkAcknowledged(rows, acknowledged),
      halfChanged: await checkWhole(rows, Number(lastId) + 1),
      dashboards: await checkDashboards(cluster.origin, rows),
      mail: [
        ...(mailLeft > 0 ? [`${mailLeft} mails still queued ${drainSeconds} s after the load`] : []),
        ...mailChecked.problems,
      ],
      memory: afterWarmUp.flatMap((warm, i) => {
        const end = atEnd[i]?.rssMiB;
        if (warm.rssMiB === null || !end) return [`${warm.name}: no memory report within ${MEMORY_REPORT_SECONDS} s`];
        return Math.abs(end - warm.rssMiB) > warm.rssMiB * 0.1
          ? [`${warm.name}: ${warm.rssMiB} MiB after warm-up, ${end} MiB at the end`]
          : [];
      }),
    };
    return {
      setup: `${engine === "sqlite" ? "SQLite" : "PostgreSQL"}, ${processes} process${processes > 1 ? "es" : ""}${kills ? `, ${kills} SIGKILLs` : ""}${oneAddress ? ", one client address" : ""}`,
      people: people.length,
      seconds: round1(elapsed),
      requests: tally.requests,
      errors: tally.errors,
      kinds: tally.table(),
      failures: tally.failures(),
      acknowledged: {
        applies: acknowledged.applies.length,
        withdrawals: acknowledged.withdrawals.length,
        changes: acknowledged.changes.filter((change) => change.changeId !== null).length,
      },
      apiCpuSeconds: round1(apiCpuSeconds),
      /** Requests answered per CPU-second of the API processes after warm-up, and over the whole run. */
      requestsPerCpuSecond: round1(steadyRequests / steadyCpuSeconds),
      requestsPerCpuSecondWholeRun: round1(tally.requests / apiCpuSeconds),
      steady: {
        seconds: round1((ended - steady.at) / 1000),
        requests: steadyRequests,
        apiCpuSeconds: round1(steadyCpuSeconds),
      },
      balancerCpuSeconds: round1(balancerCpuSeconds),
      cores,
      generatorCpuSeconds: round1(generatorCpuSeconds),
      /** The load generator's share of the machine's cores over the run. */
      generatorShareOfCores: Math.round((generatorCpuSeconds / (elapsed * cores)) * 1000) / 1000,
      memory: { afterWarmUp, atEnd },
      killsDone,
      restartSeconds: restarts,
      /** Mails delivered again under the same Message-ID (counted once by the mail checks). */
      mailRepeats: mailChecked.repeats,
      hashCost: Number(hashCost),
      loadAverage: readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" "),
      problems,
    };
  } finally {
    await rows?.close().catch(() => {});
    await cluster?.stop().catch(() => {});
    await database.drop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures of several runs as the bench prints them: per setup, then per kind of request. */
export function printPlacementDay(results) {
  console.log(
    `\nplacement-day load: ${results[0]?.people} people, ${results[0]?.cores} cores, password hash cost ${results[0]?.hashCost}`,
  );
  console.table(
    results.map((r) => ({
      setup: r.setup,
      seconds: r.seconds,
      requests: r.requests,
      errors: r.errors,
      "API CPU s": r.apiCpuSeconds,
      "req per API CPU-s (after warm-up)": r.requestsPerCpuSecond,
      "req per API CPU-s (whole run)": r.requestsPerCpuSecondWholeRun,
      "balancer CPU s": r.balancerCpuSeconds,
      "load generator CPU s": r.generatorCpuSeconds,
      "generator share of cores": r.generatorShareOfCores,
      loadavg: r.loadAverage,
    })),
  );
  for (const r of results) {
    console.log(`\n${r.setup}: per kind of request`);
    console.table(r.kinds);
    if (r.failures.length > 0) console.table(r.failures);
    for (const [i, warm] of r.memory.afterWarmUp.entries()) {
      const end = r.memory.atEnd[i];
      console.log(
        `${warm.name}: after a full collection, ${warm.rssMiB} MiB resident (${warm.heapUsedMiB} MiB heap) after warm-up, ${end?.rssMiB} MiB (${end?.heapUsedMiB} MiB heap) at the end`,
      );
    }
    const found = Object.entries(r.problems).filter(([, list]) => list.length > 0);
    console.log(
      found.length === 0
        ? "checks: every acknowledged write found, none half-changed, dashboards equal the rows, mail arrived once, memory within 10 %"
        : `checks failed: ${found.map(([check, list]) => `${check}: ${list.slice(0, 5).join("; ")}${list.length > 5 ? ` (+${list.length - 5})` : ""}`).join(" | ")}`,
    );
  }
}
