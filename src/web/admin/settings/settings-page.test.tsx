import { describe, expect, it } from 'vitest';
import { adminTestSetup, click, fieldLabelled, submit, type } from '#web/test/admin.tsx';
import { json, recordedApi } from '#web/test/api.ts';
import { buttonByText } from '#web/test/queries.ts';
import { waitFor } from '#web/test/render.tsx';
import { SettingsPage } from './settings-page.tsx';
import { SETTINGS } from './test-settings.ts';

const { toasts, mountRoutes } = adminTestSetup();
const { calls, answers } = recordedApi((path) => {
  if (path === 'GET /api/admin/settings') return json({ data: SETTINGS });
  return json({ message: 'Not found', code: 'NOT_FOUND', errors: [] }, 404);
});

const ROUTES = { '/admin/settings': <SettingsPage />, '/admin/settings/:section': <SettingsPage /> };
const mount = (entry: string) => mountRoutes(ROUTES, entry);
const loaded = (root: HTMLElement, label: string) => waitFor(() => expect(fieldLabelled(root, label)).not.toBeNull());

describe('SettingsPage', () => {
  it('shows a skeleton while loading, then the Store tab from one request', async () => {
    let release: (response: Response) => void = () => {};
    answers['GET /api/admin/settings'] = () => new Promise<Response>((resolve) => (release = resolve));
    const root = await mount('/admin/settings');
    expect(root.querySelector('[aria-label="Loading the settings"]')).not.toBeNull();
    release(json({ data: SETTINGS }));
    await loaded(root, 'Shop name');
    expect(fieldLabelled(root, 'Phone')?.value).toBe('+961 1 234 567');
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(1);
  });

  it('saves the section as a patch with a toast, and shows a 400 field error under its field', async () => {
    answers['PUT /api/admin/settings/site'] = (call) => json({ data: { ...SETTINGS.site, ...(call.body as object) } });
    const root = await mount('/admin/settings/site');
    await loaded(root, 'Phone');
    await type(fieldLabelled(root, 'Phone'), '+961 3 555 019');
    await submit(root.querySelector('form'));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Settings saved'));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({ phone: '+961 3 555 019', shop_name: 'Cedar Shop' });

    answers['PUT /api/admin/settings/site'] = () =>
      json(
        {
          code: 'VALIDATION_ERROR',
          message: 'Check the highlighted fields',
          errors: [{ path: 'email', message: 'The server refused this address' }],
        },
        400,
      );
    await type(fieldLabelled(root, 'Address'), 'Gemmayzeh, Beirut');
    await submit(root.querySelector('form'));
    await waitFor(() => expect(root.textContent).toContain('The server refused this address'));
  });

  it('the contract refuses a bad value before sending, under the field', async () => {
    const root = await mount('/admin/settings/shipping');
    await loaded(root, 'Free delivery from ($)');
    await type(fieldLabelled(root, 'Free delivery from ($)'), '-4');
    await submit(root.querySelector('form'));
    await waitFor(() => expect(root.textContent).toContain('Free delivery threshold cannot be negative'));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('never shows the saved SMTP password: Replace sends a new one, Remove sends null', async () => {
    answers['PUT /api/admin/settings/email'] = () => json({ data: SETTINGS.email });
    const root = await mount('/admin/settings/email');
    await loaded(root, 'SMTP server');
    expect(root.textContent).toContain('A password is saved');
    expect(root.querySelector('input[type="password"]')).toBeNull();
    await click(buttonByText(root, 'Replace the password'));
    await type(fieldLabelled(root, 'New password'), 'n3w-secret');
    await submit(root.querySelector('form'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ smtp_password: 'n3w-secret' });

    await waitFor(() => expect(buttonByText(root, 'Remove the password')).toBeTruthy());
    await click(buttonByText(root, 'Remove the password'));
    expect(root.textContent).toContain('The password will be removed when you save.');
    await submit(root.querySelector('form'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT')[1]?.body).toMatchObject({ smtp_password: null });
  });
});
