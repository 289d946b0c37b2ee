import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Report } from '#shared/contracts/analytics.ts';
import { adminTestSetup, click, type } from '#web/test/admin.tsx';
import { type Call, errorBody, json, recordedApi } from '#web/test/api.ts';
import { buttonByText } from '#web/test/queries.ts';
import { waitFor } from '#web/test/render.tsx';
import { ReportsPage } from './reports-page.tsx';

const { mountRoutes, toasts } = adminTestSetup();

function report(query: URLSearchParams): Report {
  return {
    type: (query.get('type') ?? 'sales') as Report['type'],
    title: query.get('type') === 'tax' ? 'VAT collected by month' : 'Sales by day',
    date_from: query.get('date_from') ?? '',
    date_to: query.get('date_to') ?? '',
    time_zone: 'Asia/Beirut',
    columns: [
      { key: 'date', label: 'Day', kind: 'date' },
      { key: 'orders', label: 'Orders', kind: 'number' },
      { key: 'revenue', label: 'Revenue', kind: 'money' },
    ],
    rows: [
      { date: '2026-11-01', orders: 3, revenue: 1250.5 },
      { date: '2026-11-02', orders: 0, revenue: 0 },
    ],
    total_rows: 1234,
    note: null,
    totals: { orders: 4321, revenue: 98765.4 },
  };
}

const queryOf = (call: Call) => new URL(call.url, 'http://x').searchParams;

const { calls, answers } = recordedApi((path, call) =>
  path === 'GET /api/admin/reports' ? json({ data: report(queryOf(call)) }) : errorBody('Not found', 404),
);
const reportCalls = () => calls.filter((call) => call.url.startsWith('/api/admin/reports'));
const previewCalls = () => reportCalls().filter((call) => queryOf(call).get('format') === 'json');

let downloads: Array<{ name: string; href: string }> = [];

beforeEach(() => {
  // "This month" is counted from today in the shop's zone: 26 November 2026 here.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T10:00:00Z'));
  downloads = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, href: this.href });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const mount = () => mountRoutes({ '/admin/reports': <ReportsPage /> }, '/admin/reports');
const field = (root: HTMLElement, label: string) => {
  const found = [...root.querySelectorAll('label')].find((element) => element.textContent === label);
  return root.querySelector<HTMLInputElement | HTMLSelectElement>(`[id="${found?.getAttribute('for')}"]`);
};

