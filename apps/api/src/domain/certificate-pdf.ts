import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { localDigits } from "@csc/shared";
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import "dayjs/locale/ne.js";
import PDFDocument from "pdfkit";
import type { Language, Translate } from "../platform/messages.js";

dayjs.extend(utc);

/** What a printed certificate says: the facts the verify answer gives, nothing more. */
interface PrintedCertificate {
  code: string;
  holder: string;
  title: string | null;
  item_type: string;
  completed_at: string | null;
  issued_by: string;
  verify_url: string;
  /** The issuing institution's colour (`#rrggbb`), else the provider's. */
  accent: string | null;
}

/**
 * The faces a certificate is set in: Noto Sans for Latin, Noto Sans Devanagari for Nepali (it has
 * no Latin letters, so a line in both scripts is set in both). Debian's fonts-noto-core puts them
 * in one directory; they are read from there rather than shipped with the code.
 */
const FONT_FILES = {
  latin: "NotoSans-Regular.ttf",
  latinBold: "NotoSans-Bold.ttf",
  deva: "NotoSansDevanagari-Regular.ttf",
  devaBold: "NotoSansDevanagari-Bold.ttf",
} as const;
type FontName = keyof typeof FONT_FILES;
type Fonts = Record<FontName, Buffer>;

/** Four fixed files, read once: a certificate costs no disk reads after the first. */
let loaded: { dir: string; fonts: Fonts } | null = null;

/** The fonts, or null when one is missing (read again next time: installing them needs no restart). */
export async function loadCertificateFonts(dir: string): Promise<Fonts | null> {
  if (loaded?.dir === dir) return loaded.fonts;
  try {
    const entries = await Promise.all(
      (Object.entries(FONT_FILES) as [FontName, string][]).map(
        async ([name, file]) => [name, await readFile(join(dir, file))] as const,
      ),
    );
    const fonts = Object.fromEntries(entries) as Fonts;
    loaded = { dir, fonts };
    return fonts;
  } catch {
    return null;
  }
}

/**
 * A date as the admin writes it (short month, day, year; in np-NP with Nepali month names and
 * Devanagari digits), on the calendar day in Nepal, where the product's institutions are: the
 * server's own time zone says nothing about when the learner completed.
 */
function certificateDate(iso: string | null, language: Language): string {
  if (!iso) return "";
  const day = dayjs(iso).utcOffset(5 * 60 + 45);
  if (!day.isValid()) return "";
  return localDigits(day.locale(language === "np-NP" ? "ne" : "en").format("MMM D, YYYY"), language);
}

// Devanagari, its extensions, and the joiners written inside Devanagari words
const DEVANAGARI = /[\u0900-\u097F\u1CD0-\u1CFF\uA8E0-\uA8FF\u200C\u200D]/;

interface Piece {
  text: string;
  font: FontName;
  width: number;
}

type Doc = InstanceType<typeof PDFDocument>;

/**
 * A text cut into words and each word into runs of one script, each run measured in its face:
 * fontkit shapes a run by the script it finds first, so Devanagari is shaped (its conjuncts and
 * vowel signs in place) only in a run of its own.
 */
function words(doc: Doc, text: string, size: number, bold: boolean): Piece[][] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const pieces: Piece[] = [];
      for (const char of word) {
        const font: FontName = DEVANAGARI.test(char) ? (bold ? "devaBold" : "deva") : bold ? "latinBold" : "latin";
        const last = pieces[pieces.length - 1];
        if (last && last.font === font) last.text += char;
        else pieces.push({ text: char, font, width: 0 });
      }
      for (const piece of pieces) piece.width = doc.font(piece.font).fontSize(size).widthOfString(piece.text);
      return pieces;
    });
}

const widthOf = (pieces: Piece[]) => pieces.reduce((sum, piece) => sum + piece.width, 0);

