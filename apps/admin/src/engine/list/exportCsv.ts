import type { CrudFilter, CrudSort } from "@refinedev/core";
import { listQueryString } from "../../shell/providers/data";
import { downloadFile } from "../../shell/providers/download";

/** Exports take `format=csv|xlsx`. */
export type ExportFormat = "csv" | "xlsx";

const ACCEPT: Record<ExportFormat, string> = {
  csv: "text/csv",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/**
 * `GET /api/{res}/export` with the list's filters and sort, through our axios instance (bearer
 * token), saved under the name the server gives it (`<resource>.csv` when it gives none). The
 * server records it in Download Logs.
 */
export async function downloadCsv(
  resource: string,
  filters: CrudFilter[],
  sorters: CrudSort[],
  extra: Record<string, string | undefined>,
  format: ExportFormat = "csv",
): Promise<string> {
  const query = listQueryString(filters, sorters, { ...extra, format: format === "csv" ? undefined : format });
  return downloadFile(`/api/${resource}/export${query ? `?${query}` : ""}`, `${resource}.${format}`, ACCEPT[format]);
}
