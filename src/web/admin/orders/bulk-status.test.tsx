import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminTestSetup, click, submit, type } from '#web/test/admin.tsx';
import { errorBody, json, pagination, recordedApi } from '#web/test/api.ts';
import { buttonByText, byRole } from '#web/test/queries.ts';
import { waitFor, waitForDialog } from '#web/test/render.tsx';
import { OrdersPage } from './orders-page.tsx';
import { listItem } from './test-fixtures.ts';

const PENDING = listItem({ id: '00000000-0000-4000-8000-0000000000a1', order_number: 'CS-10041' });
const CONFIRMED = listItem({
  id: '00000000-0000-4000-8000-0000000000a2',
  order_number: 'CS-10042',
  status: 'confirmed',
});
const DELIVERED = listItem({
  id: '00000000-0000-4000-8000-0000000000a3',
  order_number: 'CS-10043',
  status: 'delivered',
});

const { mountRoutes, toasts } = adminTestSetup();
const { calls, answers } = recordedApi((path) => {
  if (path === 'GET /api/admin/orders')
    return json({ data: [PENDING, CONFIRMED, DELIVERED], pagination: pagination(3), meta: { status_counts: {} } });
  return errorBody('Not found', 404);
});

let downloads: string[] = [];
beforeEach(() => {
  downloads = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  return () => vi.restoreAllMocks();
});

const mount = (entry = '/admin/orders') => mountRoutes({ '/admin/orders': <OrdersPage /> }, entry);
const tick = (root: HTMLElement, number: string) => click(byRole(root, 'checkbox', `Select ${number}`));

describe('Orders list: export and bulk status', () => {
  it('exports the current filter (not the page) as CSV', async () => {
    answers['GET /api/admin/orders/export'] = () =>
      new Response('order_number\nCS-10041\n', { headers: { 'Content-Type': 'text/csv' } });
    const root = await mount('/admin/orders?status=pending&search=rami&page=2');
    await waitFor(() => expect(root.textContent).toContain('CS-10041'));
    await click(buttonByText(root, 'Export CSV'));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const exported = calls.find((call) => call.url.startsWith('/api/admin/orders/export'));
    const query = new URL(exported?.url ?? '', 'http://x').searchParams;
    expect(query.get('status')).toBe('pending');
    expect(query.get('search')).toBe('rami');
    expect(query.has('page')).toBe(false);
    expect(exported?.headers).toMatchObject({ Authorization: 'Bearer a1' });
    expect(downloads[0]).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('moves the ticked orders that may move, and lists the others with the reason', async () => {
    answers['POST /api/admin/orders/bulk-update'] = () =>
      json({
        data: {
          moved: [{ id: PENDING.id, order_number: 'CS-10041', from: 'pending', to: 'cancelled' }],
          refused: [
            {
              id: DELIVERED.id,
              order_number: 'CS-10043',
              reason: 'Cannot change an order from delivered to cancelled',
            },
          ],
        },
      });
    const root = await mount();
    await waitFor(() => expect(root.textContent).toContain('CS-10043'));
    await tick(root, 'CS-10041');
    await tick(root, 'CS-10043');
    const bar = root.querySelector('[aria-label="Bulk actions"]') as HTMLElement;
    expect(bar.textContent).toContain('2 orders selected');
    await click(buttonByText(bar, 'Change status'));
    const dialog = await waitForDialog(root, 'Change the status of 2 orders');
    const select = dialog.querySelector('select') as HTMLSelectElement;
    // Confirmed: only the pending one may go there.
    expect(dialog.querySelector('[role="status"]')?.textContent).toBe(
      '1 of 2 can move to Confirmed; the others cannot go there from their status.',
    );
    await type(select, 'processing');
    expect(dialog.querySelector('[role="status"]')?.textContent).toBe(
      '0 of 2 can move to Processing; the others cannot go there from their status.',
    );
    expect(buttonByText(dialog, 'Change status')?.disabled).toBe(true);
    await type(select, 'cancelled');
    await submit(dialog.querySelector('form'));

    await waitFor(() => expect(root.querySelector('[aria-label="Status change result"]')).not.toBeNull());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ order_ids: [PENDING.id, DELIVERED.id], status: 'cancelled' });
    const result = root.querySelector('[aria-label="Status change result"]') as HTMLElement;
    expect(result.textContent).toContain('1 order moved to Cancelled, 1 not moved');
    expect(result.textContent).toContain('Moved: CS-10041');
    expect(result.querySelector('[aria-label="Not moved"]')?.textContent).toBe(
      'CS-10043: Cannot change an order from delivered to cancelled',
    );
    expect(toasts.at(-1)).toMatchObject({ variant: 'warning', title: '1 order moved to Cancelled, 1 not moved' });
    // The selection is done with; the list is read again.
    expect(root.querySelector('[aria-label="Bulk actions"]')).toBeNull();
    await waitFor(() => expect(calls.filter((call) => call.url.startsWith('/api/admin/orders?')).length).toBe(2));
    await click(buttonByText(result, 'Dismiss'));
    expect(root.querySelector('[aria-label="Status change result"]')).toBeNull();
  });

  it('keeps the selection and says why when the whole request is refused', async () => {
    answers['POST /api/admin/orders/bulk-update'] = () =>
      errorBody('At most 100 orders at once', 400, 'VALIDATION_ERROR');
    const root = await mount();
    await waitFor(() => expect(root.textContent).toContain('CS-10042'));
    await tick(root, 'CS-10042');
    await click(buttonByText(root.querySelector('[aria-label="Bulk actions"]') as HTMLElement, 'Change status'));
    const dialog = await waitForDialog(root, 'Change the status of 1 order');
    await type(dialog.querySelector('select'), 'processing');
    expect(dialog.querySelector('[role="status"]')?.textContent).toBe('CS-10042 can move to Processing.');
    await submit(dialog.querySelector('form'));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ variant: 'error', title: 'At most 100 orders at once' }));
    expect(root.querySelector('[aria-label="Bulk actions"]')?.textContent).toContain('1 order selected');
  });
});
