import { createHmac, timingSafeEqual } from "node:crypto";
import {
  ADMIN_PREFIX,
  DIGEST_LIMIT,
  type DigestPeriod,
  type EmailChoice,
  INSTITUTION_STAFF_ROLES,
  isNotificationKind,
  type NotificationKind,
  notificationKindsFor,
  PROVIDER_ROLES,
  preferencesFor,
  RESOURCES,
  type ResourceName,
  usesAdminPrefix,
} from "@csc/shared";
import type { FastifyRequest } from "fastify";
import type { Insertable, Kysely } from "kysely";
import { reachOf } from "../engine/access.js";
import { ALIAS, reachesAll } from "../engine/store.js";
import type { Database, NotificationTable } from "../platform/db/schema.js";
import { publish } from "../platform/live.js";
import { queueMails } from "../platform/mail-queue.js";
import type { Mail } from "../platform/mailer.js";
import type { Translate } from "../platform/messages.js";
import { abilityOf } from "../platform/plugins/session.js";
import { nowIso } from "../platform/time.js";
import { homeSiteOf, type SessionUser, sessionUserQuery, toSessionUser } from "./accounts.js";
import { languageOf, originFor, translatorFor } from "./site-mail.js";

/**
 * Telling people what happened (DESIGN §5b `notifications`). A change names whom it concerns and
 * what (`Notice`); `notify` writes, in the change's own transaction, what each person chose for
 * that kind (shared notifications.ts): a row for their bell, a row waiting for their daily or
 * weekly digest, an e-mail at once (through the mail queue, with a one-click unsubscribe of that
 * kind), or nothing. A change staff may still undo holds its notices back until the undo window
 * has passed (`showAfter`, `changeId`), and the undo deletes them with its mail.
 *
 * Nobody is told of a row they may not read: a notice about a row names it (`about`), and each
 * person is told only if their own ability reaches it, checked by the same SQL a read of theirs
 * would run.
 */

/** Values a kind's words are made of (a posting's title, a person's name, a count). */
export type NoticeParams = Record<string, string | number>;

export interface Notice {
  userId: number;
  kind: NotificationKind;
  params: NoticeParams;
  /** The page it links to: a path of the menu on the person's own site (staff get it below /admin). */
  link: string;
  /** The row it is about: the person must be able to read it, or is not told. */
  about?: { resource: ResourceName; id: number };
  /**
   * The mail the change writes for this person when they chose e-mail at once (an applicant's
   * stage mail, in the language they applied in); otherwise one is written from the kind's words.
   */
  mail?: Mail;
  /** When to mail it, where the notice decides rather than the kind (a saved search's alert); "off" still wins. */
  email?: EmailChoice;
}

export interface NotifyOptions {
  /** The undoable change that caused it: it waits until `showAfter` and leaves with an undo. */
  changeId?: number | null;
  showAfter?: string;
  at?: string;
}

/** Recipients read per statement. */
const USERS_PER_SELECT = 500;

interface Recipient {
  user: SessionUser;
  preferences: unknown;
  language: string | null;
  /** The account can sign in: a disabled one has no bell and no digest, only the mail about its own row. */
  active: boolean;
}

