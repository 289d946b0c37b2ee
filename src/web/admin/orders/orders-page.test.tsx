import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentLocation, mount as mountInRouter, unmount } from '#web/test/admin-kit.tsx';
import { waitFor } from '#web/test/render.tsx';
import { OrdersPage } from './orders-page.tsx';
import { type Call, json, listItem, signIn, stubApi } from './test-fixtures.ts';

const PAGINATION = { page: 1, limit: 20, total: 2, totalPages: 1, hasNext: false, hasPrev: false };
const COUNTS = { pending: 1, confirmed: 1, processing: 0, shipped: 0, delivered: 0, cancelled: 0 };

const tab = (root: ParentNode, label: string) => {
  const found = [...root.querySelectorAll<HTMLButtonElement>('nav[aria-label="Order status"] button')].find((b) =>
    b.textContent?.startsWith(label),
  );
  if (!found) throw new Error(`no tab ${label}`);
  return found;
};
const listCalls = (calls: Call[]) => calls.filter((call) => call.url.startsWith('/api/admin/orders?'));

const mount = (entry = '/admin/orders') => mountInRouter(<OrdersPage />, entry);

beforeEach(() => {
  signIn();
});
afterEach(() => {
  unmount();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('OrdersPage', () => {
  it('lists orders with their number, customer, total and badges, and the tab counts from meta', async () => {
    const calls = stubApi({
      'GET /api/admin/orders': () =>
        json({
          data: [
            listItem(),
            listItem({ id: 'o2', order_number: 'CS-10043', status: 'confirmed', payment_status: 'paid', total: 12 }),
          ],
          pagination: PAGINATION,
          meta: { status_counts: COUNTS },
        }),
    });
    const root = await mount();
    await waitFor(() => expect(root.textContent).toContain('CS-10043'));
    const table = root.querySelector('table');
    expect(table?.textContent).toContain('Rami Haddad');
    expect(table?.textContent).toContain('+961 3 123 456');
    expect(table?.textContent).toContain('$55.50');
    expect(table?.textContent).toContain('Unpaid');
    expect(table?.textContent).toContain('Paid');
    expect(root.querySelector('a[href="/admin/orders/00000000-0000-4000-8000-0000000000a1"]')).not.toBeNull();
    expect(tab(root, 'All').textContent).toBe('All2');
    expect(tab(root, 'Pending').textContent).toBe('Pending1');
    expect(tab(root, 'Shipped').textContent).toBe('Shipped0');
    // Counts came with the list: no stats request.
    expect(calls.some((call) => call.url.startsWith('/api/admin/orders/stats'))).toBe(false);
  });

  it('falls back to the stats counts, and puts the tab, sort and filters in the URL and the request', async () => {
    const calls = stubApi({
      'GET /api/admin/orders': () => json({ data: [listItem()], pagination: { ...PAGINATION, total: 1 } }),
      'GET /api/admin/orders/stats': () =>
        json({
          data: {
            total_orders: 7,
            by_status: { ...COUNTS, shipped: 5 },
            revenue: { today: 0, last_7_days: 0, last_30_days: 0 },
            average_order_value: 0,
            refunds: { count: 0, amount: 0 },
          },
        }),
    });
    const root = await mount('/admin/orders?payment_status=paid&date_from=2026-11-01');
    await waitFor(() => expect(tab(root, 'Shipped').textContent).toBe('Shipped5'));
    const first = new URL(listCalls(calls)[0]?.url ?? '', 'http://x').searchParams;
    expect(first.get('payment_status')).toBe('paid');
    expect(first.get('date_from')).toBe('2026-11-01');
    expect(first.get('sort_by')).toBe('created_at');

    await act(async () => tab(root, 'Shipped').click());
    await waitFor(() => expect(currentLocation()).toContain('status=shipped'));
    await waitFor(() =>
      expect(new URL(listCalls(calls).at(-1)?.url ?? '', 'http://x').searchParams.get('status')).toBe('shipped'),
    );
    expect(tab(root, 'Shipped').getAttribute('aria-pressed')).toBe('true');
  });

  it('says so when nothing matches, and offers a new order when there are none', async () => {
    stubApi({
      'GET /api/admin/orders': () =>
        json({ data: [], pagination: { ...PAGINATION, total: 0 }, meta: { status_counts: {} } }),
    });
    const root = await mount();
    await waitFor(() => expect(root.textContent).toContain('No orders yet.'));
    expect(root.querySelectorAll('a[href="/admin/orders/new"]').length).toBe(2);
  });
});
