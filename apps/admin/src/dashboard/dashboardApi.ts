import type { DashboardData, DashboardRange } from "@csc/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useLiveRefresh } from "../shell/live/useLiveRefresh";
import { http } from "../shell/providers/http";
import { type DashboardQuery, dashboardApiParams } from "./dashboardQuery";

const DASHBOARD_QUERY_KEY = ["csc", "dashboard"] as const;

/** `GET /api/dashboard`: the caller's metrics and progression, scoped by the server. */
async function fetchDashboard(query: DashboardQuery): Promise<DashboardData> {
  const { data } = await http.get<{ data: DashboardData }>("/api/dashboard", { params: dashboardApiParams(query) });
  return data.data;
}

/** The rows the dashboard counts: a change to one reads the numbers again. */
const COUNTED = ["applications", "enrolments", "learning-events", "job-opportunities", "scholarship"] as const;

export function useDashboard(query: DashboardQuery) {
  useLiveRefresh(COUNTED, DASHBOARD_QUERY_KEY);
  return useQuery({
    queryKey: [...DASHBOARD_QUERY_KEY, query],
    queryFn: () => fetchDashboard(query),
    // a new range keeps the old numbers on screen until the new ones arrive
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export type DashboardDownloadKind = "png" | "csv";

/**
 * `POST /api/dashboard/downloads`: the chart's download goes into Download Logs, with the range and
 * (provider staff) the institution it showed.
 */
export async function logDashboardDownload(
  kind: DashboardDownloadKind,
  filename: string,
  range: DashboardRange,
  institutionId?: number,
): Promise<void> {
  await http.post("/api/dashboard/downloads", {
    kind,
    filename,
    range,
    ...(institutionId ? { institution_id: institutionId } : {}),
  });
}