/** Words filled into lines no wider than `maxWidth` (a word wider than that stands alone). */
function lines(doc: Doc, text: string, size: number, bold: boolean, maxWidth: number): Piece[][] {
  const space = doc
    .font(bold ? "latinBold" : "latin")
    .fontSize(size)
    .widthOfString(" ");
  const result: Piece[][] = [];
  let line: Piece[] = [];
  for (const word of words(doc, text, size, bold)) {
    const gap: Piece = { text: " ", font: bold ? "latinBold" : "latin", width: space };
    if (line.length > 0 && widthOf(line) + space + widthOf(word) > maxWidth) {
      result.push(line);
      line = [];
    }
    line = line.length > 0 ? [...line, gap, ...word] : [...word];
  }
  if (line.length > 0) result.push(line);
  return result;
}

interface Block {
  size: number;
  /** Smallest size the text may shrink to so that it fits `maxLines` lines. */
  minSize?: number;
  maxLines?: number;
  bold?: boolean;
  color?: string;
  link?: string;
}

/**
 * Centred text whose first baseline is `y`, shrunk (down to `minSize`) until it fits its lines;
 * answers the baseline below its last line.
 */
function centred(doc: Doc, text: string, y: number, block: Block): number {
  const { maxLines = 1, bold = false, color = "#1f2933" } = block;
  const maxWidth = doc.page.width - 160;
  let size = block.size;
  let set = lines(doc, text, size, bold, maxWidth);
  const fits = () => set.length <= maxLines && set.every((line) => widthOf(line) <= maxWidth);
  while (!fits() && size > (block.minSize ?? block.size)) {
    size -= 1;
    set = lines(doc, text, size, bold, maxWidth);
  }
  const leading = size * 1.45;
  let baseline = y;
  for (const line of set) {
    let x = (doc.page.width - widthOf(line)) / 2;
    for (const piece of line) {
      doc
        .font(piece.font)
        .fontSize(size)
        .fillColor(color)
        .text(piece.text, x, baseline, {
          lineBreak: false,
          baseline: "alphabetic",
          ...(block.link ? { link: block.link } : {}),
        });
      x += piece.width;
    }
    baseline += leading;
  }
  return baseline - leading;
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
const PROVIDER_ACCENT = "#1d4e89";

/** The printable certificate: A4 landscape, in the language asked for. */
export function renderCertificate(
  certificate: PrintedCertificate,
  fonts: Fonts,
  t: Translate,
  language: Language,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 0,
    info: {
      Title: t("certificates.pdfTitle", { code: certificate.code }),
      Author: certificate.issued_by,
      Subject: certificate.title ?? "",
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  for (const [name, data] of Object.entries(fonts)) doc.registerFont(name, data);

  const { width, height } = doc.page;
  const accent = certificate.accent && HEX_COLOUR.test(certificate.accent) ? certificate.accent : PROVIDER_ACCENT;
  doc
    .lineWidth(3)
    .strokeColor(accent)
    .rect(24, 24, width - 48, height - 48)
    .stroke();
  doc
    .lineWidth(0.75)
    .rect(34, 34, width - 68, height - 68)
    .stroke();

  const muted = "#52606d";
  centred(doc, t("certificates.heading"), 110, { size: 30, bold: true, color: accent });
  centred(doc, t("certificates.certifies"), 165, { size: 14, color: muted });
  centred(doc, certificate.holder, 215, { size: 30, minSize: 16, bold: true });
  const kind = t(`certificates.kind.${certificate.item_type}`, {}, certificate.item_type);
  centred(doc, t("certificates.completed", { kind }), 255, { size: 14, color: muted });
  let y = centred(doc, certificate.title ?? "", 300, { size: 22, minSize: 14, maxLines: 2, bold: true });
  const date = certificateDate(certificate.completed_at, language);
  if (date) centred(doc, t("certificates.completedOn", { date }), y + 40, { size: 13, color: muted });

  y = 455;
  centred(doc, t("certificates.issuedBy"), y, { size: 11, color: muted });
  centred(doc, certificate.issued_by, y + 24, { size: 17, minSize: 11, bold: true });
  centred(doc, t("certificates.code", { code: certificate.code }), y + 60, { size: 10, color: muted });
  centred(doc, t("certificates.verifyAt", { url: certificate.verify_url }), y + 78, {
    size: 10,
    minSize: 7,
    color: muted,
    link: certificate.verify_url,
  });
  doc.end();
  return done;
}
