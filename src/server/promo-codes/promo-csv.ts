import Papa from 'papaparse';
import { CSV_BOM, csvFile } from '#server/csv.ts';
import {
  PROMO_CSV_HEADERS,
  PROMO_EXPORT_EXTRA_HEADERS,
  PROMO_IMPORT_MAX_ROWS,
  type PromoCode,
  type PromoCodeWrite,
  PromoCodeWriteSchema,
} from '#shared/contracts/promo-codes.ts';

/**
 * Promo codes as CSV (docs/product.md#csv-import-and-export), pure: text in, rows out, and back.
 * The database half of an import (existing codes, SKUs, the writes) is promo-codes-import.ts.
 */

/** What a spreadsheet would run as a formula: `= + - @`, tab or CR first (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** The export (#server/csv.ts) prefixes such cells with `'`; import strips exactly one. */
const ESCAPED_ON_IMPORT = /^'+[=+\-@\t\r]/;

/** The text a cell held before the export escaped it. */
export function unescapeFormula(cell: string): string {
  return ESCAPED_ON_IMPORT.test(cell) ? cell.slice(1) : cell;
}

/** Whether a spreadsheet opening `cell` as written would read it as a formula. */
export function looksLikeFormula(cell: string): boolean {
  return FORMULA_START.test(cell);
}

/** Lists inside one cell: `;` (what the export writes) or `,` (a quoted cell). */
const LIST_SEPARATOR = /[;,]/;
const EXPORT_LIST_SEPARATOR = ';';

/** `GET /admin/promo-codes/template`: the columns and one example row. */
export function promoTemplateCsv(): string {
  return csvFile(PROMO_CSV_HEADERS, [
    [
      'SUMMER10',
      'percentage',
      10,
      'order',
      'Summer sale: 10% off everything',
      '',
      100,
      '2026-06-01',
      '2026-08-31',
      'true',
    ],
  ]);
}

export const PROMO_EXPORT_HEADERS = [...PROMO_CSV_HEADERS, ...PROMO_EXPORT_EXTRA_HEADERS] as const;

/** `GET /admin/promo-codes/export`: every column import reads back, and current_uses (which it does not). */
export function promoCodesCsv(codes: readonly PromoCode[]): string {
  const cells: Record<(typeof PROMO_EXPORT_HEADERS)[number], (code: PromoCode) => string | number> = {
    code: (code) => code.code,
    discount_type: (code) => code.discount_type,
    discount_value: (code) => code.discount_value,
    applies_to: (code) => code.applies_to,
    description: (code) => code.description ?? '',
    product_skus: (code) => code.product_skus.join(EXPORT_LIST_SEPARATOR),
    max_uses: (code) => code.max_uses,
    start_date: (code) => code.start_date ?? '',
    end_date: (code) => code.end_date ?? '',
    is_active: (code) => (code.is_active ? 'true' : 'false'),
    category_ids: (code) => code.category_ids.join(EXPORT_LIST_SEPARATOR),
    minimum_order_amount: (code) => code.minimum_order_amount ?? '',
    maximum_discount_amount: (code) => code.maximum_discount_amount ?? '',
    max_uses_per_customer: (code) => code.max_uses_per_customer,
    current_uses: (code) => code.current_uses,
  };
  return csvFile(
    PROMO_EXPORT_HEADERS,
    codes.map((code) => PROMO_EXPORT_HEADERS.map((header) => cells[header](code))),
  );
}

export const PROMO_REQUIRED_HEADERS = ['code', 'discount_type', 'discount_value'] as const;

/** Why a whole file is refused (the route answers 400 with it). */
export class PromoCsvError extends Error {}

/** One data row: its line in the file (the header is line 1) and its cells by (normalised) header. */
export interface PromoCsvRow {
  line: number;
  cells: Record<string, string>;
}

/** `Code `, `DISCOUNT TYPE` → `code`, `discount_type`. */
const normaliseHeader = (header: string) => header.trim().toLowerCase().replace(/\s+/g, '_');

const isBlankRow = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/**
 * Reads the file's rows (papaparse: quoted fields, quotes doubled inside, line breaks inside
 * quotes). Headers are matched ignoring case and surrounding spaces; unknown columns are kept but
 * never read. Blank lines are skipped yet counted, so each row's `line` is where an editor shows it.
 * Throws PromoCsvError for what makes the whole file unreadable: no header, missing required
 * columns, broken quotes, more than PROMO_IMPORT_MAX_ROWS rows.
 */
