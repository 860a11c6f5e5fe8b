import type { ServerResponse } from "node:http";
import { type AppAbility, type LiveEvent, RESOURCES, type ResourceDefinition, type ResourceName } from "@csc/shared";
import type { FastifyBaseLogger } from "fastify";
import { type Kysely, PostgresAdapter, sql } from "kysely";
import pg from "pg";
import { type Reach, reachOf } from "../engine/access.js";
import { ALIAS, reachedIds } from "../engine/store.js";
import type { Dialect } from "./db/connect.js";
import type { Database } from "./db/schema.js";
import { nowIso } from "./time.js";

/**
 * Live updates (DESIGN §5b `GET /live`): each change to rows is a row of `live_events`, written in
 * the change's own transaction (so an event is told only of a change that committed, and a change
 * that committed is told). Each API process keeps the server-sent-event streams of its own
 * connections and tells each one only the ids its reader may read now, checked with the reader's
 * own ability (once per distinct reach, as the notifications are). PostgreSQL's NOTIFY, sent in
 * the same transaction, carries each event to every process at its commit; on the embedded
 * SQLite (one process) the hub reads the new rows itself. A change that may still be undone is
 * told when its window has passed (`deliverAt`). An event's stream id is its delivery time and its
 * id, so that a dropped connection resumes with `Last-Event-ID` from where it was.
 */

const CHANNEL = "csc_live";
/** How long events are kept for a connection to resume from. */
export const RETENTION_MS = 10 * 60_000;
/**
 * A resuming connection is told again what was delivered this long before its last event: an event
 * written before the last one but committed after it is not lost (the client drops repeats by id).
 */
const RESUME_OVERLAP_MS = 2_000;
/** How often the embedded database's new events are looked for. */
const SQLITE_POLL_MS = 150;
/** A comment line keeps the connection (and a balancer's idle timeout) open; each one also re-checks the session. */
export const HEARTBEAT_MS = 20_000;
/** Ids per event: a bulk change of thousands is told in several. */
const IDS_PER_EVENT = 200;
/** Streams one person may hold open on one process; a further one closes their oldest. */
export const STREAMS_PER_USER = 8;
/** A stream this far behind (a reader that stopped reading) is closed rather than buffered. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export type LiveResource = ResourceName | "notifications";

/** A change to tell: rows of a resource, or a person's own notifications (`users`). */
export interface LiveChange {
  resource: LiveResource;
  type: LiveEvent["type"];
  ids: readonly number[];
  /** Only these people are told (their own rows, not reached by an ability). */
  users?: readonly number[];
  /** Told once this moment has come (a change still to be undone waits for its window). */
  deliverAt?: string;
}

