import type { CrudFilter, CrudSort } from "@refinedev/core";
import { listQueryString } from "../../providers/data";
import { http } from "../../providers/http";
import { fileNameOf } from "./fileName";

/** DESIGN §5b: exports take `format=csv|xlsx`. */
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
  const response = await http
    .get<Blob>(`/api/${resource}/export${query ? `?${query}` : ""}`, {
      responseType: "blob",
      headers: { Accept: ACCEPT[format] },
    })
    .catch(async (error: { message?: string; response?: { data?: unknown } }) => {
      // asked for a blob, the server's JSON error arrives as one: show its message, not axios's
      throw new Error((await serverMessage(error.response?.data)) ?? error.message ?? String(error));
    });
  const disposition = response.headers["content-disposition"];
  const fileName = fileNameOf(typeof disposition === "string" ? disposition : undefined, `${resource}.${format}`);
  const url = URL.createObjectURL(response.data);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
  return fileName;
}

async function serverMessage(body: unknown): Promise<string | null> {
  if (!(body instanceof Blob)) return null;
  try {
    return (JSON.parse(await body.text()) as { message?: string }).message ?? null;
  } catch {
    return null;
  }
}
