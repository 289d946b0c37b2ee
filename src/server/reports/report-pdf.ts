import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { Db } from '#server/db/client.ts';
import { REPORT_TYPE_LABELS } from '#shared/contracts/analytics.ts';
import { hasArabic, visualWords } from './pdf-text.ts';
import type {
  ReportColumnDefinition,
  ReportDefinition,
  ReportPeriod,
  ReportPreview,
  ReportRecord,
} from './report-kit.ts';

/**
 * A report as a PDF (docs/product.md#reports): A4 landscape, the shop's name, the report and its
 * period on the first page (a running line on the others), a table of the columns that have a PDF
 * width with its header on every page, a totals row, and "Page n of N" with when it was made. Rows
 * are one line each (a long cell ends in "…"), so the page count is known from the row count
 * before the first page is drawn, and the file streams page by page: the rows come a step at a time
 * from the report's walk, and after each page the event loop gets a turn and a slow reader holds
 * the drawing back.
 *
 * Fonts: text that Windows-1252 can write is set in the PDF's built-in Helvetica (no font file, no
 * shaping: a cell costs a table lookup); anything else, Arabic above all, in IBM Plex Sans Arabic
 * (OFL, `@expo-google-fonts/ibm-plex-sans-arabic`, read from its package by path), shaped by
 * pdfkit's fontkit so an Arabic name or product title joins its letters, and pdf-text.ts puts the
 * words of the line in reading order. Shaping every cell in Plex cost 1.3 ms of CPU a row (an
 * orders report of 8,000 rows: 10 s); the two share a baseline, so a row reads as one line.
 */

const fontDir = path.dirname(
  createRequire(import.meta.url).resolve('@expo-google-fonts/ibm-plex-sans-arabic/package.json'),
);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** The two faces, read once per process (about 200 KB each). */
function reportFonts() {
  fonts ??= {
    regular: readFileSync(path.join(fontDir, '400Regular/IBMPlexSansArabic_400Regular.ttf')),
    bold: readFileSync(path.join(fontDir, '600SemiBold/IBMPlexSansArabic_600SemiBold.ttf')),
  };
  return fonts;
}

// A4 landscape, in points.
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 36;
const TABLE_WIDTH = PAGE.width - 2 * MARGIN;
const ROW_HEIGHT = 16;
const HEADER_ROW_HEIGHT = 20;
const FIRST_TABLE_TOP = 114;
const NEXT_TABLE_TOP = 60;
const TABLE_BOTTOM = PAGE.height - 46;
const FOOTER_Y = PAGE.height - 30;
const CELL_PADDING = 4;
const BODY_SIZE = 8;

const COLORS = {
  ink: '#1f2937',
  muted: '#6b7280',
  rule: '#d1d5db',
  headerFill: '#e6f1ea',
  headerInk: '#1e4532',
  stripe: '#f7f8f7',
  accent: '#2b6a49',
};

/** Rows (the totals row included) the first page and each later page hold. */
export const FIRST_PAGE_ROWS = Math.floor((TABLE_BOTTOM - FIRST_TABLE_TOP - HEADER_ROW_HEIGHT) / ROW_HEIGHT);
export const PAGE_ROWS = Math.floor((TABLE_BOTTOM - NEXT_TABLE_TOP - HEADER_ROW_HEIGHT) / ROW_HEIGHT);

/** Pages for `lines` table lines (rows and the totals row). */
export function pageCount(lines: number): number {
  return lines <= FIRST_PAGE_ROWS ? 1 : 1 + Math.ceil((lines - FIRST_PAGE_ROWS) / PAGE_ROWS);
}

const moneyFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "1 Nov 2026": a calendar day as people write it. */
const readableDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

function cellText(value: ReportRecord[string] | undefined, column: ReportColumnDefinition): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') {
    if (column.kind === 'money') return moneyFormat.format(value);
    if (column.kind === 'percent') return `${numberFormat.format(value)}%`;
    return numberFormat.format(value);
  }
  return column.display?.[value] ?? value;
}

export interface ReportPdfHeading {
  shopName: string;
  /** When it was made, the shop's wall clock ("2026-11-30 14:05"). */
  generatedAt: string;
}

type Doc = InstanceType<typeof PDFDocument>;
type Style = 'regular' | 'bold';