export function parsePromoCsv(text: string): PromoCsvRow[] {
  const body = text.startsWith(CSV_BOM) ? text.slice(CSV_BOM.length) : text;
  // Where a line ends: \n (also in \r\n), or a lone \r in old Mac files.
  const newline = body.includes('\n') ? '\n' : '\r';
  let headers: string[] | null = null;
  let consumed = 0;
  let linesBefore = 0;
  let tooMany = false;
  let quoteError: string | null = null;
  const rows: PromoCsvRow[] = [];
  Papa.parse<string[]>(body, {
    skipEmptyLines: false,
    step: (result, parser) => {
      const line = linesBefore + 1;
      const end = result.meta.cursor;
      for (let at = body.indexOf(newline, consumed); at !== -1 && at < end; at = body.indexOf(newline, at + 1)) {
        linesBefore += 1;
      }
      consumed = end;
      // Only broken quotes make the rest unreadable (a delimiter papaparse could not detect is
      // reported too, and falls back to a comma, which the header check then judges).
      const broken = result.errors.find((error) => error.type === 'Quotes');
      if (broken) {
        quoteError = `Line ${line}: ${broken.message}`;
        parser.abort();
        return;
      }
      const cells = result.data;
      if (isBlankRow(cells)) return;
      if (headers === null) {
        headers = cells.map(normaliseHeader);
        return;
      }
      if (rows.length === PROMO_IMPORT_MAX_ROWS) {
        tooMany = true;
        parser.abort();
        return;
      }
      const byHeader: Record<string, string> = {};
      (headers as string[]).forEach((header, index) => {
        if (header !== '' && !(header in byHeader)) byHeader[header] = cells[index] ?? '';
      });
      rows.push({ line, cells: byHeader });
    },
  });
  if (quoteError !== null) throw new PromoCsvError(`The file is not valid CSV. ${quoteError}`);
  if (tooMany) {
    throw new PromoCsvError(
      `The file has more than ${PROMO_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it into smaller files.`,
    );
  }
  const found = new Set<string>(headers ?? []);
  const missing = PROMO_REQUIRED_HEADERS.filter((header) => !found.has(header));
  if (missing.length > 0) throw new PromoCsvError(`Missing required columns: ${missing.join(', ')}`);
  return rows;
}

const TRUE_WORDS = new Set(['true', '1', 'yes']);
const FALSE_WORDS = new Set(['false', '0', 'no']);

export type PromoRowOutcome = { line: number; input: PromoCodeWrite } | { line: number; error: string };

/** One row as the write schema's input: blanks are "not given" (the schema's defaults apply). */
function rowInput(cells: Record<string, string>): Record<string, unknown> | string {
  const cell = (name: string) => unescapeFormula(cells[name] ?? '').trim();
  const input: Record<string, unknown> = {};
  const text = (name: string, transform: (value: string) => unknown = (value) => value) => {
    const value = cell(name);
    if (value !== '') input[name] = transform(value);
  };
  const list = (value: string) =>
    value
      .split(LIST_SEPARATOR)
      .map((item) => item.trim())
      .filter((item) => item !== '');
  text('code');
  text('description');
  text('discount_type', (value) => value.toLowerCase());
  text('discount_value');
  text('applies_to', (value) => value.toLowerCase());
  text('product_skus', list);
  text('category_ids', list);
  text('minimum_order_amount');
  text('maximum_discount_amount');
  text('max_uses');
  text('max_uses_per_customer');
  text('start_date');
  text('end_date');
  const active = cell('is_active').toLowerCase();
  if (active !== '') {
    if (TRUE_WORDS.has(active)) input.is_active = true;
    else if (FALSE_WORDS.has(active)) input.is_active = false;
    else return 'is_active: Use true or false (also 1/0, yes/no)';
  }
  return input;
}

/** Each row checked with the API's write schema; the first problem of a bad row, named by column. */
export function validatePromoRows(rows: readonly PromoCsvRow[]): PromoRowOutcome[] {
  return rows.map(({ line, cells }) => {
    const input = rowInput(cells);
    if (typeof input === 'string') return { line, error: input };
    const parsed = PromoCodeWriteSchema.safeParse(input);
    if (parsed.success) return { line, input: parsed.data };
    const [issue] = parsed.error.issues;
    const column = issue?.path[0];
    const message = issue?.message ?? 'Invalid row';
    return { line, error: column === undefined ? message : `${String(column)}: ${message}` };
  });
}
