import {
  bikramSambatText,
  type Calendar,
  dayjsLocale,
  isCalendar,
  localDigits,
  MENU,
  type PostingType,
  SHORT_DATE_FORMAT,
  type Site,
} from "@csc/shared";
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import "dayjs/locale/en.js";
import "dayjs/locale/ne.js";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { boundedCache } from "../platform/caches.js";
import type { Database } from "../platform/db/schema.js";
import type { Mail } from "../platform/mailer.js";
import { LANGUAGES, type Language, loadMessages, type Translate } from "../platform/messages.js";
import { siteOrigin } from "./accounts.js";

dayjs.extend(utc);

/**
 * What every mail of the product needs to speak for a site: its name as people know
 * it (the college or company, the recruiter company, or the provider), its address, and its
 * colour. A mail names the site and links to the exact page on it.
 */
export interface NamedSite {
  name: string;
  site: Site;
  /** The institution's primary colour; null for the provider's and recruiter sites. */
  accent: string | null;
}

/** Who owns a posting or a completed item: an institution, a recruiter company, or neither (the provider). */
export interface SiteOwner {
  institution_id: number | null;
  recruiter_id: number | null;
}

/** The provider's site, under the name the product gives it (the admin's `app.providerName`). */
export const providerSite = (t: Translate): NamedSite => ({
  name: t("certificates.provider"),
  site: { kind: "provider" },
  accent: null,
});

/** An institution's site while it is active; the provider's, in the institution's name, while it is not. */
async function institutionSite(db: Kysely<Database>, id: number): Promise<NamedSite | null> {
  const institution = await db
    .selectFrom("institutions")
    .select(["name", "subdomain", "status", "primary_color"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!institution) return null;
  // an inactive institution's own site answers nobody: the provider's speaks in its name
  const site: Site =
    institution.status === "active" ? { kind: "institution", subdomain: institution.subdomain } : { kind: "provider" };
  return { name: institution.name, site, accent: institution.primary_color };
}

/**
 * The site that speaks for what an owner published (a posting, a certificate): the owning
 * institution's, a recruiter company's on the recruiter site, or the provider's.
 */
export async function ownerSite(db: Kysely<Database>, owner: SiteOwner, t: Translate): Promise<NamedSite> {
  if (owner.institution_id !== null) {
    const institution = await institutionSite(db, owner.institution_id);
    if (institution) return institution;
  }
  if (owner.recruiter_id !== null) {
    const recruiter = await db
      .selectFrom("recruiters")
      .select("name")
      .where("id", "=", owner.recruiter_id)
      .executeTakeFirst();
    if (recruiter) return { name: recruiter.name, site: { kind: "recruiter" }, accent: null };
  }
  return providerSite(t);
}

/** A learner's own site (where they sign in): their institution's, or the provider's. */
export async function learnerSite(
  db: Kysely<Database>,
  institutionId: number | null,
  t: Translate,
): Promise<NamedSite> {
  const institution = institutionId !== null ? await institutionSite(db, institutionId) : null;
  // a learner of an inactive institution signs in nowhere of theirs: the provider's site speaks
  return institution?.site.kind === "institution" ? institution : providerSite(t);
}

/** The address of a site, as the request that causes the mail reaches this server (its scheme and port). */
export const originFor = (request: FastifyRequest, site: Site): string =>
  siteOrigin(site, request.server.config.rootDomain, request.host, request.protocol);

/**
 * A posting's page on a learner's site (`/job-trainings/show/7`): the menu entry's path without
 * its query, as the learner's cards link to it; there the learner sees their application.
 */
export function postingPagePath(type: PostingType, postingId: number): string {
  const resource = {
    "learning-event": "learning-events",
    "job-opportunity": "job-opportunities",
    scholarship: "scholarship",
  }[type];
  const entry = MENU.find((item) => item.name === resource);
  const base = (entry?.path ?? `/${resource}`).split("?")[0];
  return `${base}/show/${postingId}`;
}

/** A guest's private page of their application's stage and timeline. */
export const guestStatusPath = (token: string): string => `/applications/status/${token}`;

/** The public certificate page. */
export const certificatePath = (code: string): string => `/certificates/${encodeURIComponent(code)}`;

/** The Nepal offset: a day in a mail is the day in Nepal, where the product's people are, not the server's. */
const NEPAL_OFFSET_MINUTES = 5 * 60 + 45;

/**
 * A date as the recipient's screens write it: the short date ("Nov 26, 2026") or, for a
 * Bikram Sambat user, day, month and year of that calendar ("11 Mangsir 2083"); np-NP in Nepali
 * month names and Devanagari digits. "" for no date.
 */
export function mailDate(iso: string | null | undefined, language: Language, calendar: Calendar = "gregorian"): string {
  if (!iso) return "";
  const nepal = dayjs(iso).utcOffset(NEPAL_OFFSET_MINUTES);
  if (!nepal.isValid()) return "";
  if (calendar === "bikram-sambat") {
    const day = bikramSambatText(new Date(nepal.year(), nepal.month(), nepal.date()), language);
    if (day) return localDigits(day, language);
  }
  return localDigits(nepal.locale(dayjsLocale(language)).format(SHORT_DATE_FORMAT), language);
}

/** A stored calendar option, or Gregorian for none (a guest has no account to keep one). */
export const calendarOf = (value: unknown): Calendar => (isCalendar(value) ? value : "gregorian");

/** A stored language (an application's), or English when unknown. */
export const languageOf = (value: unknown): Language => LANGUAGES.find((lng) => lng === value) ?? "en-US";

/** The messages of each locales directory, read once: a mail speaks its recipient's language, not the caller's. */
const catalogues = boundedCache<string, (lng: Language) => Translate>("mailCatalogues");

export function translatorFor(localesDir: string, language: unknown): Translate {
  let messages = catalogues.get(localesDir);
  if (!messages) {
    messages = loadMessages(localesDir);
    catalogues.set(localesDir, messages);
  }
  return messages(languageOf(language));
}

/**
 * A mail to someone whose language nothing records (a company's request, a person's request to
 * join): written in every language, English first, as one message.
 */
export async function mailInEveryLanguage(
  localesDir: string,
  to: string,
  write: (t: Translate) => { subject: string; text: string } | Promise<{ subject: string; text: string }>,
): Promise<Mail> {
  const parts = [];
  for (const language of LANGUAGES) parts.push(await write(translatorFor(localesDir, language)));
  return {
    to,
    subject: parts.map((part) => part.subject).join(" / "),
    text: parts.map((part) => part.text).join("\n\n———\n\n"),
  };
}