/**
 * The built-in faces by their own names: pdfkit caches a standard font under its name, and an
 * alias registered for one (`registerFont('regular', 'Helvetica')`) reads its metrics file again
 * at every switch.
 */
const STANDARD_FACES: Record<Style, string> = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

/** What Helvetica can write (Windows-1252); the rest goes to the Arabic-capable face. */
const WIN_ANSI = /^[\u0020-\u007E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026\u20AC]*$/;

/** `text` cut to `width` with "…" when it is longer. */
function fitted(doc: Doc, text: string, width: number): string {
  const full = doc.widthOfString(text);
  if (full <= width) return text;
  let cut = Math.max(1, Math.floor((text.length * width) / full));
  while (cut > 1 && doc.widthOfString(`${text.slice(0, cut).trimEnd()}…`) > width) cut -= 1;
  return `${text.slice(0, cut).trimEnd()}…`;
}

/**
 * One line of text on the baseline `y`, from `x` in `width`, aligned, cut to fit, in the face
 * that can write it; Arabic words in reading order.
 */
function drawText(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  align: 'left' | 'right' = 'left',
  style: Style = 'regular',
) {
  doc.font(WIN_ANSI.test(text) ? STANDARD_FACES[style] : `${style}-wide`);
  const line = fitted(doc, text, width);
  const options = { lineBreak: false, baseline: 'alphabetic' } as const;
  if (!hasArabic(line)) {
    const left = align === 'right' ? x + width - doc.widthOfString(line) : x;
    doc.text(line, left, y, options);
    return;
  }
  const words = visualWords(line);
  const widths = words.map((word) => doc.widthOfString(word));
  let left = align === 'right' ? x + width - widths.reduce((sum, w) => sum + w, 0) : x;
  words.forEach((word, index) => {
    if (word.trim() !== '') doc.text(word, left, y, options);
    left += widths[index] ?? 0;
  });
}

/**
 * The PDF of `definition` over `period`, as a stream; `preview` is the report's count and totals
 * (a preview of 0 rows), read first so the pages can be numbered.
 */
