import Papa from 'papaparse';

/**
 * CSV as the admin's exports write it (promo codes, the audit log; docs/product.md#csv-import-and-export):
 * papaparse's quoting, CRLF line ends, a BOM first so a spreadsheet opens the file as UTF-8, and
 * every cell a spreadsheet would run as a formula neutralised.
 */

/** BOM first, so a spreadsheet opens the file as UTF-8 (an import skips it). */
export const CSV_BOM = '\uFEFF';

/**
 * Cells prefixed with `'` on export: those starting with `= + - @`, tab or CR (OWASP's list), and
 * those already starting with quotes before such a character, so that an import can strip exactly
 * one `'` and give back the original text every time (`'=x` exports as `''=x`). papaparse's own
 * `escapeFormulae: true` pattern ends in `.*$` without the `s` flag, so a multi-line `=…` cell
 * slipped through it.
 */
export const FORMULA_ESCAPED_ON_EXPORT = /^'*[=+\-@\t\r]/;

export type CsvCell = string | number | null;

const OPTIONS = { escapeFormulae: FORMULA_ESCAPED_ON_EXPORT, newline: '\r\n' } as const;

/** A whole small file: BOM, header row, rows. */
export function csvFile(headers: readonly string[], rows: readonly CsvCell[][]): string {
  return CSV_BOM + Papa.unparse({ fields: [...headers], data: rows.map((row) => [...row]) }, OPTIONS);
}

/**
 * Rows of a file written in pieces (a streamed export): each line ends in CRLF, so pieces join
 * into one file. The first piece is `CSV_BOM + csvLines([headers])`.
 */
export function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  if (rows.length === 0) return '';
  return `${Papa.unparse(
    rows.map((row) => [...row]),
    { ...OPTIONS, header: false },
  )}\r\n`;
}

/** A column of a file of records: its key is the header, its kind how a number is written. */
export interface CsvRecordColumn {
  key: string;
  kind: string;
}

/** Money with its two decimals (12.50), other numbers as they are, nothing as an empty cell. */
function recordCell(value: CsvCell | undefined, kind: string): CsvCell {
  if (value === null || value === undefined) return '';
  if (kind === 'money' && typeof value === 'number') return value.toFixed(2);
  return value;
}

/**
 * A streamed file of records (the reports, the orders export): BOM and header row first, then
 * each page of records as it comes, so the file is never whole in memory.
 */
export async function* csvOfRecords(
  columns: readonly CsvRecordColumn[],
  pages: AsyncIterable<readonly Record<string, CsvCell>[]>,
): AsyncGenerator<string> {
  yield CSV_BOM + csvLines([columns.map((column) => column.key)]);
  for await (const page of pages) {
    yield csvLines(page.map((record) => columns.map((column) => recordCell(record[column.key], column.kind))));
  }
}
