import { DASHBOARD_GRANULARITIES, type DashboardGranularity, isEnumValue, isIsoDay } from "@csc/shared";
import { formatDate, formatMonth, formatYear } from "../engine/display/format";

/**
 * What the dashboard is asked for, as it stands in the page's URL (`?from=&to=&granularity=&institution=`),
 * so a reload, the back button or a shared link shows the same counts. Anything not in the URL is
 * left to the server's default (the last five calendar years, by year).
 */
export interface DashboardQuery {
  from?: string;
  to?: string;
  granularity?: DashboardGranularity;
  /** Provider staff only: one institution instead of the whole platform. */
  institutionId?: number;
}

export function dashboardQueryFrom(params: URLSearchParams): DashboardQuery {
  const query: DashboardQuery = {};
  const from = params.get("from");
  const to = params.get("to");
  const granularity = params.get("granularity");
  const institution = Number(params.get("institution"));
  if (from && isIsoDay(from)) query.from = from;
  if (to && isIsoDay(to)) query.to = to;
  if (granularity && isEnumValue(DASHBOARD_GRANULARITIES, granularity)) query.granularity = granularity;
  if (Number.isInteger(institution) && institution > 0) query.institutionId = institution;
  return query;
}

/** The URL's parameters with the dashboard's own replaced by `query` (other parameters kept). */
export function withDashboardQuery(params: URLSearchParams, query: DashboardQuery): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of ["from", "to", "granularity", "institution"]) next.delete(name);
  if (query.from) next.set("from", query.from);
  if (query.to) next.set("to", query.to);
  if (query.granularity) next.set("granularity", query.granularity);
  if (query.institutionId) next.set("institution", String(query.institutionId));
  return next;
}

/** `GET /api/dashboard`'s query string for a dashboard query (the API's names). */
export function dashboardApiParams(query: DashboardQuery): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.from) params.from = query.from;
  if (query.to) params.to = query.to;
  if (query.granularity) params.granularity = query.granularity;
  if (query.institutionId) params.institution_id = String(query.institutionId);
  return params;
}

/**
 * A chart category as the axis shows it: a year as it is, a month as short month and
 * year, a day as a date, a 7-day range as "start – end", each through the user's formatter.
 */
export function categoryLabel(key: string, language: string): string {
  if (/^\d{4}$/.test(key)) return formatYear(key, language);
  const month = formatMonth(key, language);
  if (month) return month;
  const [start, end] = key.split("/");
  if (start && end) return `${formatDate(start, language) ?? start} – ${formatDate(end, language) ?? end}`;
  return formatDate(key, language) ?? key;
}
