/** CSV for every download (list exports, the progression chart): quoted, formula-safe cells. */

/** A spreadsheet runs a cell starting with one of these as a formula; a leading ' makes it text. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: formula-looking text neutralised, quotes doubled, the whole wrapped in quotes. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined || Number.isNaN(value) ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export const csvRow = (cells: readonly (string | number | null | undefined)[]): string => cells.map(csvCell).join(",");
