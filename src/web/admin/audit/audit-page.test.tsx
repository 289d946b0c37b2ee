import { describe, expect, it } from 'vitest';
import type { AuditEntry, AuditStats } from '#shared/contracts/audit.ts';
import { adminTestSetup, click, type, where } from '#web/test/admin.tsx';
import { json, pagination, recordedApi } from '#web/test/api.ts';
import { buttonByText, byLabel } from '#web/test/queries.ts';
import { waitFor } from '#web/test/render.tsx';
import { AuditPage } from './audit-page.tsx';

const EDIT: AuditEntry = {
  id: '0b0a5d54-7a8d-4f3e-9a39-5a3d1d4a7e11',
  user_id: '5d1f4c1e-3f0a-4c8e-9a7b-2b1c0d9e8f70',
  user_email: 'rania@cedar.example',
  user_name: 'Rania Haddad',
  action: 'product.update',
  entity_type: 'product',
  entity_id: '7c1e2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b',
  before: { name: 'Lamp', price: 25, tags: ['home'] },
  after: { name: 'Lamp', price: 27.5, tags: ['home', 'light'] },
  ip: '203.0.113.7',
  user_agent: 'Mozilla/5.0',
  status: 'success',
  created_at: '2026-05-20T08:30:00.000Z',
};
const FAILED: AuditEntry = {
  ...EDIT,
  id: '1c1b6e65-8b9e-4f4f-8b4a-6b4e2e5b8f22',
  user_id: null,
  user_name: null,
  user_email: 'someone@example.com',
  action: 'auth.login_failed',
  entity_type: 'user',
  entity_id: null,
  before: null,
  after: null,
  status: 'failure',
};

/** An entry the list does not hold (an older one, opened from a link). */
const OLDER: AuditEntry = {
  ...EDIT,
  id: '2d2c7f76-9caf-4a5a-9c5b-7c5f3f6c9a33',
  after: { name: 'Lamp', price: 30, tags: ['home'] },
};

const STATS: AuditStats = {
  total_events: 1_000_000,
  today_events: 1_234,
  failed_logins: 12,
  admin_actions: 345,
  security_events: 67,
  top_users: [{ user_id: EDIT.user_id as string, name: 'Rania Haddad', email: EDIT.user_email, events: 88 }],
  top_actions: [{ action: 'product.update', events: 120 }],
  events_by_hour: Array.from({ length: 24 }, (_, index) => ({
    hour: new Date(Date.UTC(2026, 4, 19, 9 + index)).toISOString(),
    events: index === 23 ? 40 : index,
    failures: index === 23 ? 3 : 0,
  })),
};

const { mountRoutes } = adminTestSetup();

const { calls } = recordedApi((path) => {
  if (path === 'GET /api/admin/audit/logs')
    return json({ data: [EDIT, FAILED], pagination: { ...pagination(1000), total_capped: true } });
  if (path === 'GET /api/admin/audit/stats') return json({ data: STATS });
  if (path === 'GET /api/admin/audit/filters')
    return json({
      data: {
        actions: ['auth.login_failed', 'product.update'],
        entity_types: ['product', 'user'],
        users: [{ id: EDIT.user_id, name: 'Rania Haddad', email: EDIT.user_email }],
      },
    });
  if (path === `GET /api/admin/audit/logs/${OLDER.id}`) return json({ data: OLDER });
  return json({ message: 'Not found', statusCode: 404, code: 'NOT_FOUND', errors: [] }, 404);
});

const mount = (entry = '/admin/audit') => mountRoutes({ '/admin/audit': <AuditPage /> }, entry);
const listCalls = () => calls.filter((call) => call.url.startsWith('/api/admin/audit/logs?'));

describe('AuditPage', () => {
  it('shows the figures, the chart with its table, and the entries with a floor for their total', async () => {
    const root = await mount();
    await waitFor(() => expect(root.querySelector('[aria-label="Audit log figures"]')).not.toBeNull());
    const figures = root.querySelector('[aria-label="Audit log figures"]')?.textContent ?? '';
    expect(figures).toContain('Entries1,000,000');
    expect(figures).toContain('Failed sign-ins12');
    expect(figures).toContain('Rania Haddad88');
    expect(root.querySelector('svg[role="img"]')?.getAttribute('aria-label')).toMatch(
      /^293 entries in the last 24 hours, 3 of them failures; the busiest hour was .+ with 40\.$/,
    );
    expect(root.querySelectorAll('details table tbody tr')).toHaveLength(24);
    await waitFor(() => expect(root.textContent).toContain('auth.login_failed'));
    expect(root.textContent).toContain('1,000+ entries');
    // An attempt without an account names the email it typed.
    expect(root.textContent).toContain('someone@example.com');
  });

  it('sends the search from three characters only, and the filters from the URL', async () => {
    const root = await mount('/admin/audit?action=product.update&status=failure');
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0));
    expect(listCalls().at(-1)?.url).toContain('action=product.update');
    expect(listCalls().at(-1)?.url).toContain('status=failure');
    await type(root.querySelector('input[type="search"]'), 'ab');
    await waitFor(() => expect(where(root)).toContain('search=ab'));
    expect(root.textContent).toContain('Type at least 3 letters or digits to search');
    expect(listCalls().some((call) => call.url.includes('search='))).toBe(false);
    await type(root.querySelector('input[type="search"]'), 'abc');
    await waitFor(() => expect(listCalls().at(-1)?.url).toContain('search=abc'));
  });

  it('opens an entry beside the list with its changes, the unchanged fields on request', async () => {
    const root = await mount();
    await waitFor(() => expect(root.textContent).toContain('product.update'));
    await click(buttonByText(root, /^View product\.update of /));
    await waitFor(() => expect(where(root)).toContain(`entry=${EDIT.id}`));
    const dialog = root.ownerDocument.querySelector('dialog') as HTMLElement;
    const changes = () =>
      [...dialog.querySelectorAll('li[data-change]')].map((item) => [
        item.querySelector('code')?.textContent,
        item.getAttribute('data-change'),
      ]);
    expect(changes()).toEqual([
      ['price', 'changed'],
      ['tags[1]', 'added'],
    ]);
    expect(dialog.textContent).toContain('27.5');
    const showSame = dialog.querySelector<HTMLInputElement>('input[type="checkbox"]');
    expect(showSame?.closest('label')?.textContent).toBe('Show 2 unchanged fields');
    await click(showSame);
    expect(changes()).toContainEqual(['name', 'same']);
    await click(byLabel(dialog, 'Close'));
    await waitFor(() => expect(where(root)).not.toContain('entry='));
  });

  it('fetches an entry named in the address that the page does not hold', async () => {
    const root = await mount(`/admin/audit?entry=${OLDER.id}`);
    await waitFor(() => expect(calls.some((call) => call.url === `/api/admin/audit/logs/${OLDER.id}`)).toBe(true));
    await waitFor(() => expect(root.ownerDocument.querySelector('dialog li[data-change="changed"]')).not.toBeNull());
  });
});