async function recipientsOf(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, Recipient>> {
  const unique = [...new Set(ids)];
  const found = new Map<number, Recipient>();
  for (let at = 0; at < unique.length; at += USERS_PER_SELECT) {
    const rows = await sessionUserQuery(db)
      .select(["u.notification_preferences", "u.language", "u.status"])
      .where("u.id", "in", unique.slice(at, at + USERS_PER_SELECT))
      .execute();
    for (const row of rows) {
      const user = toSessionUser(row);
      if (user) {
        const preferences = parsed(row.notification_preferences);
        found.set(user.id, { user, preferences, language: row.language, active: row.status === "active" });
      }
    }
  }
  return found;
}

function parsed(json: string | null): unknown {
  try {
    return JSON.parse(json ?? "{}");
  } catch {
    return {};
  }
}

/**
 * Whether each person's own ability reaches the row (the SQL their read of it would run), asked
 * once per distinct reach: a college's staff of one level share theirs, provider staff reach all.
 */
function readChecker(db: Kysely<Database>) {
  const verdicts = new Map<string, Promise<boolean>>();
  return (user: SessionUser, about: NonNullable<Notice["about"]>): Promise<boolean> | boolean => {
    const reach = reachOf(abilityOf(user), "read", about.resource, ALIAS);
    if (reach.kind !== "some") return reach.kind === "all";
    const key = `${about.resource} ${about.id} ${reach.key}`;
    let verdict = verdicts.get(key);
    if (!verdict) {
      verdict = reachesAll(db, RESOURCES[about.resource], reach, [about.id]);
      verdicts.set(key, verdict);
    }
    return verdict;
  };
}

/**
 * A kind's title and body in a language: the words of locales/<lng>/api.json `notifications.kinds`.
 * A `stage` is named as the reader's screens name it; a `variant` picks another body of the kind
 * (an application that only got a message has no new stage to name), and another title where the
 * kind has one (`<variant>Title`: a saved posting that closes today, not tomorrow).
 */
export function noticeWords(t: Translate, kind: NotificationKind, params: NoticeParams) {
  const { variant, ...vars } = params;
  if (typeof vars.stage === "string") vars.stage = t(`enums:applicationStage.${vars.stage}`, {}, vars.stage);
  const words = `notifications.kinds.${kind}`;
  const title = t(`${words}.title`, vars);
  if (typeof variant !== "string") return { title, body: t(`${words}.body`, vars) };
  return { title: t(`${words}.${variant}Title`, vars, title), body: t(`${words}.${variant}`, vars) };
}

/** The signature of an unsubscribe link: for this person and these kinds, by this server's secret. */
function unsubscribeSignature(secret: string, userId: number, kinds: readonly string[]): string {
  return createHmac("sha256", secret)
    .update(`unsubscribe\n${userId}\n${kinds.join(",")}`)
    .digest("base64url");
}

/** The link that turns off this person's e-mail of these kinds, at one click and without signing in. */
export function unsubscribeLink(origin: string, secret: string, userId: number, kinds: readonly string[]): string {
  const query = new URLSearchParams({
    u: String(userId),
    k: kinds.join(","),
    s: unsubscribeSignature(secret, userId, kinds),
  });
  return `${origin}/api/notifications/unsubscribe?${query}`;
}

/** The kinds an unsubscribe link names, when its signature is this server's; null otherwise. */
export function verifiedUnsubscribe(
  secret: string,
  query: { u?: string; k?: string; s?: string },
): { userId: number; kinds: NotificationKind[] } | null {
  const userId = Number(query.u);
  const kinds = (query.k ?? "").split(",");
  if (!Number.isSafeInteger(userId) || userId < 1 || !kinds.every(isNotificationKind) || !query.s) return null;
  const expected = Buffer.from(unsubscribeSignature(secret, userId, kinds));
  const given = Buffer.from(query.s);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId, kinds };
}

/** The mail headers of RFC 8058's one-click unsubscribe, and the line the text ends with. */
function withUnsubscribe(mail: Mail, t: Translate, link: string): Mail {
  return {
    ...mail,
    text: `${mail.text}\n\n${t("notifications.mail.unsubscribe", { link })}`,
    headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    // the link turns off somebody's mail: not for the outbox's readers
    secrets: [...(mail.secrets ?? []), link.slice(link.indexOf("?") + 1)],
  };
}

/**
 * Tells each person of their notice as they chose, in `db` (the change's transaction). Answers
 * how many were told at all. The caller wakes the mail queue once its transaction has committed.
 */
export function notify(
  db: Kysely<Database>,
  request: FastifyRequest,
  notices: readonly Notice[],
  options: NotifyOptions = {},
): Promise<number> {
  return notifyWith(db, contextOf(request), notices, options);
}

/** What telling people needs beyond the database: the words, the signing secret, and each person's site. */
export interface NotifyContext {
  localesDir: string;
  jwtSecret: string;
  /** The origin of the person's own site (`http://kmc.example.org`), where their links open. */
  originOf: (user: SessionUser) => string;
}

/** A request's context: its server's words and secret, and each person's site as this request's host names it. */
export const contextOf = (request: FastifyRequest): NotifyContext => ({
  localesDir: request.server.config.localesDir,
  jwtSecret: request.server.config.jwtSecret,
  originOf: (user) => originFor(request, homeSiteOf(user)),
});

