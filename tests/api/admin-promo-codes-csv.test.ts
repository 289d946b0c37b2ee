import { count, eq, inArray, like } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/audit/audit.table.ts';
import { promoCodes } from '#server/promo-codes/promo-codes.table.ts';
import {
  PROMO_CSV_HEADERS,
  PROMO_EXPORT_EXTRA_HEADERS,
  PROMO_IMPORT_MAX_BYTES,
  PROMO_TEMPLATE_FILE_NAME,
  type PromoCode,
  type PromoCodesImportResult,
  type PromoCodeWriteInput,
  promoExportFileName,
} from '#shared/contracts/promo-codes.ts';
import { createCategory, createProduct } from '../factories/catalogue.ts';
import { apiAs } from '../helpers/admin-api.ts';
import { createUser, signInAs } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const EXPORT_HEADERS = [...PROMO_CSV_HEADERS, ...PROMO_EXPORT_EXTRA_HEADERS];
const HEADER =
  'code,discount_type,discount_value,applies_to,description,product_skus,max_uses,start_date,end_date,is_active';

/** The rows of a CSV answer as objects by header (BOM dropped), as a spreadsheet would read them. */
function rowsOf(csv: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
}

/** docs/product.md#csv-import-and-export: template, export, import, and the round trip between them. */
describe('admin promo codes CSV', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  let sku: string;
  let categoryId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const admin = await createUser(db, { role: 'admin' });
    api = apiAs(ctx.app, (await signInAs(ctx.app, admin.email)).token);
    sku = (await createProduct(db, { sku: 'ESP32-DEV' })).sku;
    categoryId = (await createCategory(db)).id;
  });
  afterAll(() => ctx.close());

  const create = async (body: PromoCodeWriteInput): Promise<PromoCode> => {
    const response = await api('POST', '/api/admin/promo-codes', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  };
  const importCsv = async (csvData: string, options: { dry_run?: boolean; update_existing?: boolean } = {}) =>
    api('POST', '/api/admin/promo-codes/import', { csvData, ...options });
  const imported = async (csvData: string, options: { dry_run?: boolean; update_existing?: boolean } = {}) => {
    const response = await importCsv(csvData, options);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as PromoCodesImportResult;
  };
  const codeNamed = async (code: string) => {
    const [row] = await ctx.database.db.select().from(promoCodes).where(eq(promoCodes.code, code));
    return row;
  };
  const codeCount = async () => (await ctx.database.db.select({ n: count() }).from(promoCodes))[0]?.n ?? 0;
  const importAudits = async () =>
    ctx.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'promo_code.import'));

  it('downloads the template: the columns in order and one example row, as an attachment', async () => {
    const response = await api('GET', '/api/admin/promo-codes/template');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${PROMO_TEMPLATE_FILE_NAME}"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const [headerLine] = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(headerLine).toBe(PROMO_CSV_HEADERS.join(','));
    expect(rowsOf(response.body)).toHaveLength(1);
    // The example imports as it stands (a dry run, so nothing is written).
    expect(await imported(response.body, { dry_run: true })).toMatchObject({ total_rows: 1, imported: 1, errors: [] });
  });

  it("exports the list's filters as a dated file, with formula-looking cells made inert", async () => {
    await create({ code: 'EXP-FORMULA', discount_type: 'fixed', discount_value: 2, description: '=1+1' });
    await create({ code: 'EXP-PLUS', discount_type: 'percentage', discount_value: 5, description: '+x' });
    await create({ code: 'EXP-MINUS', discount_type: 'percentage', discount_value: 5, description: '-x' });
    await create({ code: 'EXP-AT', discount_type: 'percentage', discount_value: 5, description: '@x' });
    await create({ code: 'EXP-OFF', discount_type: 'percentage', discount_value: 5, is_active: false });
    // The API trims descriptions; a tab or CR first can still reach the table another way.
    await ctx.database.db.insert(promoCodes).values([
      { code: 'EXP-TAB', discountType: 'percentage', discountValue: 5, description: '\t=cmd' },
      { code: 'EXP-CR', discountType: 'percentage', discountValue: 5, description: '\r=cmd' },
    ]);

    const response = await api('GET', '/api/admin/promo-codes/export?search=EXP-&sort_by=code&sort_order=asc');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${promoExportFileName()}"`);
    expect(response.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(EXPORT_HEADERS.join(','));
    const rows = rowsOf(response.body);
    expect(rows.map((row) => row.code)).toEqual([
      'EXP-AT',
      'EXP-CR',
      'EXP-FORMULA',
      'EXP-MINUS',
      'EXP-OFF',
      'EXP-PLUS',
      'EXP-TAB',
    ]);
    const description = (code: string) => rows.find((row) => row.code === code)?.description;
    expect(description('EXP-FORMULA')).toBe("'=1+1");
    expect(description('EXP-PLUS')).toBe("'+x");
    expect(description('EXP-MINUS')).toBe("'-x");
    expect(description('EXP-AT')).toBe("'@x");
    expect(description('EXP-TAB')).toBe("'\t=cmd");
    expect(description('EXP-CR')).toBe("'\r=cmd");
    // Those two go again: the API trims descriptions, so they could not come back by import as they are.
    await ctx.database.db.delete(promoCodes).where(inArray(promoCodes.code, ['EXP-TAB', 'EXP-CR']));
    // Every escaped cell is quoted in the file, so no spreadsheet splits or trims it.
    expect(response.body).toContain(`"'=1+1"`);
    expect(rows.find((row) => row.code === 'EXP-FORMULA')).toMatchObject({
      discount_type: 'fixed',
      discount_value: '2',
      is_active: 'true',
      current_uses: '0',
    });

    const filtered = async (query: string) =>
      rowsOf((await api('GET', `/api/admin/promo-codes/export?search=EXP-&${query}`)).body).map((row) => row.code);
    expect(await filtered('discount_type=fixed')).toEqual(['EXP-FORMULA']);
    expect(await filtered('status=inactive')).toEqual(['EXP-OFF']);
  });

  it('imports a good file: quoted fields, lists, flags, dates; audited once with the counts', async () => {
    const audits = (await importAudits()).length;
    const csv = [
      '\uFEFFCode, Discount_Type ,DISCOUNT_VALUE,applies_to,description,product_skus,category_ids,max_uses,start_date,end_date,is_active,minimum_order_amount,maximum_discount_amount,max_uses_per_customer,notes',
      `good-a,percentage,15,product,"Sensors, 15% off",esp32-dev,${categoryId},100,2026-01-01,2030-12-31,yes,20,50,1,ignored`,
      'GOOD-B,fixed,7.5,order,"He said ""hi""",,,,,,0,,,,',
      `good-c,fixed,3,product,,"${sku.toLowerCase()}; esp32-dev",,,,,,,,,`,
    ].join('\r\n');
    const result = await imported(csv);
    expect(result).toEqual({ total_rows: 3, imported: 3, updated: 0, skipped: 0, errors: [], dry_run: false });
    expect(await codeNamed('GOOD-A')).toMatchObject({
      description: 'Sensors, 15% off',
      discountType: 'percentage',
      discountValue: 15,
      appliesTo: 'product',
      productSkus: ['ESP32-DEV'],
      categoryIds: [categoryId],
      maxUses: 100,
      maxUsesPerCustomer: 1,
      minimumOrderAmount: 20,
      maximumDiscountAmount: 50,
      startDate: '2026-01-01',
      endDate: '2030-12-31',
      isActive: true,
    });
    expect(await codeNamed('GOOD-B')).toMatchObject({ description: 'He said "hi"', isActive: false, maxUses: 0 });
    expect((await codeNamed('GOOD-C'))?.productSkus).toEqual(['ESP32-DEV']);
    const after = await importAudits();
    expect(after).toHaveLength(audits + 1);
    expect(after.at(-1)?.after).toMatchObject({ total_rows: 3, imported: 3, updated: 0, skipped: 0, errors: 0 });
    expect(after.at(-1)?.userEmail).toBeTruthy();
  });

  it('reports bad rows by file line with their first error, and imports the rest', async () => {
    await create({ code: 'ALREADY-HERE', discount_type: 'fixed', discount_value: 1 });
    const csv = [
      HEADER,
      'row-ok,fixed,5,,,,,,,',
      'bad-pct,percentage,120,,,,,,,',
      '',
      'bad-sku,fixed,5,product,,NO-SUCH-SKU,,,,',
      'bad flag,fixed,5,,,,,,,',
      'bad-date,fixed,5,,,,,2026-13-01,,',
      'bad-end,fixed,5,,,,,2026-05-02,2026-05-01,',
      'bad-active,fixed,5,,,,,,,sometimes',
      'row-ok,fixed,6,,,,,,,',
      'already-here,fixed,9,,,,,,,',
      ',fixed,5,,,,,,,',
    ].join('\n');
    const result = await imported(csv);
    expect(result).toMatchObject({ total_rows: 10, imported: 1, updated: 0, skipped: 9 });
    expect(result.errors).toEqual([
      { row: 3, error: 'discount_value: A percentage cannot be more than 100' },
      { row: 5, error: 'product_skus: Unknown SKU: NO-SUCH-SKU' },
      { row: 6, error: 'code: Code may hold letters, digits, - and _ only' },
      { row: 7, error: 'start_date: Use a date like 2026-12-31' },
      { row: 8, error: 'end_date: End date must not be before the start date' },
      { row: 9, error: 'is_active: Use true or false (also 1/0, yes/no)' },
      { row: 10, error: 'code: ROW-OK is already on row 2 of this file' },
      { row: 12, error: 'code: Code is required' },
    ]);
    expect((await codeNamed('ROW-OK'))?.discountValue).toBe(5);
    expect((await codeNamed('ALREADY-HERE'))?.discountValue).toBe(1);
  });

  it('reports an impossible calendar date as a row error, in the dry run and the import alike', async () => {
    const csv = [
      HEADER,
      'feb-31,fixed,5,,,,,2030-02-31,,',
      'apr-31,fixed,5,,,,,,2030-04-31,',
      'leap-ok,fixed,5,,,,,2028-02-29,,',
    ].join('\n');
    const expected = {
      total_rows: 3,
      imported: 1,
      errors: [
        { row: 2, error: 'start_date: Use a date like 2026-12-31' },
        { row: 3, error: 'end_date: Use a date like 2026-12-31' },
      ],
    };
    expect(await imported(csv, { dry_run: true })).toMatchObject(expected);
    expect(await imported(csv)).toMatchObject(expected);
    expect(await codeNamed('FEB-31')).toBeUndefined();
    expect((await codeNamed('LEAP-OK'))?.startDate).toBe('2028-02-29');
  });

  it('refuses a whole file with missing columns, too many rows or too many bytes', async () => {
    const missing = await importCsv('code,type,value\nA,fixed,1\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Missing required columns: discount_type, discount_value',
      errors: [{ path: 'csvData', message: 'Missing required columns: discount_type, discount_value' }],
    });
    const rows = Array.from({ length: 10_001 }, (_, i) => `MANY-${i},fixed,1`).join('\n');
    const tooMany = await importCsv(`code,discount_type,discount_value\n${rows}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('The file has more than 10,000 rows. Split it into smaller files.');
    const tooBig = await importCsv(`${HEADER}\n${'x'.repeat(PROMO_IMPORT_MAX_BYTES)}`);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors).toEqual([{ path: 'csvData', message: 'The file is larger than 5 MB' }]);
    expect((await importCsv('')).statusCode).toBe(400);
    expect(await codeNamed('MANY-0')).toBeUndefined();
  });

  it('answers a dry run with the same counts and writes nothing', async () => {
    const before = await codeCount();
    const audits = (await importAudits()).length;
    const csv = [HEADER, 'DRY-1,fixed,5,,,,,,,', 'DRY-2,percentage,500,,,,,,,', 'ALREADY-HERE,fixed,2,,,,,,,'].join(
      '\n',
    );
    const dry = await imported(csv, { dry_run: true, update_existing: true });
    expect(dry).toEqual({
      total_rows: 3,
      imported: 1,
      updated: 1,
      skipped: 1,
      errors: [{ row: 3, error: 'discount_value: A percentage cannot be more than 100' }],
      dry_run: true,
    });
    expect(await codeCount()).toBe(before);
    expect((await codeNamed('ALREADY-HERE'))?.discountValue).toBe(1);
    expect(await importAudits()).toHaveLength(audits);
    const real = await imported(csv, { update_existing: true });
    expect({ ...real, dry_run: true }).toEqual(dry);
  });

  it('updates existing codes with update_existing, keeping their id and uses, and skips them without it', async () => {
    const existing = await create({ code: 'UPD-ME', discount_type: 'fixed', discount_value: 1, max_uses: 10 });
    await ctx.database.db.update(promoCodes).set({ currentUses: 4 }).where(eq(promoCodes.id, existing.id));
    const csv = [HEADER, 'upd-me,percentage,25,,New words,,20,,,false'].join('\n');
    expect(await imported(csv)).toMatchObject({ imported: 0, updated: 0, skipped: 1, errors: [] });
    expect((await codeNamed('UPD-ME'))?.discountValue).toBe(1);
    expect(await imported(csv, { update_existing: true })).toMatchObject({ imported: 0, updated: 1, skipped: 0 });
    expect(await codeNamed('UPD-ME')).toMatchObject({
      id: existing.id,
      discountType: 'percentage',
      discountValue: 25,
      description: 'New words',
      maxUses: 20,
      isActive: false,
      currentUses: 4,
    });
  });

  it('imports 10,000 rows in one go, well within seconds', async () => {
    const rows = Array.from(
      { length: 10_000 },
      (_, i) =>
        `BULK-${String(i).padStart(5, '0')},${i % 2 ? 'fixed' : 'percentage'},${(i % 90) + 1},order,Bulk code ${i},,${i % 7},,,true`,
    );
    const started = performance.now();
    const result = await imported([HEADER, ...rows].join('\n'));
    const seconds = (performance.now() - started) / 1000;
    console.info(`imported 10,000 promo code rows in ${seconds.toFixed(2)} s`);
    expect(result).toMatchObject({ total_rows: 10_000, imported: 10_000, skipped: 0, errors: [] });
    expect(seconds).toBeLessThan(10);
    expect((await codeNamed('BULK-09999'))?.discountValue).toBe(10);
    // The export has no pages: every matching code, far past a list page's 100.
    const exported = await api('GET', '/api/admin/promo-codes/export?search=BULK-');
    expect(rowsOf(exported.body)).toHaveLength(10_000);
    // Again with update_existing: every row replaces its code.
    expect(await imported([HEADER, ...rows].join('\n'), { update_existing: true })).toMatchObject({ updated: 10_000 });
    // Cleared again so the round trip below stays small.
    await ctx.database.db.delete(promoCodes).where(like(promoCodes.code, 'BULK-%'));
  }, 60_000);

  it('round-trips: export, delete every code, import the file, and the same codes are back', async () => {
    await create({
      code: 'RT-PRODUCT',
      description: '-5 on "sensors", for real\nsecond line',
      discount_type: 'percentage',
      discount_value: 12.5,
      applies_to: 'product',
      product_skus: [sku],
      category_ids: [categoryId],
      minimum_order_amount: 10,
      maximum_discount_amount: 40.25,
      max_uses: 7,
      max_uses_per_customer: 2,
      start_date: '2026-01-01',
      end_date: '2031-01-01',
    });
    await create({ code: '-RT-DASH', description: "'=not a formula", discount_type: 'fixed', discount_value: 3 });
    await create({ code: 'RT-OFF', discount_type: 'fixed', discount_value: 0.5, is_active: false });
    const listAll = async (): Promise<PromoCode[]> =>
      (await api('GET', '/api/admin/promo-codes?sort_by=code&sort_order=asc&limit=100')).json().data;
    const comparable = (codes: PromoCode[]) =>
      codes.map(({ id: _id, created_at: _created, updated_at: _updated, ...fields }) => fields);
    // Uses are counted from orders, and an empty shop has none: the codes come back unused.
    await ctx.database.db.update(promoCodes).set({ currentUses: 0 });
    const before = await listAll();
    expect(before.length).toBeGreaterThan(3);

    const file = (await api('GET', '/api/admin/promo-codes/export')).body;
    const deleted = await api('POST', '/api/admin/promo-codes/bulk-delete', { ids: before.map((code) => code.id) });
    expect(deleted.json().data).toMatchObject({ deleted_count: before.length, kept: [] });
    expect(await codeCount()).toBe(0);

    expect(await imported(file)).toMatchObject({ total_rows: before.length, imported: before.length, errors: [] });
    expect(comparable(await listAll())).toEqual(comparable(before));
  });
});
