import { describe, expect, it } from 'vitest';
import {
  type AllowlistEntry,
  DEFAULT_SECURITY_CONFIG,
  SECURITY_MESSAGES,
  type SecurityAlert,
  type SecurityConfig,
} from '#shared/contracts/security.ts';
import { adminTestSetup, click, fieldLabelled, submit, type } from '#web/test/admin.tsx';
import { json, pagination, recordedApi, route } from '#web/test/api.ts';
import { buttonByText } from '#web/test/queries.ts';
import { waitFor } from '#web/test/render.tsx';
import { AlertsCard } from './alerts-card.tsx';
import { AllowlistCard } from './allowlist-card.tsx';
import { SecurityConfigCard } from './security-config-card.tsx';

const OFFICE: AllowlistEntry = {
  id: '60000000-0000-4000-8000-000000000001',
  ip_address: '203.0.113.0/24',
  description: 'Beirut office',
  created_by: null,
  created_at: '2026-11-20T08:00:00.000Z',
  last_used_at: '2026-11-29T09:30:00.000Z',
  active: true,
};

const LOCKOUT: SecurityAlert = {
  id: '70000000-0000-4000-8000-000000000001',
  type: 'login',
  severity: 'high',
  title: 'Sign-in locked for owner@cedar.shop',
  description: 'Too many failed sign-ins for this account.',
  ip_address: '198.51.100.7',
  user_id: null,
  created_at: '2026-11-29T10:00:00.000Z',
  resolved: false,
  resolved_by: null,
  resolved_by_name: null,
  resolved_at: null,
};

const { toasts, mount } = adminTestSetup();
let config: SecurityConfig = DEFAULT_SECURITY_CONFIG;
let entries: AllowlistEntry[] = [];
const { calls, answers } = recordedApi((path) => {
  if (path === 'GET /api/admin/security/config') return json({ data: config });
  if (path === 'GET /api/admin/security/ip-whitelist') return json({ data: { entries, your_ip: '192.0.2.15' } });
  if (path === 'GET /api/admin/security/alerts') return json({ data: [LOCKOUT], pagination: pagination(1, 1, 10) });
  return json({ message: 'Not found', statusCode: 404, code: 'NOT_FOUND', errors: [] }, 404);
});

describe('SecurityConfigCard', () => {
  it('saves the configuration whole; a refusal to turn the allowlist on is shown in words under its switch', async () => {
    config = DEFAULT_SECURITY_CONFIG;
    const refusal = SECURITY_MESSAGES.allowlistExcludesYou('192.0.2.15');
    answers['PUT /api/admin/security/config'] = () =>
      json(
        {
          message: refusal,
          statusCode: 409,
          code: 'CONFLICT',
          errors: [{ path: 'ip_allowlist.enabled', message: refusal }],
        },
        409,
      );
    const root = await mount(<SecurityConfigCard />);
    await waitFor(() => expect(fieldLabelled(root, 'Attempts before a lockout')?.value).toBe('10'));
    await type(fieldLabelled(root, 'Attempts before a lockout'), '2');
    await click(root.querySelector('input[name="ip_allowlist.enabled"]'));
    await submit(root.querySelector('form'));
    // The contract's rule first: nothing is sent while a field breaks it.
    await waitFor(() => expect(root.textContent).toContain('Sign-in attempts before lockout must be at least 3'));
    expect(calls.some((call) => route(call) === 'PUT /api/admin/security/config')).toBe(false);

    await type(fieldLabelled(root, 'Attempts before a lockout'), '6');
    await submit(root.querySelector('form'));
    await waitFor(() => expect(root.querySelector('[role="alert"]')?.textContent).toBe(refusal));
    const sent = calls.find((call) => route(call) === 'PUT /api/admin/security/config')?.body as SecurityConfig;
    expect(sent.access.max_login_attempts).toBe(6);
    expect(sent.ip_allowlist.enabled).toBe(true);
    expect(toasts.at(-1)).toMatchObject({ variant: 'error', title: refusal });
  });
});

describe('AllowlistCard', () => {
  it('lists entries with their last use; "Add my current address" adds the address the server sees', async () => {
    entries = [OFFICE];
    answers['POST /api/admin/security/ip-whitelist'] = (call) => {
      const body = call.body as { ip_address: string; description: string };
      const added = {
        ...OFFICE,
        id: '60000000-0000-4000-8000-000000000002',
        ip_address: `${body.ip_address}/32`,
        description: body.description,
        last_used_at: null,
      };
      entries = [...entries, added];
      return json({ data: added }, 201);
    };
    const root = await mount(<AllowlistCard />);
    await waitFor(() => expect(root.textContent).toContain('203.0.113.0/24'));
    expect(root.textContent).toContain('Beirut office');
    expect(root.textContent).toContain('Last used');
    expect(root.textContent).toContain('Your current address: 192.0.2.15');
    await click(buttonByText(root, 'Add my current address'));
    await waitFor(() => expect(root.textContent).toContain('192.0.2.15/32'));
    expect(calls.find((call) => route(call) === 'POST /api/admin/security/ip-whitelist')?.body).toEqual({
      ip_address: '192.0.2.15',
      description: 'My current address',
    });
    expect(root.textContent).toContain('Not used yet');
  });

  it('removes after a confirmation; the server’s refusal is said in words', async () => {
    entries = [OFFICE];
    const refusal = SECURITY_MESSAGES.allowlistExcludesYou('203.0.113.9');
    answers[`DELETE /api/admin/security/ip-whitelist/${OFFICE.id}`] = () =>
      json({ message: refusal, statusCode: 409, code: 'CONFLICT', errors: [] }, 409);
    const root = await mount(<AllowlistCard />);
    await waitFor(() => expect(root.textContent).toContain('203.0.113.0/24'));
    await click(root.querySelector('button[aria-label="Remove 203.0.113.0/24"]'));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await click(buttonByText(document.body, 'Remove'));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ variant: 'error', title: refusal }));
  });
});

describe('AlertsCard', () => {
  it('shows the open alerts with their severity; Resolve resolves and refreshes', async () => {
    answers[`POST /api/admin/security/alerts/${LOCKOUT.id}/resolve`] = () =>
      json({
        data: { ...LOCKOUT, resolved: true, resolved_by_name: 'Rania', resolved_at: '2026-11-29T10:05:00.000Z' },
      });
    const root = await mount(<AlertsCard />);
    await waitFor(() => expect(root.textContent).toContain('Sign-in locked for owner@cedar.shop'));
    expect(root.textContent).toContain('high');
    expect(root.textContent).toContain('198.51.100.7');
    const listed = calls.find((call) => route(call) === 'GET /api/admin/security/alerts');
    expect(listed?.url).toContain('resolved=false');
    await click(root.querySelector('button[aria-label="Resolve: Sign-in locked for owner@cedar.shop"]'));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ variant: 'success', title: 'Alert resolved' }));
    await waitFor(() =>
      expect(calls.filter((call) => route(call) === 'GET /api/admin/security/alerts').length).toBeGreaterThan(1),
    );
  });
});
