import type { Calendar, PostingType } from "@csc/shared";
import type { FastifyRequest } from "fastify";
import { issueGuestStatusTokens } from "../../domain/guest-status.js";
import {
  calendarOf,
  guestStatusPath,
  languageOf,
  learnerSite,
  type NamedSite,
  originFor,
  ownerSite,
  postingPagePath,
  translatorFor,
} from "../../domain/site-mail.js";
import type { Transaction } from "../../engine/command-types.js";
import type { Language, Translate } from "../../platform/messages.js";

/** An application as its applicant's mails need it. */
interface ApplicantRow {
  id: number;
  user_id: number | null;
  email: string;
  full_name: string;
  language: string | null;
  posting_type: PostingType;
  posting_id: number;
  posting: string;
  certificate_code: string | null;
  /** Who owns the posting: the site a guest applied on, and the one that speaks in their mail. */
  owner_institution_id: number | null;
  owner_recruiter_id: number | null;
  /** The learner's own institution (null for a guest or an independent learner) and calendar. */
  learner_institution_id: number | null;
  calendar: string | null;
}

/** Applications read per statement: a bulk change may concern a thousand. */
const ROWS_PER_SELECT = 500;

/** The applications named, as their mails need them (one statement per 500). */
export async function applicantRows(trx: Transaction, ids: readonly number[]): Promise<ApplicantRow[]> {
  const rows: ApplicantRow[] = [];
  const unique = [...new Set(ids)];
  for (let at = 0; at < unique.length; at += ROWS_PER_SELECT) {
    const found = await trx
      .selectFrom("applications as a")
      .leftJoin("learning_events as e", "e.id", "a.learning_event_id")
      .leftJoin("job_opportunities as j", "j.id", "a.job_opportunity_id")
      .leftJoin("scholarships as s", "s.id", "a.scholarship_id")
      .leftJoin("users as u", "u.id", "a.user_id")
      .select((eb) => [
        "a.id",
        "a.user_id",
        "a.email",
        "a.full_name",
        "a.language",
        "a.posting_type",
        "a.certificate_code",
        eb.fn.coalesce("a.learning_event_id", "a.job_opportunity_id", "a.scholarship_id").as("posting_id"),
        eb.fn.coalesce("e.title", "j.title", "s.title").as("posting"),
        eb.fn.coalesce("e.institution_id", "j.institution_id", "s.institution_id").as("owner_institution_id"),
        eb.fn.coalesce("e.recruiter_id", "j.recruiter_id", "s.recruiter_id").as("owner_recruiter_id"),
        "u.institution_id as learner_institution_id",
        "u.calendar",
      ])
      .where("a.id", "in", unique.slice(at, at + ROWS_PER_SELECT))
      .orderBy("a.id")
      .execute();
    for (const row of found) {
      rows.push({ ...row, posting_id: Number(row.posting_id), posting: row.posting ?? "" });
    }
  }
  return rows;
}

/** Who a mail goes to and how it speaks to them: their language and calendar, the site and the page. */
export interface Addressee {
  row: ApplicantRow;
  t: Translate;
  language: Language;
  calendar: Calendar;
  /** The site that speaks: a learner's own, a guest's the posting's. */
  site: NamedSite;
  origin: string;
  /** The exact page: the learner's application on their site, the guest's private status page. */
  link: string;
}

/**
 * How each applicant is written to. A learner follows their application signed in, on their own
 * site (the posting's page, where their application and its timeline are); a guest has no account,
 * and gets a private link to their status page on the posting's site, a new token in each mail
 * (written in `trx`: taken back with it).
 */
export async function addresseesOf(
  trx: Transaction,
  request: FastifyRequest,
  rows: readonly ApplicantRow[],
): Promise<Addressee[]> {
  const { localesDir } = request.server.config;
  const tokens = await issueGuestStatusTokens(
    trx,
    rows.filter((row) => row.user_id === null).map((row) => row.id),
  );
  // a thousand applicants come from a handful of sites: each is looked up once, per language
  const sites = new Map<string, Promise<NamedSite>>();
  const siteOf = (row: ApplicantRow, t: Translate, language: Language) => {
    const guest = row.user_id === null;
    const key = guest
      ? `${language}:owner:${row.owner_institution_id}:${row.owner_recruiter_id}`
      : `${language}:learner:${row.learner_institution_id}`;
    let site = sites.get(key);
    if (!site) {
      site = guest
        ? ownerSite(trx, { institution_id: row.owner_institution_id, recruiter_id: row.owner_recruiter_id }, t)
        : learnerSite(trx, row.learner_institution_id, t);
      sites.set(key, site);
    }
    return site;
  };
  const addressees: Addressee[] = [];
  for (const row of rows) {
    const language = languageOf(row.language);
    const t = translatorFor(localesDir, language);
    const site = await siteOf(row, t, language);
    const origin = originFor(request, site.site);
    const token = tokens.get(row.id);
    const path = token ? guestStatusPath(token) : postingPagePath(row.posting_type, row.posting_id);
    addressees.push({ row, t, language, calendar: calendarOf(row.calendar), site, origin, link: `${origin}${path}` });
  }
  return addressees;
}
