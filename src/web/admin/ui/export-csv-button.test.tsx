import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectToaster, type ToastOptions } from '#web/lib/toast.ts';
import { buttonByText, click, mount, unmount } from '#web/test/admin-kit.tsx';
import { waitFor } from '#web/test/render.tsx';
import { signIn } from '../orders/test-fixtures.ts';
import { ExportCsvButton } from './export-csv-button.tsx';

interface Call {
  url: string;
  headers: Record<string, string>;
}
let calls: Call[] = [];
let answer: (call: Call) => Response;
let toasts: ToastOptions[] = [];
let disconnect: () => void = () => {};
let downloads: Array<{ name: string; href: string }> = [];

beforeEach(() => {
  signIn();
  calls = [];
  toasts = [];
  downloads = [];
  disconnect = connectToaster((options) => toasts.push(options));
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const call = { url: String(input), headers: (init.headers ?? {}) as Record<string, string> };
    calls.push(call);
    return answer(call);
  });
  // The browser's save flow: a click on a download link.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, href: this.href });
  });
});

afterEach(() => {
  unmount();
  disconnect();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const exportButton = (
  <ExportCsvButton
    path="/admin/promo-codes/export"
    query={{ page: 3, limit: 50, search: 'spring', status: 'active', type: '' }}
    filename="promo-codes.csv"
    errorMessage="Failed to export promo codes"
  />
);

describe('ExportCsvButton', () => {
  it('asks the endpoint with the filters (not the page) and the admin token, and saves the file', async () => {
    answer = () =>
      new Response('code,uses\nSPRING,3\n', {
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="promo-codes-2026.csv"' },
      });
    const root = await mount(exportButton);
    await click(buttonByText(root, 'Export CSV'));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(calls[0]?.url).toBe('/api/admin/promo-codes/export?search=spring&status=active');
    expect(calls[0]?.headers).toMatchObject({ Accept: 'text/csv', Authorization: 'Bearer a1' });
    expect(downloads[0]?.name).toBe('promo-codes-2026.csv');
    expect(downloads[0]?.href).toMatch(/^blob:/);
    expect(toasts).toEqual([]);
  });

  it('names the file itself when the server does not', async () => {
    answer = () => new Response('code\n', { headers: { 'Content-Type': 'text/csv' } });
    const root = await mount(exportButton);
    await click(buttonByText(root, 'Export CSV'));
    await waitFor(() => expect(downloads[0]?.name).toBe('promo-codes.csv'));
  });

  it('refreshes an expired session once and tries again, as every admin call does', async () => {
    const expired = () =>
      new Response(JSON.stringify({ message: 'Token expired', statusCode: 401, code: 'TOKEN_EXPIRED', errors: [] }), {
        status: 401,
        headers: { 'Content-Type': 'application/json' },
      });
    answer = (call) => {
      if (call.url === '/api/auth/refresh') {
        return new Response(
          JSON.stringify({ data: { token: 'a2', refreshToken: 'r2', expiresIn: '15m', user: { id: 'u1' } } }),
          { headers: { 'Content-Type': 'application/json' } },
        );
      }
      return call.headers.Authorization === 'Bearer a2' ? new Response('code\n') : expired();
    };
    const root = await mount(exportButton);
    await click(buttonByText(root, 'Export CSV'));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(calls.map((call) => call.url.split('?')[0])).toEqual([
      '/api/admin/promo-codes/export',
      '/api/auth/refresh',
      '/api/admin/promo-codes/export',
    ]);
    expect(toasts).toEqual([]);
  });

  it('shows the caller’s error toast when the export fails, and can be tried again', async () => {
    answer = () =>
      new Response(JSON.stringify({ message: 'Boom', statusCode: 500, code: 'INTERNAL_ERROR', errors: [] }), {
        status: 500,
        headers: { 'Content-Type': 'application/json' },
      });
    const root = await mount(exportButton);
    await click(buttonByText(root, 'Export CSV'));
    await waitFor(() => expect(toasts).toEqual([{ variant: 'error', title: 'Failed to export promo codes' }]));
    expect(downloads).toEqual([]);
    expect(buttonByText(root, 'Export CSV')?.disabled).toBe(false);
  });
});
