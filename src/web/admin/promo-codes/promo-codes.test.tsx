import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PROMO_MESSAGES, type PromoCodesImportResult } from '#shared/contracts/promo-codes.ts';
import { adminTestSetup, click, fieldLabelled, submit, type, where } from '#web/test/admin.tsx';
import { errorBody, json, pagination, recordedApi, route } from '#web/test/api.ts';
import { buttonByText, byLabel, tableCells } from '#web/test/queries.ts';
import { waitFor } from '#web/test/render.tsx';
import { PromoCodesPage } from './promo-codes-page.tsx';
import { PromoEditorPage } from './promo-editor-page.tsx';
import { PromoUsagePage } from './promo-usage-page.tsx';
import { FIVE_OFF, SPRING } from './test-fixtures.ts';

const STATS = {
  total_codes: 2,
  active_codes: 1,
  expired_codes: 0,
  total_uses: 3,
  total_discount_given: 27.5,
  most_used_code: { id: SPRING.id, code: SPRING.code, uses: 3 },
  recent_codes: [SPRING, FIVE_OFF],
};

const { toasts, mountRoutes } = adminTestSetup();

const { calls, answers } = recordedApi((path) => {
  if (path === 'GET /api/admin/promo-codes') return json({ data: [SPRING, FIVE_OFF], pagination: pagination(2) });
  if (path === 'GET /api/admin/promo-codes/stats') return json({ data: STATS });
  if (path === 'GET /api/admin/categories') return json({ data: [] });
  if (path === `GET /api/admin/promo-codes/${SPRING.id}`) return json({ data: SPRING });
  return errorBody('Not found', 404);
});

const ROUTES = {
  '/admin/promo-codes': <PromoCodesPage />,
  '/admin/promo-codes/new': <PromoEditorPage />,
  '/admin/promo-codes/:id': <PromoUsagePage />,
  '/admin/promo-codes/:id/edit': <PromoEditorPage />,
};
const mount = (entry: string) => mountRoutes(ROUTES, entry);

describe('PromoCodesPage', () => {
  it('lists the codes with their discount, conditions, uses, dates and status, under the totals', async () => {
    const root = await mount('/admin/promo-codes');
    await waitFor(() => expect(root.querySelector('table')).not.toBeNull());
    const rows = tableCells(root);
    expect(rows[0]?.slice(1, 6)).toEqual([
      'SPRING10Whole order · Spring sale',
      '10 %up to $20.00min. order $50.00',
      '3 / ∞',
      expect.stringMatching(/^(Mar 1, 2026 –Mar 31, 2026|1 Mar 2026 –31 Mar 2026)$/),
      'Active',
    ]);
    expect(rows[1]?.slice(1, 6)).toEqual(['FIVEOFFWhole order', '$5.00', '0 / 100', 'No end date', 'Inactive']);
    expect(root.querySelector(`a[href="/admin/promo-codes/${SPRING.id}/edit"]`)).not.toBeNull();
    await waitFor(() => expect(root.querySelector('[aria-label="Promo code totals"]')).not.toBeNull());
    expect(root.querySelector('[aria-label="Promo code totals"]')?.textContent).toContain('Discount given$27.50');
  });

  it('bulk deletes after a confirm, then says how many went and which used codes were kept and why', async () => {
    answers['POST /api/admin/promo-codes/bulk-delete'] = () =>
      json({
        data: {
          deleted_count: 1,
          kept: [{ id: SPRING.id, code: SPRING.code, reason: 'used by 3 orders' }],
        },
      });
    const root = await mount('/admin/promo-codes');
    await waitFor(() => expect(root.querySelector('table')).not.toBeNull());
    await click(byLabel(root, 'Select every promo code on this page'));
    expect(root.textContent).toContain('2 promo codes selected');
    await click(buttonByText(root.querySelector('[aria-label="Bulk actions"]') ?? root, 'Delete'));
    const dialog = [...root.querySelectorAll('dialog')].find((item) =>
      item.textContent?.includes('Delete 2 promo codes?'),
    );
    expect(dialog?.textContent).toContain('Codes that orders have used are kept');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await submit(dialog?.querySelector('form'));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('1 promo code deleted, 1 kept'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ ids: [SPRING.id, FIVE_OFF.id] });
    expect(toasts.at(-1)).toMatchObject({
      variant: 'warning',
      description: 'Kept: SPRING10 (used by 3 orders). Deactivate used codes instead.',
    });
    await waitFor(() => expect(root.textContent).not.toContain('selected'));
  });

  it('says "Failed to download template" when the template cannot be downloaded', async () => {
    answers['GET /api/admin/promo-codes/template'] = () => errorBody('Boom', 500, 'INTERNAL');
    const root = await mount('/admin/promo-codes');
    await click(buttonByText(root, 'Download template'));
    await waitFor(() =>
      expect(toasts.at(-1)).toMatchObject({ variant: 'error', title: PROMO_MESSAGES.templateFailed }),
    );
  });

  it('exports the current filters, and says "Failed to export promo codes" on failure', async () => {
    answers['GET /api/admin/promo-codes/export'] = () => errorBody('Boom', 500, 'INTERNAL');
    const root = await mount('/admin/promo-codes?status=expired&discount_type=fixed&page=2');
    await waitFor(() => expect(root.querySelector('table')).not.toBeNull());
    await click(buttonByText(root, 'Export CSV'));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ variant: 'error', title: PROMO_MESSAGES.exportFailed }));
    const url = calls.find((call) => call.url.includes('/export'))?.url ?? '';
    expect(url).toContain('status=expired');
    expect(url).toContain('discount_type=fixed');
    expect(url).not.toContain('page=');
  });
});

