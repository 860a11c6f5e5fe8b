import { IMPORT_COLUMNS, type ImportColumn, importKey } from "@csc/shared";
import { parse } from "csv-parse/sync";
import { LANGUAGES, type Translate } from "../../platform/messages.js";
import { translatorFor } from "../site-mail.js";

/** A file's rows as text, the header first; each row's cells in the header's order. */
export type Cells = string[][];

/** Why a file could not be read at all: the message goes under the `file` field. */
export class UnreadableFile extends Error {}

/** An xlsx file is a zip: it starts with the zip's local header. */
const isZip = (bytes: Buffer) => bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50;

/** What a workbook may unpack to: a full import's sheet is a few megabytes; a zip bomb is refused unread. */
const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;

/**
 * The sizes a zip's central directory declares for its files, summed; null when there is no
 * directory to read (not a zip the reader could open either).
 */
function unpackedSize(bytes: Buffer): number | null {
  // the end record is within the last 64 KiB (its comment is at most that long)
  for (let end = bytes.length - 22; end >= Math.max(0, bytes.length - 22 - 65_535); end--) {
    if (bytes.readUInt32LE(end) !== END_OF_DIRECTORY) continue;
    const entries = bytes.readUInt16LE(end + 10);
    let at = bytes.readUInt32LE(end + 16);
    let total = 0;
    for (let entry = 0; entry < entries; entry++) {
      if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
      total += bytes.readUInt32LE(at + 24);
      at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    }
    return total;
  }
  return null;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** What an Excel cell shows as text: a date as `YYYY-MM-DD`, a number as written, a formula's result. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return isoDay(value);
  if (typeof value === "object") {
    const cell = value as { result?: unknown; text?: unknown; richText?: { text: string }[]; hyperlink?: string };
    if ("result" in cell) return cellText(cell.result);
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => part.text).join("");
    if (typeof cell.text === "string") return cell.text;
    return "";
  }
  return String(value);
}

async function xlsxCells(bytes: Buffer, t: Translate, maxRows: number): Promise<Cells> {
  const size = unpackedSize(bytes);
  if (size === null || size > MAX_UNPACKED_BYTES) throw new UnreadableFile(t("imports.unreadable"));
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new UnreadableFile(t("imports.unreadable"));
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const cells: Cells = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    if (number > maxRows) return;
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    cells[number - 1] = values.map(cellText);
  });
  // rows Excel skipped (empty ones) are holes: they stay empty rows, so numbers match the sheet
  return Array.from(cells, (row) => row ?? []);
}

function csvCells(bytes: Buffer, t: Translate, maxRows: number): Cells {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new UnreadableFile(t("imports.notUtf8"));
  }
  try {
    // records past `maxRows` are never made: a file of a million empty lines costs no more than the limit
    return parse(text.replace(/^\uFEFF/, ""), {
      relax_column_count: true,
      skip_empty_lines: false,
      trim: false,
      to: maxRows,
    });
  } catch {
    throw new UnreadableFile(t("imports.unreadable"));
  }
}

/**
 * The file's cells, at most `maxRows` rows of them (the header included): Excel (`.xlsx`) by its
 * content, otherwise CSV in UTF-8, with or without a BOM.
 */
export async function readCells(bytes: Buffer, t: Translate, maxRows: number): Promise<Cells> {
  return isZip(bytes) ? xlsxCells(bytes, t, maxRows) : csvCells(bytes, t, maxRows);
}

/** Which column each header names: the column's name, or its label in any language. */
export function headerColumns(localesDir: string): Map<string, ImportColumn> {
  const names = new Map<string, ImportColumn>();
  for (const column of IMPORT_COLUMNS) {
    names.set(importKey(column), column);
    for (const language of LANGUAGES)
      names.set(importKey(translatorFor(localesDir, language)(`fields:${column}`)), column);
  }
  return names;
}

/** The template's header row: each column's label in the caller's language. */
export const templateHeader = (t: Translate): string[] => IMPORT_COLUMNS.map((column) => t(`fields:${column}`));