describe('ReportsPage', () => {
  it('previews this month’s sales: the rows, the totals and how many rows there are in all', async () => {
    const root = await mount();
    await waitFor(() => expect(root.textContent).toContain('Showing 2 of 1,234 rows'));
    expect(Object.fromEntries(queryOf(previewCalls()[0] as Call))).toEqual({
      type: 'sales',
      date_from: '2026-11-01',
      date_to: '2026-11-26',
      format: 'json',
    });
    expect(root.querySelector('h2')?.textContent).toBe('Sales by day');
    const rows = [...root.querySelectorAll('table tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['2026-11-01', '3', '$1,250.50'],
      ['2026-11-02', '0', '$0.00'],
    ]);
    expect(root.querySelector('[aria-label="Totals"]')?.textContent).toBe('TotalsOrders4,321Revenue$98,765.40');
    expect((field(root, 'From') as HTMLInputElement).readOnly).toBe(true);
  });

  it('follows the form: another type, a preset, and custom dates checked before asking', async () => {
    const root = await mount();
    await waitFor(() => expect(previewCalls()).toHaveLength(1));
    await type(field(root, 'Report'), 'tax');
    await waitFor(() => expect(queryOf(previewCalls().at(-1) as Call).get('type')).toBe('tax'));
    await waitFor(() => expect(root.querySelector('h2')?.textContent).toBe('VAT collected by month'));
    expect(root.textContent).toContain('VAT collected is the tax of orders not cancelled');

    await type(field(root, 'Period'), 'last_month');
    await waitFor(() => expect(queryOf(previewCalls().at(-1) as Call).get('date_from')).toBe('2026-10-01'));
    expect(queryOf(previewCalls().at(-1) as Call).get('date_to')).toBe('2026-10-31');
    expect((field(root, 'From') as HTMLInputElement).value).toBe('2026-10-01');

    await type(field(root, 'Period'), 'custom');
    expect((field(root, 'From') as HTMLInputElement).readOnly).toBe(false);
    const asked = previewCalls().length;
    await type(field(root, 'From'), '');
    await waitFor(() => expect(root.textContent).toContain('Choose the first day'));
    await type(field(root, 'From'), '2026-11-20');
    await type(field(root, 'To'), '2026-11-10');
    await waitFor(() => expect(root.textContent).toContain('The start date must not be after the end date'));
    expect(previewCalls()).toHaveLength(asked);
    await type(field(root, 'To'), '2026-11-24');
    await waitFor(() => expect(queryOf(previewCalls().at(-1) as Call).get('date_to')).toBe('2026-11-24'));
    expect(queryOf(previewCalls().at(-1) as Call).get('date_from')).toBe('2026-11-20');
  });

  it('downloads the CSV with the staff token, busy and disabled meanwhile, and saves it', async () => {
    let send: (response: Response) => void = () => {};
    answers['GET /api/admin/reports'] = (call) =>
      queryOf(call).get('format') === 'csv'
        ? new Promise<Response>((resolve) => {
            send = resolve;
          })
        : json({ data: report(queryOf(call)) });
    const root = await mount();
    await waitFor(() => expect(root.textContent).toContain('Showing 2 of 1,234 rows'));
    await click(buttonByText(root, 'Download CSV'));
    await waitFor(() => expect(buttonByText(root, 'Downloading CSV…')).toBeTruthy());
    expect(buttonByText(root, 'Downloading CSV…')?.disabled).toBe(true);
    expect(buttonByText(root, 'Download PDF')?.disabled).toBe(true);
    expect(root.querySelector('[role="status"]')?.textContent).toBe('Preparing the CSV…');
    const asked = reportCalls().at(-1) as Call;
    expect(Object.fromEntries(queryOf(asked))).toEqual({
      type: 'sales',
      date_from: '2026-11-01',
      date_to: '2026-11-26',
      format: 'csv',
      download: 'true',
    });
    expect(asked.headers).toMatchObject({ Accept: 'text/csv', Authorization: 'Bearer a1' });
    send(new Response('Day,Orders,Revenue\n', { headers: { 'Content-Type': 'text/csv' } }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.name).toBe('sales-2026-11-01-2026-11-26.csv');
    await waitFor(() => expect(buttonByText(root, 'Download CSV')?.disabled).toBe(false));
    expect(toasts).toEqual([]);
  });

  it('takes the PDF’s name from the server, and says so in a toast when a download fails', async () => {
    let fail = false;
    answers['GET /api/admin/reports'] = (call) => {
      const format = queryOf(call).get('format');
      if (format === 'json') return json({ data: report(queryOf(call)) });
      if (fail) return errorBody('A report covers at most 3660 days', 400, 'VALIDATION_ERROR');
      return new Response('%PDF-1.7', {
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="sales.pdf"' },
      });
    };
    const root = await mount();
    await waitFor(() => expect(root.textContent).toContain('Showing 2 of 1,234 rows'));
    await click(buttonByText(root, 'Download PDF'));
    await waitFor(() => expect(downloads.map((file) => file.name)).toEqual(['sales.pdf']));
    expect(reportCalls().at(-1)?.headers).toMatchObject({ Accept: 'application/pdf' });

    fail = true;
    await waitFor(() => expect(buttonByText(root, 'Download PDF')?.disabled).toBe(false));
    await click(buttonByText(root, 'Download PDF'));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({
      variant: 'error',
      title: 'Could not download the PDF',
      description: 'A report covers at most 3660 days',
    });
    expect(downloads).toHaveLength(1);
    await waitFor(() => expect(buttonByText(root, 'Download PDF')?.disabled).toBe(false));
  });

  it('shows the server’s refusal of a preview with Retry', async () => {
    answers['GET /api/admin/reports'] = () =>
      errorBody('Report type must be one of sales, orders', 400, 'VALIDATION_ERROR');
    const root = await mount();
    await waitFor(() => expect(root.textContent).toContain('Report type must be one of sales, orders'));
    expect(buttonByText(root, 'Retry')).toBeTruthy();
  });
});
