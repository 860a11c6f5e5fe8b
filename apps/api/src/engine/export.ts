import { csvRow } from "@csc/shared";

/** Exports take `format=csv|xlsx`; CSV when the request names none. */
export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What a download holds, whatever its format: a header row and rows of text cells ("" for nothing). */
export interface Sheet {
  columns: string[];
  rows: string[][];
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** The sheet as CSV: a BOM so that spreadsheets read it as UTF-8, CRLF lines, formula-safe cells. */
export function csvFile(sheet: Sheet): string {
  return `\uFEFF${[csvRow(sheet.columns), ...sheet.rows.map((row) => csvRow(row))].join("\r\n")}\r\n`;
}

/**
 * The sheet as an Excel workbook, the header bold. Every cell is written as a string value, which
 * exceljs stores as text: a cell that starts with `=` stays the text it is and never becomes a
 * formula (a formula cell is only made from a `{ formula }` value, which nothing here writes).
 */
export async function xlsxFile(sheet: Sheet, name: string): Promise<Buffer> {
  // loaded when a workbook is asked for: most exports are CSV, and the API starts without it
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  // Excel refuses a sheet name over 31 characters or with []:*?/\ in it
  const worksheet = workbook.addWorksheet(name.replace(/[[\]:*?/\\]/g, " ").slice(0, 31) || "Sheet1");
  const header = worksheet.addRow(sheet.columns);
  header.font = { bold: true };
  for (const row of sheet.rows) worksheet.addRow(row);
  worksheet.views = [{ state: "frozen", ySplit: 1 }];
  sheet.columns.forEach((column, index) => {
    const longest = Math.max(column.length, ...sheet.rows.map((row) => (row[index] ?? "").length));
    worksheet.getColumn(index + 1).width = Math.min(Math.max(longest + 2, 8), 60);
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A name as a file name part: lower case, words joined by `-`, letters of any script kept. */
export function slugOf(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

/** Only ASCII letters and digits of a slug: accents dropped, other scripts left out. */
function asciiSlugOf(slug: string): string {
  return slug
    .normalize("NFKD")
    .replace(/[^a-z0-9-]+/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * `attachment` naming the file: `filename=` in plain ASCII for every client, and RFC 5987's
 * `filename*=` with the full UTF-8 name (a Nepali posting title) for those that read it.
 * `parts` are slugs joined by `-`; a part that has no ASCII left is dropped from the plain name.
 */
export function contentDisposition(parts: string[], format: ExportFormat): string {
  const full = `${parts.filter(Boolean).join("-")}.${format}`;
  const ascii = `${parts.map(asciiSlugOf).filter(Boolean).join("-")}.${format}`;
  const encoded = encodeURIComponent(full).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