export function reportPdf(
  db: Db,
  definition: ReportDefinition,
  period: ReportPeriod,
  preview: ReportPreview,
  heading: ReportPdfHeading,
): Readable {
  const { regular, bold } = reportFonts();
  const title = REPORT_TYPE_LABELS[definition.type];
  const periodText =
    definition.type === 'inventory'
      ? `As of ${readableDay(period.today)}`
      : `${readableDay(period.from)} – ${readableDay(period.to)}`;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, bottom: 0, left: MARGIN, right: MARGIN },
    autoFirstPage: false,
    info: { Title: `${heading.shopName}: ${title}, ${periodText}`, Author: heading.shopName, Creator: 'Cedar Shop' },
  });
  doc.registerFont('regular-wide', regular);
  doc.registerFont('bold-wide', bold);

  const columns = definition.columns.filter((column) => column.pdf > 0);
  const shares = columns.reduce((sum, column) => sum + column.pdf, 0);
  const widths = columns.map((column) => (column.pdf / shares) * TABLE_WIDTH);
  const lefts = widths.map((_, index) => MARGIN + widths.slice(0, index).reduce((sum, w) => sum + w, 0));
  const alignOf = (column: ReportColumnDefinition) =>
    column.kind === 'money' || column.kind === 'number' || column.kind === 'percent' ? 'right' : 'left';

  const totals = preview.totals;
  const lines = preview.totalRows + (totals ? 1 : 0);
  const pages = pageCount(Math.max(lines, 1));
  let page = 0;
  let y = 0;
  let rowOnPage = 0;

  const startPage = () => {
    page += 1;
    doc.addPage();
    doc.fillColor(COLORS.ink);
    if (page === 1) {
      doc.fontSize(18);
      drawText(doc, heading.shopName, MARGIN, MARGIN + 15, TABLE_WIDTH, 'left', 'bold');
      doc.fontSize(12.5).fillColor(COLORS.accent);
      drawText(doc, title, MARGIN, MARGIN + 38, TABLE_WIDTH, 'left', 'bold');
      doc.fontSize(9).fillColor(COLORS.ink);
      const zone = definition.type === 'inventory' ? '' : ` · days in ${period.timeZone}`;
      drawText(doc, `${periodText}${zone} · amounts in US dollars`, MARGIN, MARGIN + 55, TABLE_WIDTH);
      if (preview.note) {
        doc.fillColor(COLORS.muted).fontSize(8.5);
        drawText(doc, preview.note, MARGIN, MARGIN + 69, TABLE_WIDTH);
      }
      y = FIRST_TABLE_TOP;
    } else {
      doc.fontSize(8).fillColor(COLORS.muted);
      drawText(doc, `${heading.shopName} · ${title} · ${periodText}`, MARGIN, MARGIN, TABLE_WIDTH);
      y = NEXT_TABLE_TOP;
    }
    // The table's header row.
    doc.rect(MARGIN, y, TABLE_WIDTH, HEADER_ROW_HEIGHT).fill(COLORS.headerFill);
    doc.fontSize(BODY_SIZE).fillColor(COLORS.headerInk);
    columns.forEach((column, index) => {
      drawText(
        doc,
        column.label,
        (lefts[index] ?? 0) + CELL_PADDING,
        y + 13,
        (widths[index] ?? 0) - 2 * CELL_PADDING,
        alignOf(column),
        'bold',
      );
    });
    y += HEADER_ROW_HEIGHT;
    rowOnPage = 0;
    // The footer.
    doc.fontSize(7.5).fillColor(COLORS.muted);
    doc
      .moveTo(MARGIN, FOOTER_Y - 6)
      .lineTo(PAGE.width - MARGIN, FOOTER_Y - 6)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
    drawText(doc, `Made ${heading.generatedAt} (${period.timeZone})`, MARGIN, FOOTER_Y + 7, TABLE_WIDTH / 2);
    drawText(doc, `Page ${page} of ${pages}`, MARGIN + TABLE_WIDTH / 2, FOOTER_Y + 7, TABLE_WIDTH / 2, 'right');
  };
  const capacity = () => (page === 1 ? FIRST_PAGE_ROWS : PAGE_ROWS);

  const drawRow = (record: ReportRecord, total: boolean) => {
    if (page === 0 || rowOnPage >= capacity()) startPage();
    if (total) {
      doc
        .moveTo(MARGIN, y)
        .lineTo(PAGE.width - MARGIN, y)
        .lineWidth(0.8)
        .strokeColor(COLORS.headerInk)
        .stroke();
    } else if (rowOnPage % 2 === 1) {
      doc.rect(MARGIN, y, TABLE_WIDTH, ROW_HEIGHT).fill(COLORS.stripe);
    }
    doc.fontSize(BODY_SIZE).fillColor(COLORS.ink);
    columns.forEach((column, index) => {
      const text = cellText(record[column.key], column);
      if (text === '') return;
      drawText(
        doc,
        text,
        (lefts[index] ?? 0) + CELL_PADDING,
        y + 11,
        (widths[index] ?? 0) - 2 * CELL_PADDING,
        alignOf(column),
        total ? 'bold' : 'regular',
      );
    });
    y += ROW_HEIGHT;
    rowOnPage += 1;
  };

  const out = new PassThrough();
  doc.on('data', (chunk: Buffer) => out.write(chunk));
  doc.on('end', () => out.end());

  const draw = async () => {
    let drawn = 0;
    startPage();
    if (preview.totalRows === 0) {
      doc.fontSize(9).fillColor(COLORS.muted);
      drawText(doc, 'Nothing in this period.', MARGIN + CELL_PADDING, y + 15, TABLE_WIDTH);
    }
    // Rows beyond the count read first (orders placed while this is drawn) wait for the next report.
    walk: for await (const rows of definition.pages(db, period)) {
      for (const record of rows) {
        if (drawn >= preview.totalRows) break walk;
        drawRow(record, false);
        drawn += 1;
        if (rowOnPage === capacity()) {
          // A page is done: let other requests run, and wait while the reader is behind.
          await new Promise((resolve) => setImmediate(resolve));
          while (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
        }
      }
    }
    if (totals && preview.totalRows > 0) {
      const first = columns[0];
      const label = first && totals[first.key] === undefined ? { [first.key]: 'Total' } : {};
      drawRow({ ...totals, ...label }, true);
    }
    doc.end();
  };
  draw().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
