import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES, type StaffInvitation, type StaffMember } from '#shared/contracts/staff.ts';
import { adminTestSetup, click, fieldLabelled, OWNER, submit, type } from '#web/test/admin.tsx';
import { errorBody, json, pagination, recordedApi } from '#web/test/api.ts';
import { buttonByText, byLabel, tableCells } from '#web/test/queries.ts';
import { waitFor } from '#web/test/render.tsx';
import { AdminAuthProvider } from '../auth/admin-auth.tsx';
import { UsersPage } from './users-page.tsx';

const ME: StaffMember = {
  ...OWNER,
  status: 'active',
  two_factor_enabled: true,
  last_login_ip: '198.51.100.7',
  last_login_at: '2026-11-30T08:00:00.000Z',
};
const LAYLA: StaffMember = {
  id: '00000000-0000-4000-8000-0000000000a1',
  email: 'layla@cedar.shop',
  name: 'Layla',
  role: 'admin',
  avatar_url: null,
  is_active: true,
  last_login_at: null,
  created_at: '2026-11-01T00:00:00.000Z',
  status: 'active',
  two_factor_enabled: false,
  last_login_ip: null,
};
const INVITATION: StaffInvitation = {
  id: '00000000-0000-4000-8000-0000000000b1',
  email: 'samir@cedar.shop',
  name: 'Samir',
  role: 'super_admin',
  invited_by: 'Owner',
  expires_at: '2026-12-03T08:00:00.000Z',
  created_at: '2026-11-30T08:00:00.000Z',
};

const { toasts, mountRoutes } = adminTestSetup();
const { calls, answers } = recordedApi((path) => {
  if (path === 'GET /api/auth/me') return json({ data: OWNER });
  if (path === 'GET /api/admin/users') return json({ data: [ME, LAYLA], pagination: pagination(2) });
  if (path === 'GET /api/admin/users/invitations') return json({ data: [INVITATION] });
  return errorBody('Not found', 404);
});

const mount = () =>
  mountRoutes(
    {
      '/admin/users': (
        <AdminAuthProvider>
          <UsersPage />
        </AdminAuthProvider>
      ),
    },
    '/admin/users',
  );

const dialogIn = (root: Element) => root.ownerDocument.querySelector('dialog[open]') as HTMLDialogElement;

describe('Staff page', () => {
  it('lists each member with role, status, two-step and last sign-in with its address; pending invitations below', async () => {
    const root = await mount();
    await waitFor(() => expect(root.querySelectorAll('tbody tr').length).toBeGreaterThan(2));
    expect(root.querySelector('h1')?.textContent).toBe('Staff');
    const [me, layla, invitation] = tableCells(root);
    expect(me?.slice(0, 4)).toEqual(['Owner(you)owner@cedar.shop', 'Super admin', 'Active', 'Two-step on']);
    expect(me?.[4]).toContain('198.51.100.7');
    expect(layla?.slice(0, 5)).toEqual(['Laylalayla@cedar.shop', 'Admin', 'Active', 'Two-step off', '—']);
    expect(invitation?.slice(0, 3)).toEqual(['samir@cedar.shopSamir', 'Super admin', 'Owner']);
    // Your own row: edit only; nobody disables or removes themselves.
    expect(byLabel(root, 'Edit Owner')).not.toBeNull();
    expect(byLabel(root, 'Disable Owner')).toBeNull();
    expect(byLabel(root, 'Remove Owner')).toBeNull();
    expect(byLabel(root, 'Disable Layla')).not.toBeNull();
    expect(byLabel(root, 'Remove Layla')).not.toBeNull();
  });

  it('invites staff: an email that already has an account is refused on the email field', async () => {
    answers['POST /api/admin/users'] = () =>
      json(
        {
          message: STAFF_MESSAGES.emailIsShopper,
          statusCode: 409,
          code: 'CONFLICT',
          errors: [{ path: 'email', message: STAFF_MESSAGES.emailIsShopper }],
        },
        409,
      );
    const root = await mount();
    await waitFor(() => expect(buttonByText(root, 'Invite staff')).toBeTruthy());
    await click(buttonByText(root, 'Invite staff'));
    const dialog = dialogIn(root);
    await type(fieldLabelled(dialog, 'Email'), 'shopper@example.com');
    await type(fieldLabelled<HTMLSelectElement>(dialog, 'Role'), 'super_admin');
    await submit(dialog.querySelector('form'));
    await waitFor(() => expect(dialog.textContent).toContain(STAFF_MESSAGES.emailIsShopper));
    expect(fieldLabelled(dialog, 'Email')?.getAttribute('aria-invalid')).toBe('true');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'shopper@example.com',
      name: '',
      role: 'super_admin',
    });

    answers['POST /api/admin/users'] = () => json({ data: { ...INVITATION, email: 'nour@cedar.shop' } }, 201);
    await type(fieldLabelled(dialog, 'Email'), 'nour@cedar.shop');
    await submit(dialog.querySelector('form'));
    await waitFor(() => expect(toasts.map((toast) => toast.title)).toContain('Invitation sent to nour@cedar.shop'));
    expect(root.ownerDocument.querySelector('dialog[open]')).toBeNull();
  });

  it('removes a member after a confirm that says their sessions end now', async () => {
    answers[`DELETE /api/admin/users/${LAYLA.id}`] = () => new Response(null, { status: 204 });
    const root = await mount();
    await waitFor(() => expect(byLabel(root, 'Remove Layla')).not.toBeNull());
    await click(byLabel(root, 'Remove Layla'));
    const dialog = dialogIn(root);
    expect(dialog.textContent).toContain('Remove Layla?');
    expect(dialog.textContent).toContain('their sessions end at once');
    await submit(dialog.querySelector('form'));
    await waitFor(() => expect(toasts.map((toast) => toast.title)).toContain('Layla was removed'));
    expect(calls.some((call) => call.method === 'DELETE' && call.url === `/api/admin/users/${LAYLA.id}`)).toBe(true);
  });

  it('shows the server refusing to demote the last super admin in the edit dialog', async () => {
    answers[`PUT /api/admin/users/${LAYLA.id}`] = () => errorBody(STAFF_MESSAGES.lastSuperAdmin, 409, 'CONFLICT');
    const root = await mount();
    await waitFor(() => expect(byLabel(root, 'Edit Layla')).not.toBeNull());
    await click(byLabel(root, 'Edit Layla'));
    const dialog = dialogIn(root);
    await type(fieldLabelled(dialog, 'Name'), 'Layla K');
    await submit(dialog.querySelector('form'));
    await waitFor(() => expect(dialog.textContent).toContain(STAFF_MESSAGES.lastSuperAdmin));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'Layla K', role: 'admin' });
  });

  it('your own role cannot be changed in the edit dialog; only the name is sent', async () => {
    answers[`PUT /api/admin/users/${OWNER.id}`] = (call) => json({ data: { ...ME, ...(call.body as object) } });
    const root = await mount();
    await waitFor(() => expect(byLabel(root, 'Edit Owner')).not.toBeNull());
    await click(byLabel(root, 'Edit Owner'));
    const dialog = dialogIn(root);
    expect(fieldLabelled<HTMLSelectElement>(dialog, 'Role')?.disabled).toBe(true);
    await type(fieldLabelled(dialog, 'Name'), 'Owner Rania');
    await submit(dialog.querySelector('form'));
    await waitFor(() => expect(toasts.map((toast) => toast.title)).toContain('Owner Rania saved'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'Owner Rania' });
  });
});