/** `notify` where there is no request (a saved search's alert, found by a background pass). */
export async function notifyWith(
  db: Kysely<Database>,
  context: NotifyContext,
  notices: readonly Notice[],
  { changeId = null, showAfter, at = nowIso() }: NotifyOptions = {},
): Promise<number> {
  if (notices.length === 0) return 0;
  const { localesDir, jwtSecret } = context;
  const recipients = await recipientsOf(
    db,
    notices.map((notice) => notice.userId),
  );
  const mayRead = readChecker(db);
  const rows: Insertable<NotificationTable>[] = [];
  const mails: Mail[] = [];
  for (const notice of notices) {
    const recipient = recipients.get(notice.userId);
    if (!recipient || !notificationKindsFor(recipient.user.role).includes(notice.kind)) continue;
    if (notice.about && !(await mayRead(recipient.user, notice.about))) continue;
    const chosen = preferencesFor(recipient.user.role, recipient.preferences)[notice.kind];
    if (!chosen) continue;
    // a disabled account still hears of its application as any applicant does (the change's own
    // mail, unless they turned it off), but has no bell to read and no digest to sign in from
    if (!recipient.active) {
      if (notice.mail && chosen.email !== "off") {
        const t = translatorFor(localesDir, recipient.language);
        const origin = context.originOf(recipient.user);
        mails.push(withUnsubscribe(notice.mail, t, unsubscribeLink(origin, jwtSecret, notice.userId, [notice.kind])));
      }
      continue;
    }
    // a saved search's own alert says when its mail goes, unless the person turned that mail off
    const choice = notice.email && chosen.email !== "off" ? { ...chosen, email: notice.email } : chosen;
    const origin = context.originOf(recipient.user);
    // staff open the pages of their menu below /admin; a learner's are the site's own
    const link = usesAdminPrefix(recipient.user.role) ? `${ADMIN_PREFIX}${notice.link}` : notice.link;
    const digest = choice.email === "daily" || choice.email === "weekly" ? choice.email : null;
    if (choice.in_app || digest) {
      rows.push({
        user_id: notice.userId,
        kind: notice.kind,
        params: JSON.stringify(notice.params),
        link,
        origin,
        change_id: changeId,
        show_after: showAfter ?? at,
        in_app: choice.in_app ? 1 : 0,
        digest,
        read_at: null,
        created_at: at,
      });
    }
    if (choice.email === "instant") {
      const t = translatorFor(localesDir, recipient.language);
      const words = noticeWords(t, notice.kind, notice.params);
      const mail = notice.mail ?? {
        to: recipient.user.email,
        subject: words.title,
        text: t("notifications.mail.instant", {
          name: recipient.user.fullName,
          title: words.title,
          body: words.body,
          link: `${origin}${link}`,
        }),
      };
      mails.push(withUnsubscribe(mail, t, unsubscribeLink(origin, jwtSecret, notice.userId, [notice.kind])));
    }
  }
  for (let start = 0; start < rows.length; start += USERS_PER_SELECT) {
    const made = await db
      .insertInto("notifications")
      .values(rows.slice(start, start + USERS_PER_SELECT))
      .returning(["id", "user_id"])
      .execute();
    // each person's open pages hear of it when it shows (once the change's undo window has passed)
    const shown = new Map<number, number[]>();
    made.forEach((row, i) => {
      if (rows[start + i]?.in_app === 1) shown.set(row.user_id, [...(shown.get(row.user_id) ?? []), row.id]);
    });
    await publish(
      db,
      [...shown].map(([userId, theirs]) => ({
        resource: "notifications",
        type: "created",
        ids: theirs,
        users: [userId],
        deliverAt: showAfter ?? at,
      })),
    );
  }
  await queueMails(db, mails, {
    changeId,
    ...(showAfter ? { sendAfter: showAfter } : {}),
    at,
  });
  return rows.length + mails.length;
}