interface StoredEvent {
  id: number;
  resource: LiveResource;
  type: LiveEvent["type"];
  ids: number[];
  users: number[] | null;
  deliverAt: string;
}

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Records changes in the writer's transaction `db`: told to the live connections once it commits. */
export async function publish(db: Kysely<Database>, changes: readonly LiveChange[], at = nowIso()): Promise<void> {
  for (const change of changes) {
    for (let start = 0; start < change.ids.length; start += IDS_PER_EVENT) {
      const ids = change.ids.slice(start, start + IDS_PER_EVENT);
      const deliverAt = change.deliverAt && change.deliverAt > at ? change.deliverAt : at;
      const users = change.users ? [...new Set(change.users)] : null;
      const { id } = await db
        .insertInto("live_events")
        .values({
          resource: change.resource,
          type: change.type,
          ids: JSON.stringify(ids),
          users: users ? JSON.stringify(users) : null,
          deliver_at: deliverAt,
          created_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (isPostgres(db)) {
        const event: StoredEvent = { id, resource: change.resource, type: change.type, ids, users, deliverAt };
        await sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(event)})`.execute(db);
      }
    }
  }
}

/** The stream id of an event: when it was delivered, then its id (both ordered as numbers). */
const streamId = (event: StoredEvent) => `${Date.parse(event.deliverAt)}-${event.id}`;

/** A `Last-Event-ID`'s delivery time, or null when it is not one of ours. */
export function resumeTime(lastEventId: string | undefined): number | null {
  const match = /^(\d{13})-\d+$/.exec(lastEventId ?? "");
  return match ? Number(match[1]) : null;
}

function storedOf(row: {
  id: number;
  resource: string;
  type: string;
  ids: string;
  users: string | null;
  deliver_at: string;
}): StoredEvent {
  return {
    id: Number(row.id),
    resource: row.resource as LiveResource,
    type: row.type as LiveEvent["type"],
    ids: JSON.parse(row.ids) as number[],
    users: row.users ? (JSON.parse(row.users) as number[]) : null,
    deliverAt: row.deliver_at,
  };
}

/** One open stream: whose it is, what they may read, and where to write. */
export interface LiveClient {
  userId: number;
  ability: AppAbility;
  response: ServerResponse;
  /** Whether the session that opened it still stands (signed out, disabled, changed: not). */
  stillValid: () => Promise<boolean>;
}

export interface LiveHub {
  /** Takes a stream: told every event from now, and first those since `lastEventId` when it resumes. */
  add: (client: LiveClient, lastEventId?: string) => Promise<void>;
  remove: (client: LiveClient) => void;
  /** Streams open on this process. */
  size: () => number;
  /** Looks for new events at once (the embedded database; PostgreSQL's arrive by NOTIFY). */
  wake: () => void;
  close: () => Promise<void>;
}

export function startLiveHub(
  db: Kysely<Database>,
  dialect: Dialect,
  databaseUrl: string,
  log: FastifyBaseLogger,
): LiveHub {
  const clients = new Set<LiveClient>();
  /** Events whose time has not come, soonest first. */
  let waiting: StoredEvent[] = [];
  let waitTimer: NodeJS.Timeout | null = null;
  /** Events are told one after another, in the order they arrived. */
  let telling: Promise<void> = Promise.resolve();
  let closed = false;
  let cursor = 0;
  let listener: pg.Client | null = null;
  /** When PostgreSQL's connection was lost (its events are read back once it is open again). */
  let lostAt: number | null = null;

  const write = (client: LiveClient, text: string) => {
    if (client.response.writableEnded) return;
    if (client.response.writableLength > MAX_BUFFERED_BYTES) {
      remove(client);
      client.response.end();
      return;
    }
    client.response.write(text);
  };

  const frame = (event: StoredEvent, ids: readonly number[]) =>
    `id: ${streamId(event)}\ndata: ${JSON.stringify({ resource: event.resource, type: event.type, ids: [...ids] } satisfies LiveEvent)}\n\n`;

  /**
   * The ids of the event each reader may read, asked once per distinct reach. The event's rows are
   * read once, so that a reach which surely refuses a row (a learner's own rows, another
   * institution's) does not ask the database about it: a change of a few applicants, told to a
   * thousand learners, asks for the few learners it concerns.
   */
  async function tell(event: StoredEvent, to: Iterable<LiveClient>) {
    const verdicts = new Map<string, Promise<number[]>>();
    let stored: Promise<Record<string, unknown>[]> | null = null;
    /** The ids of the event this reach reaches: the database asked only of rows it does not surely refuse. */
    const reached = async (resource: ResourceDefinition, reach: Extract<Reach, { kind: "some" }>) => {
      const { excludes } = reach;
      if (!excludes) return reachedIds(db, resource, reach, event.ids);
      // biome-ignore lint/suspicious/noExplicitAny: resource tables are chosen at run time from the registry
      stored ??= (db as Kysely<any>)
        .selectFrom(`${resource.table} as r`)
        .selectAll()
        .where("r.id", "in", [...event.ids])
        .execute();
      const possible = (await stored).filter((row) => !excludes(row)).map((row) => Number(row.id));
      return possible.length === 0 ? [] : reachedIds(db, resource, reach, possible);
    };
    for (const client of to) {
      let ids: readonly number[] = [];
      if (event.users) {
        ids = event.users.includes(client.userId) ? event.ids : [];
      } else if (event.resource !== "notifications") {
        const reach = reachOf(client.ability, "read", event.resource, ALIAS);
        if (reach.kind === "all") ids = event.ids;
        // a deleted row can no longer be looked at: its event goes to those who read every row
        else if (reach.kind === "some" && event.type !== "deleted") {
          let verdict = verdicts.get(reach.key);
          if (!verdict) {
            verdict = reached(RESOURCES[event.resource], reach);
            verdicts.set(reach.key, verdict);
          }
          ids = await verdict;
        }
      }
      if (ids.length > 0) write(client, frame(event, ids));
    }
  }

  const deliver = (event: StoredEvent) => {
    telling = telling
      .then(() => tell(event, [...clients]))
      .catch((error: unknown) => log.warn({ err: error, event: event.id }, "live event not told"));
  };

  const scheduleWaiting = () => {
    if (waitTimer) clearTimeout(waitTimer);
    waitTimer = null;
    const [first] = waiting;
    if (!first || closed) return;
    waitTimer = setTimeout(
      () => {
        const now = nowIso();
        const due = waiting.filter((event) => event.deliverAt <= now);
        waiting = waiting.filter((event) => event.deliverAt > now);
        for (const event of due) deliver(event);
        scheduleWaiting();
      },
      Math.max(0, Date.parse(first.deliverAt) - Date.now()),
    );
    waitTimer.unref();
  };

  const arrived = (event: StoredEvent) => {
    if (event.deliverAt <= nowIso()) {
      deliver(event);
      return;
    }
    waiting.push(event);
    waiting.sort((a, b) => a.deliverAt.localeCompare(b.deliverAt) || a.id - b.id);
    scheduleWaiting();
  };

  const rowsAfter = (id: number) =>
    db.selectFrom("live_events").selectAll().where("id", ">", id).orderBy("id").limit(1_000).execute();

  // the embedded database: this process writes every event, in id order, and reads them back
  let reading: Promise<void> | null = null;
  const readNew = () => {
    if (reading || closed) return;
    reading = (async () => {
      for (;;) {
        const rows = await rowsAfter(cursor);
        for (const row of rows) {
          cursor = Math.max(cursor, Number(row.id));
          arrived(storedOf(row));
        }
        if (rows.length < 1_000) break;
      }
    })()
      .catch((error: unknown) => log.warn({ err: error }, "live events not read"))
      .finally(() => {
        reading = null;
      });
  };

  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, run: () => void) => {
    const timer = setInterval(run, ms);
    timer.unref();
    timers.push(timer);
  };

  const started = (async () => {
    if (dialect === "sqlite") {
      const [last] = await db.selectFrom("live_events").select("id").orderBy("id", "desc").limit(1).execute();
      cursor = Number(last?.id ?? 0);
      every(SQLITE_POLL_MS, readNew);
    } else {
      await listen();
    }
  })().catch((error: unknown) => log.error({ err: error }, "live updates not started"));

  /** PostgreSQL: one connection of this process LISTENs; a lost one is opened again. */
  async function listen() {
    if (closed) return;
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on("notification", (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        arrived(JSON.parse(message.payload) as StoredEvent);
      } catch (error) {
        log.warn({ err: error }, "live event not understood");
      }
    });
    client.on("error", (error) => {
      log.warn({ err: error }, "live updates' connection lost");
      lostAt ??= Date.now();
      if (listener === client) listener = null;
      client.end().catch(() => {});
      setTimeout(() => void listen().catch(() => {}), 1_000).unref();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      listener = client;
      if (lostAt !== null) {
        // what was told while this process was not listening: read back from the table
        const since = new Date(lostAt - RESUME_OVERLAP_MS).toISOString();
        lostAt = null;
        const rows = await db
          .selectFrom("live_events")
          .selectAll()
          .where("created_at", ">=", since)
          .orderBy("id")
          .execute();
        for (const row of rows) arrived(storedOf(row));
      }
    } catch (error) {
      log.warn({ err: error }, "live updates' connection not opened");
      client.end().catch(() => {});
      if (!closed) setTimeout(() => void listen().catch(() => {}), 1_000).unref();
    }
  }

  // the heartbeat, and the end of a stream whose session has ended
  every(HEARTBEAT_MS, () => {
    for (const client of clients) {
      write(client, ": ping\n\n");
      client.stillValid().then(
        (valid) => {
          if (valid) return;
          remove(client);
          client.response.end();
        },
        () => {},
      );
    }
  });
  // events older than a resume may reach are dropped (by any process; it is the same statement)
  every(60_000, () => {
    const before = new Date(Date.now() - RETENTION_MS).toISOString();
    db.deleteFrom("live_events")
      .where("created_at", "<", before)
      .execute()
      .catch((error: unknown) => log.warn({ err: error }, "old live events not dropped"));
  });

  function remove(client: LiveClient) {
    clients.delete(client);
  }

  return {
    add: async (client, lastEventId) => {
      await started;
      // a person's oldest stream gives way when they open too many
      const theirs = [...clients].filter((other) => other.userId === client.userId);
      for (const old of theirs.slice(0, Math.max(0, theirs.length - STREAMS_PER_USER + 1))) {
        remove(old);
        old.response.end();
      }
      if (lastEventId !== undefined) {
        const since = resumeTime(lastEventId);
        const now = Date.now();
        if (since === null || since < now - RETENTION_MS + RESUME_OVERLAP_MS) {
          // too long away, or not our id: everything shown may be stale, so the client reloads it
          write(client, "event: reset\ndata: {}\n\n");
        } else {
          const rows = await db
            .selectFrom("live_events")
            .selectAll()
            .where("deliver_at", ">=", new Date(since - RESUME_OVERLAP_MS).toISOString())
            .where("deliver_at", "<=", new Date(now).toISOString())
            .orderBy("deliver_at")
            .orderBy("id")
            .limit(5_000)
            .execute();
          // told in the queue, so that a live event that arrives meanwhile comes after them
          const missed = rows.map(storedOf);
          telling = telling
            .then(async () => {
              for (const event of missed) await tell(event, [client]);
            })
            .catch((error: unknown) => log.warn({ err: error }, "live events not resumed"));
        }
      }
      clients.add(client);
    },
    remove,
    size: () => clients.size,
    wake: () => {
      if (dialect === "sqlite") readNew();
    },
    close: async () => {
      closed = true;
      for (const timer of timers) clearInterval(timer);
      if (waitTimer) clearTimeout(waitTimer);
      for (const client of clients) client.response.end();
      clients.clear();
      await started;
      await reading;
      await telling;
      await listener?.end().catch(() => {});
      listener = null;
    },
  };
}
