import {
  APPLICANT_ORIGIN_OPTIONS,
  APPLICATION_STAGE_OPTIONS,
  ATTENDANCE_OPTIONS,
  bikramSambatText,
  type Calendar,
  COMPLETION_STATUS_OPTIONS,
  dayjsLocale,
  type EnumOption,
  exportText,
  LETTER_GRADE_OPTIONS,
  localDigits,
  SHORT_DATE_FORMAT,
} from "@csc/shared";
import dayjs from "dayjs";
import "dayjs/locale/en.js";
import "dayjs/locale/ne.js";
import type { FastifyRequest } from "fastify";
import { type Sheet, slugOf } from "../../engine/export.js";
import type { ResourceHooks } from "../../engine/types.js";
import type { Translate } from "../../platform/messages.js";
import { nowIso } from "../../platform/time.js";

/**
 * The applicant export: the applicant table's columns under the labels the screen gives
 * them, in the caller's language, each value as the table shows it — stages, attendance, applicant
 * type and completion as words, dates as "Nov 26, 2026" (np-NP: Devanagari digits), the posting by
 * its title — and an empty cell wherever the table shows a dash.
 */

/** The posting columns of an application: one of them holds the posting it is to. */
const POSTINGS = [
  { column: "learning_event_id", table: "learning_events" },
  { column: "job_opportunity_id", table: "job_opportunities" },
  { column: "scholarship_id", table: "scholarships" },
] as const;

/** The short date ("Nov 26, 2026", or "10 Mangsir 2083" in Bikram Sambat), or "" for none. */
function shortDate(value: unknown, language: string, calendar: Calendar = "gregorian"): string {
  if (typeof value !== "string" || value === "") return "";
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const bikramSambat = calendar === "bikram-sambat" ? bikramSambatText(date, language) : null;
  if (bikramSambat) return localDigits(bikramSambat, language);
  // the admin's date words come from dayjs's locales: the same ones here (shared digits.ts)
  return localDigits(dayjs(date).locale(dayjsLocale(language)).format(SHORT_DATE_FORMAT), language);
}

function labelOf(t: Translate, options: readonly EnumOption[], value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  const option = options.find((candidate) => String(candidate.value) === String(value));
  return option ? t(option.labelKey, {}, option.label) : String(value);
}

type PostingKey = `${(typeof POSTINGS)[number]["column"]}:${number}`;

/** The titles of the postings the rows are to, by column and id. */
async function postingTitles(request: FastifyRequest, rows: Record<string, unknown>[]) {
  const titles = new Map<PostingKey, string>();
  for (const { column, table } of POSTINGS) {
    const ids = [...new Set(rows.map((row) => row[column]).filter((id): id is number => typeof id === "number"))];
    if (ids.length === 0) continue;
    const found = await request.server.db.selectFrom(table).select(["id", "title"]).where("id", "in", ids).execute();
    for (const posting of found) titles.set(`${column}:${posting.id}`, String(posting.title ?? ""));
  }
  return titles;
}

/** The one posting the export is filtered to (`learning_event_id=…` and so on), when it is exactly one. */
function onePostingOf(
  query: Record<string, unknown>,
): { column: (typeof POSTINGS)[number]["column"]; id: number } | null {
  const chosen = POSTINGS.flatMap(({ column }) => {
    const values = ([] as unknown[]).concat(query[column] ?? []).filter((value) => value !== "");
    return values.length > 0 ? [{ column, values }] : [];
  });
  if (chosen.length !== 1 || chosen[0]?.values.length !== 1) return null;
  const id = Number(chosen[0].values[0]);
  return Number.isSafeInteger(id) ? { column: chosen[0].column, id } : null;
}

/** The applicant table of the rows, and the slug naming its posting when the export is one posting's. */
async function applicantSheet(
  request: FastifyRequest,
  rows: Record<string, unknown>[],
): Promise<{ sheet: Sheet; postingSlug: string | null }> {
  const { t, language } = request;
  // dates in the calendar the caller reads them in on screen
  const user = await request.server.db
    .selectFrom("users")
    .select("calendar")
    .where("id", "=", request.auth.id)
    .executeTakeFirst();
  const calendar: Calendar = user?.calendar ?? "gregorian";
  const titles = await postingTitles(request, rows);
  const one = onePostingOf(request.query as Record<string, unknown>);
  let postingSlug: string | null = null;
  if (one) {
    // the title only from the rows the caller may export: a posting they cannot see is never named
    const title = titles.get(`${one.column}:${one.id}`);
    postingSlug = title ? slugOf(title) || null : null;
  }
  const postingOf = (row: Record<string, unknown>) => {
    for (const { column } of POSTINGS) {
      const id = row[column];
      if (typeof id === "number") return titles.get(`${column}:${id}`) ?? "";
    }
    return "";
  };
  const number = (value: number) => localDigits(String(value), language);
  const withdrawn = t("pipeline:withdrawn");
  const assessment = (row: Record<string, unknown>) => {
    if (row.grade) return labelOf(t, LETTER_GRADE_OPTIONS, row.grade);
    return typeof row.percentage === "number" ? `${number(row.percentage)}%` : "";
  };

  const columns: [string, (row: Record<string, unknown>, index: number) => string][] = [
    [t("pipeline:columns.sno"), (_row, index) => number(index + 1)],
    [t("pipeline:columns.full_name"), (row) => exportText(row.full_name)],
    [
      t("pipeline:columns.match_score"),
      (row) => (typeof row.match_score === "number" ? `${number(row.match_score)}%` : ""),
    ],
    [t("pipeline:columns.email"), (row) => exportText(row.email)],
    [t("pipeline:columns.contact_number"), (row) => exportText(row.contact_number)],
    [t("pipeline:columns.profession"), (row) => exportText(row.profession)],
    [t("pipeline:columns.institution"), (row) => exportText(row.institution)],
    [t("pipeline:columns.applied_at"), (row) => shortDate(row.applied_at, language, calendar)],
    [
      t("pipeline:columns.applicant_type"),
      // the table reads N/A for an applicant of no known origin
      (row) =>
        row.applicant_type ? labelOf(t, APPLICANT_ORIGIN_OPTIONS, row.applicant_type) : t("pipeline:notAvailable"),
    ],
    [
      t("pipeline:columns.stage"),
      (row) => {
        const stage = labelOf(t, APPLICATION_STAGE_OPTIONS, row.stage);
        return row.withdrawn_at ? `${stage} (${withdrawn})` : stage;
      },
    ],
    [t("pipeline:columns.department"), (row) => exportText(row.department)],
    [t("pipeline:columns.attendance"), (row) => labelOf(t, ATTENDANCE_OPTIONS, row.attendance)],
    [t("pipeline:columns.assessment"), assessment],
    [
      t("pipeline:detail.fields.completion_status"),
      (row) => labelOf(t, COMPLETION_STATUS_OPTIONS, row.completion_status),
    ],
  ];
  // the table names each row's posting where the rows are to different postings
  if (!one) columns.push([t("pipeline:columns.posting"), postingOf]);
  return {
    sheet: {
      columns: columns.map(([label]) => label),
      rows: rows.map((row, index) => columns.map(([, cell]) => cell(row, index))),
    },
    postingSlug,
  };
}

/** Applicants export as their table reads, named after the posting when the export is one posting's. */
export const applicationHooks: ResourceHooks = {
  exportSheet: async (request, rows) => {
    const { sheet, postingSlug } = await applicantSheet(request, rows);
    return { sheet, name: [...(postingSlug ? [postingSlug] : []), "applicants", nowIso().slice(0, 10)] };
  },
};