/** The staff accounts of a tenant: whom a tenant's news may concern (each is still checked against the row). */
export async function staffOf(
  db: Kysely<Database>,
  owner: { institution_id: number | null; recruiter_id: number | null },
): Promise<number[]> {
  let query = db.selectFrom("users").select("id").where("deleted_at", "is", null).where("status", "=", "active");
  if (owner.institution_id !== null) {
    query = query.where("institution_id", "=", owner.institution_id).where("role", "in", INSTITUTION_STAFF);
  } else if (owner.recruiter_id !== null) {
    query = query.where("recruiter_id", "=", owner.recruiter_id);
  } else {
    query = query.where("role", "in", PROVIDER);
  }
  // a tenant's staff are few; the bound keeps a misconfigured one from fanning out without end
  return (await query.orderBy("id").limit(200).execute()).map((row) => row.id);
}

const INSTITUTION_STAFF = [...INSTITUTION_STAFF_ROLES];
const PROVIDER = [...PROVIDER_ROLES];

/** The start of the current digest period: 08:00 in Nepal each day, and on Sundays (Nepal's first working day) each week. */
export function digestBoundary(period: DigestPeriod, now: Date): Date {
  const nepal = 5 * 60 + 45;
  const local = new Date(now.getTime() + nepal * 60_000);
  const boundary = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 8) - nepal * 60_000;
  let at = boundary > now.getTime() ? boundary - 86_400_000 : boundary;
  if (period === "weekly") {
    // back to the latest Sunday in Nepal at or before it
    const day = new Date(at + nepal * 60_000).getUTCDay();
    at -= day * 86_400_000;
  }
  return new Date(at);
}

/** People one digest pass mails at most; a further pass takes the rest. */
const DIGEST_PEOPLE = 200;

/**
 * Sends every digest that has come due at `now`: for each person, one mail of what waited for their
 * daily or weekly digest since before the period's start, at most ten listed (the rest counted,
 * with the page of all). Each row is taken by the statement that clears it, in the transaction that
 * queues its mail, so two processes never mail it twice and a crash mails it once. Answers how many
 * mails it queued.
 */
export async function sendDigests(
  db: Kysely<Database>,
  config: { localesDir: string; jwtSecret: string },
  now = new Date(),
): Promise<number> {
  let sent = 0;
  for (const period of ["daily", "weekly"] as const) {
    const before = digestBoundary(period, now).toISOString();
    const people = await db
      .selectFrom("notifications")
      .select("user_id")
      .distinct()
      .where("digest", "=", period)
      .where("show_after", "<", before)
      .orderBy("user_id")
      .limit(DIGEST_PEOPLE)
      .execute();
    for (const { user_id: userId } of people) {
      const queued = await db.transaction().execute(async (trx) => {
        const rows = await trx
          .updateTable("notifications")
          .set({ digest: null })
          .where("user_id", "=", userId)
          .where("digest", "=", period)
          .where("show_after", "<", before)
          .returning(["id", "kind", "params", "link", "origin", "show_after"])
          .execute();
        const recipient = (await recipientsOf(trx, [userId])).get(userId);
        if (!recipient || rows.length === 0) return 0;
        rows.sort((a, b) => b.show_after.localeCompare(a.show_after) || b.id - a.id);
        const t = translatorFor(config.localesDir, languageOf(recipient.language));
        const origin = rows[0]?.origin ?? "";
        const lines = rows.slice(0, DIGEST_LIMIT).map((row) => {
          const kind = row.kind as NotificationKind;
          const words = noticeWords(t, kind, parsed(row.params) as NoticeParams);
          return t("notifications.mail.digestLine", {
            title: words.title,
            body: words.body,
            link: `${row.origin}${row.link}`,
          });
        });
        const more = rows.length - lines.length;
        const kinds = [...new Set(rows.map((row) => row.kind))].sort();
        const mail: Mail = {
          to: recipient.user.email,
          subject: t(`notifications.mail.${period}Subject`, { count: rows.length }),
          text: t("notifications.mail.digest", {
            name: recipient.user.fullName,
            lines: lines.join("\n\n"),
            more: more > 0 ? t("notifications.mail.more", { count: more, link: `${origin}/notifications` }) : "",
            link: `${origin}/notifications`,
          }),
        };
        await queueMails(trx, [withUnsubscribe(mail, t, unsubscribeLink(origin, config.jwtSecret, userId, kinds))]);
        return 1;
      });
      sent += queued;
    }
  }
  return sent;
}