/** A file picked in the dialog's file field (happy-dom has no file chooser). */
async function pickFile(input: HTMLInputElement | null, file: File) {
  if (!input) throw new Error('no file field');
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
}

const dryRun: PromoCodesImportResult = {
  total_rows: 3,
  imported: 2,
  updated: 0,
  skipped: 1,
  errors: [{ row: 3, error: 'discount_value: A percentage cannot be more than 100' }],
  dry_run: true,
};

describe('PromoImportDialog', () => {
  async function openImport() {
    const root = await mount('/admin/promo-codes');
    await waitFor(() => expect(root.querySelector('table')).not.toBeNull());
    await click(buttonByText(root, 'Import'));
    const dialog = [...root.querySelectorAll('dialog')].find((item) =>
      item.textContent?.includes('Import promo codes'),
    );
    if (!dialog) throw new Error('no import dialog');
    return { root, dialog };
  }

  it('refuses a file over 5 MB before sending it', async () => {
    const { dialog } = await openImport();
    const big = new File(['code\n'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    await pickFile(fieldLabelled(dialog, 'CSV file'), big);
    await submit(dialog.querySelector('form'));
    expect(dialog.querySelector('[role="alert"]')?.textContent).toBe('The file is larger than 5 MB');
    expect(calls.some((call) => call.url.includes('/import'))).toBe(false);
  });

  it('checks the file first (preview with the error rows), then imports with a progress bar, then sums up', async () => {
    let finish: (response: Response) => void = () => {};
    answers['POST /api/admin/promo-codes/import'] = (call) =>
      (call.body as { dry_run: boolean }).dry_run
        ? json({ data: dryRun })
        : new Promise<Response>((resolve) => {
            finish = resolve;
          });
    const { root, dialog } = await openImport();
    const csv = 'code,discount_type,discount_value\nA1,percentage,10\nB2,fixed,5\nC3,percentage,150\n';
    await pickFile(fieldLabelled(dialog, 'CSV file'), new File([csv], 'codes.csv', { type: 'text/csv' }));
    await click(dialog.querySelector('input[type="checkbox"]'));
    await submit(dialog.querySelector('form'));

    await waitFor(() => expect(dialog.querySelector('[aria-label="Check result"]')).not.toBeNull());
    expect(calls.find((call) => call.url.includes('/import'))?.body).toEqual({
      csvData: csv,
      dry_run: true,
      update_existing: true,
    });
    const summary = dialog.querySelector('[aria-label="Check result"]');
    expect(summary?.textContent).toContain('The file has 3 rows. Nothing is saved yet.');
    expect(summary?.textContent).toContain('Rows3To import2To update0Skipped1');
    expect([...dialog.querySelectorAll('tbody tr')].map((row) => row.textContent)).toEqual([
      '3discount_value: A percentage cannot be more than 100',
    ]);

    const listCallsBefore = calls.filter((call) => route(call) === 'GET /api/admin/promo-codes').length;
    await click(buttonByText(dialog, 'Import 2 codes'));
    await waitFor(() => expect(dialog.querySelector('[role="progressbar"]')).not.toBeNull());
    expect(dialog.querySelector('[role="progressbar"]')?.getAttribute('aria-valuetext')).toBe('Importing…');
    expect(buttonByText(dialog, 'Importing…')?.disabled).toBe(true);
    expect(calls.at(-1)?.body).toEqual({ csvData: csv, dry_run: false, update_existing: true });

    await act(async () => finish(json({ data: { ...dryRun, dry_run: false } })));
    await waitFor(() => expect(dialog.querySelector('[aria-label="Import result"]')).not.toBeNull());
    expect(dialog.querySelector('[aria-label="Import result"]')?.textContent).toContain('Imported 2 codes.');
    expect(dialog.querySelector('[role="progressbar"]')).toBeNull();
    expect(toasts.at(-1)?.title).toBe('2 codes imported');
    // The list behind the dialog refreshes.
    await waitFor(() =>
      expect(calls.filter((call) => route(call) === 'GET /api/admin/promo-codes').length).toBeGreaterThan(
        listCallsBefore,
      ),
    );
    await click(buttonByText(dialog, 'Close'));
    await waitFor(() =>
      expect(
        [...root.querySelectorAll('dialog')].some((item) => item.textContent?.includes('Import promo codes')),
      ).toBe(false),
    );
  });

  it('shows a refused file (wrong headers) in the dialog and stays on the file step', async () => {
    answers['POST /api/admin/promo-codes/import'] = () =>
      errorBody('Missing columns: code, discount_type', 400, 'VALIDATION_ERROR');
    const { dialog } = await openImport();
    await pickFile(fieldLabelled(dialog, 'CSV file'), new File(['foo,bar\n1,2\n'], 'x.csv', { type: 'text/csv' }));
    await submit(dialog.querySelector('form'));
    await waitFor(() =>
      expect(dialog.querySelector('[role="alert"]')?.textContent).toBe('Missing columns: code, discount_type'),
    );
    expect(buttonByText(dialog, 'Check file')).toBeDefined();
  });
});

describe('PromoEditorPage', () => {
  it('checks the fields with the shared schema before sending anything', async () => {
    const root = await mount('/admin/promo-codes/new');
    await waitFor(() => expect(fieldLabelled(root, 'Percent off')).not.toBeNull());
    await type(fieldLabelled(root, 'Percent off'), '150');
    await type(fieldLabelled(root, 'Starts'), '2026-05-10');
    await type(fieldLabelled(root, 'Ends'), '2026-05-01');
    await submit(root.querySelector('form'));
    await waitFor(() => expect(root.textContent).toContain('Code is required'));
    expect(root.textContent).toContain('A percentage cannot be more than 100');
    expect(root.textContent).toContain('End date must not be before the start date');
    expect(fieldLabelled(root, 'Code')?.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    // Specific products need at least one SKU or category.
    await click(root.querySelector('input[type="radio"][value="product"]'));
    await submit(root.querySelector('form'));
    await waitFor(() => expect(root.textContent).toContain('Choose at least one product or category'));
  });

  it('upper-cases the code as typed and sends blank limits as 0 (unlimited)', async () => {
    answers['POST /api/admin/promo-codes'] = () =>
      json({ data: { ...SPRING, id: FIVE_OFF.id, code: 'SUMMER10' } }, 201);
    const root = await mount('/admin/promo-codes/new');
    await waitFor(() => expect(fieldLabelled(root, 'Code')).not.toBeNull());
    await type(fieldLabelled(root, 'Code'), 'summer10');
    expect(fieldLabelled(root, 'Code')?.value).toBe('SUMMER10');
    await type(fieldLabelled(root, 'Percent off'), '10');
    await submit(root.querySelector('form'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
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
      start_date: null,
      end_date: null,
      is_active: true,
    });
    await waitFor(() => expect(where(root)).toBe(`/admin/promo-codes/${FIVE_OFF.id}/edit`));
    expect(toasts.at(-1)?.title).toBe('SUMMER10 created');
  });

  it('puts the server refusals on their fields: a taken code (409) and unknown SKUs (400)', async () => {
    let answer = () => json({ message: PROMO_MESSAGES.codeTaken, statusCode: 409, code: 'CONFLICT', errors: [] }, 409);
    answers[`PUT /api/admin/promo-codes/${SPRING.id}`] = () => answer();
    const root = await mount(`/admin/promo-codes/${SPRING.id}/edit`);
    await waitFor(() => expect(fieldLabelled(root, 'Code')?.value).toBe('SPRING10'));
    expect(fieldLabelled(root, 'Maximum discount')?.value).toBe('20');
    expect(fieldLabelled(root, 'Total uses')?.value).toBe('');
    await submit(root.querySelector('form'));
    await waitFor(() => expect(fieldLabelled(root, 'Code')?.getAttribute('aria-invalid')).toBe('true'));
    expect(root.textContent).toContain(PROMO_MESSAGES.codeTaken);
    expect(document.activeElement).toBe(fieldLabelled(root, 'Code'));

    answer = () =>
      json(
        {
          message: 'Validation failed',
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          errors: [{ path: 'product_skus', message: PROMO_MESSAGES.unknownSkus(['NOPE-1']) }],
        },
        400,
      );
    await click(root.querySelector('input[type="radio"][value="product"]'));
    const skuInput = fieldLabelled(root, 'Products (SKUs)');
    await type(skuInput, 'nope-1');
    await act(async () => skuInput?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    expect(root.querySelector('[aria-label="Chosen SKUs"]')?.textContent).toContain('NOPE-1');
    await type(fieldLabelled(root, 'Code'), 'SPRING10');
    await submit(root.querySelector('form'));
    await waitFor(() => expect(root.textContent).toContain('Unknown SKU: NOPE-1'));
    expect(calls.at(-1)?.body).toMatchObject({ applies_to: 'product', product_skus: ['NOPE-1'] });
    expect(toasts.at(-1)).toMatchObject({ variant: 'error', description: 'Check the highlighted fields.' });
  });
});

describe('PromoUsagePage', () => {
  it('shows the terms, the totals and the orders that used the code, linked, paged', async () => {
    answers[`GET /api/admin/promo-codes/${SPRING.id}/usage`] = () =>
      json({
        data: {
          code: SPRING,
          orders: [
            {
              order_id: '30000000-0000-4000-8000-000000000001',
              order_number: 'CS-1042',
              customer_name: 'Rana Haddad',
              customer_phone: '+96171123456',
              status: 'delivered',
              subtotal: 80,
              discount: 8,
              total: 79.92,
              created_at: '2026-03-02T10:00:00.000Z',
            },
          ],
          total_orders: 3,
          total_discount: 27.5,
          total_sales: 250.2,
        },
        pagination: pagination(3, 1, 1),
      });
    const root = await mount(`/admin/promo-codes/${SPRING.id}`);
    await waitFor(() => expect(root.querySelector('h1')?.textContent).toBe('SPRING10'));
    expect(root.querySelector('[aria-label="Usage totals"]')?.textContent).toBe(
      'Orders3Not cancelledDiscount given$27.50Sales$250.20Paid after the discount',
    );
    expect(root.textContent).toContain('10 % off');
    expect(root.textContent).toContain('3 / ∞');
    const row = [...(root.querySelector('tbody tr')?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent);
    expect(row).toEqual(['CS-1042', 'Rana Haddad+961 71 123 456', expect.any(String), 'delivered', '−$8.00', '$79.92']);
    expect(root.querySelector('a[href="/admin/orders/30000000-0000-4000-8000-000000000001"]')).not.toBeNull();
    expect(root.textContent).toContain('Page 1 of 3');
  });
});

// The copy button uses the clipboard; not under test here, but it must not throw when clicked.
vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async () => {} } });
