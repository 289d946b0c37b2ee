import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { PROMO_CSV_HEADERS, PROMO_IMPORT_MAX_ROWS, type PromoCode } from '#shared/contracts/promo-codes.ts';
import {
  looksLikeFormula,
  PROMO_EXPORT_HEADERS,
  PromoCsvError,
  parsePromoCsv,
  promoCodesCsv,
  promoTemplateCsv,
  unescapeFormula,
  validatePromoRows,
} from './promo-csv.ts';

const code = (overrides: Partial<PromoCode> = {}): PromoCode => ({
  id: '6f1f0c3e-8a57-4b53-9d1e-6a4f4a0d2b11',
  code: 'SUMMER10',
  description: null,
  discount_type: 'percentage',
  discount_value: 10,
  applies_to: 'order',
  product_skus: [],
  category_ids: [],
  minimum_order_amount: null,
  maximum_discount_amount: null,
  max_uses: 0,
  max_uses_per_customer: 0,
  current_uses: 0,
  start_date: null,
  end_date: null,
  is_active: true,
  status: 'active',
  created_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
  ...overrides,
});

/** The cells of a CSV text, as a spreadsheet would read them. */
const cellsOf = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

describe('promo code CSV (docs/product.md#csv-import-and-export)', () => {
  it('writes the template: the columns in order and one example row that imports cleanly', () => {
    const csv = promoTemplateCsv();
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [headers, example, ...rest] = cellsOf(csv);
    expect(headers).toEqual([...PROMO_CSV_HEADERS]);
    expect(example).toHaveLength(PROMO_CSV_HEADERS.length);
    expect(rest).toEqual([]);
    const [outcome] = validatePromoRows(parsePromoCsv(csv));
    expect(outcome).toMatchObject({ line: 2, input: { code: 'SUMMER10', discount_value: 10, is_active: true } });
  });

  it('escapes every formula-looking cell on export, and import gives the exact text back', () => {
    const tricky = ['=1+1', '+x', '-x', '@x', '\tx', '\rx', "'=x", "''+x", '=HYPERLINK("a")\n=b', 'plain', "it's"];
    const csv = promoCodesCsv(tricky.map((description) => code({ description })));
    const rows = cellsOf(csv).slice(1);
    const descriptions = rows.map((row) => row[PROMO_EXPORT_HEADERS.indexOf('description')] as string);
    for (const cell of descriptions) expect(looksLikeFormula(cell)).toBe(false);
    expect(descriptions.slice(0, 4)).toEqual(["'=1+1", "'+x", "'-x", "'@x"]);
    expect(descriptions.map(unescapeFormula)).toEqual(tricky);
    // A code may start with `-` too: the same escape covers every column.
    const dash = cellsOf(promoCodesCsv([code({ code: '-DASH', product_skus: ['-SKU', 'B'] })]))[1] as string[];
    expect(dash[0]).toBe("'-DASH");
    expect(dash[PROMO_EXPORT_HEADERS.indexOf('product_skus')]).toBe("'-SKU;B");
  });

  it('reads headers in any case with spaces, quoted fields, a BOM, blank lines, and counts file lines', () => {
    const text =
      '\uFEFF Code ,DISCOUNT_TYPE, Discount Value ,extra\r\n' +
      'a1,percentage,10,ignored\r\n' +
      '\r\n' +
      '"b2","fixed","5.50","with ""quotes"", commas\r\nand a line break"\r\n' +
      'c3,fixed,1\r\n';
    const rows = parsePromoCsv(text);
    expect(rows.map((row) => row.line)).toEqual([2, 4, 6]);
    expect(rows[0]?.cells).toEqual({ code: 'a1', discount_type: 'percentage', discount_value: '10', extra: 'ignored' });
    expect(rows[1]?.cells.extra).toBe('with "quotes", commas\r\nand a line break');
    // A short row reads its missing cells as blank.
    expect(rows[2]?.cells.extra).toBe('');
  });

  it('refuses a whole file for missing columns, broken quotes or too many rows', () => {
    expect(() => parsePromoCsv('code,discount\nA,1\n')).toThrow(
      new PromoCsvError('Missing required columns: discount_type, discount_value'),
    );
    expect(() => parsePromoCsv('')).toThrow(/Missing required columns: code, discount_type, discount_value/);
    expect(() => parsePromoCsv('code,discount_type,discount_value\n"A,fixed,1\n')).toThrow(/not valid CSV/);
    const header = 'code,discount_type,discount_value\n';
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `C${i},fixed,1`).join('\n');
    expect(parsePromoCsv(header + rows(PROMO_IMPORT_MAX_ROWS))).toHaveLength(PROMO_IMPORT_MAX_ROWS);
    expect(() => parsePromoCsv(header + rows(PROMO_IMPORT_MAX_ROWS + 1))).toThrow(/more than 10,000 rows/);
  });

  it('turns cells into the write schema: lists, is_active words, blanks as defaults, first error per row', () => {
    const csv = [
      'code,discount_type,discount_value,applies_to,product_skus,category_ids,is_active,max_uses,start_date,end_date',
      'ok1,Percentage,10,product,"a-1; b-2,c-3",,yes,,,',
      'ok2,fixed,5,,,,0,3,2026-01-01,2026-02-01',
      'ok3,fixed,5,,,,,,,',
      'bad1,percentage,150,,,,,,,',
      'bad2,fixed,5,,,,maybe,,,',
      'bad3,fixed,5,,,,,,2026-02-01,2026-01-01',
      'bad4,fixed,5,,,,,,31/12/2026,',
      ',fixed,5,,,,,,,',
      'bad6,fixed,,,,,,,,',
    ].join('\n');
    const outcomes = validatePromoRows(parsePromoCsv(csv));
    expect(outcomes[0]).toMatchObject({
      line: 2,
      input: { code: 'OK1', discount_type: 'percentage', applies_to: 'product', product_skus: ['A-1', 'B-2', 'C-3'] },
    });
    expect(outcomes[1]).toMatchObject({ input: { is_active: false, max_uses: 3, start_date: '2026-01-01' } });
    expect(outcomes[2]).toMatchObject({ input: { is_active: true, max_uses: 0, applies_to: 'order' } });
    expect(outcomes.slice(3)).toEqual([
      { line: 5, error: 'discount_value: A percentage cannot be more than 100' },
      { line: 6, error: 'is_active: Use true or false (also 1/0, yes/no)' },
      { line: 7, error: 'end_date: End date must not be before the start date' },
      { line: 8, error: 'start_date: Use a date like 2026-12-31' },
      { line: 9, error: 'code: Code is required' },
      { line: 10, error: 'discount_value: Discount value must be a number' },
    ]);
  });
});
