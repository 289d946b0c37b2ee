import { describe, expect, it } from 'vitest';
import { TEXT_CHANNEL_MESSAGES } from '#shared/contracts/settings.ts';
import { adminTestSetup, click, fieldLabelled, submit, type } from '#web/test/admin.tsx';
import { json, recordedApi } from '#web/test/api.ts';
import { buttonByText, byRole } from '#web/test/queries.ts';
import { waitFor, waitForDialog } from '#web/test/render.tsx';
import { SettingsPage } from './settings-page.tsx';
import { SETTINGS } from './test-settings.ts';

const { toasts, mountRoutes } = adminTestSetup();
const { calls, answers } = recordedApi((path) => {
  if (path === 'GET /api/admin/settings') return json({ data: SETTINGS });
  return json({ message: 'Not found', code: 'NOT_FOUND', errors: [] }, 404);
});

const mount = async (email = SETTINGS.email) => {
  answers['GET /api/admin/settings'] = () => json({ data: { ...SETTINGS, email } });
  const root = await mountRoutes({ '/admin/settings/:section': <SettingsPage /> }, '/admin/settings/email');
  await waitFor(() => expect(fieldLabelled(root, 'Send texts by')).not.toBeNull());
  return root;
};
const channelSelect = (root: HTMLElement) => fieldLabelled<HTMLSelectElement>(root, 'Send texts by');
const puts = () => calls.filter((call) => call.method === 'PUT');

describe('Settings → Email → Texts to customers', () => {
  it('the outbox says texts are not sent; SMS asks for its keys, the token write-only', async () => {
    const root = await mount();
    expect(channelSelect(root)?.value).toBe('outbox');
    expect(root.textContent).toContain('Texts are written to the outbox folder on the server');
    expect(fieldLabelled(root, 'Account SID')).toBeNull();

    await type(channelSelect(root), 'sms');
    expect(fieldLabelled(root, 'Account SID')).not.toBeNull();
    const token = fieldLabelled(root, 'Auth token');
    expect(token?.type).toBe('password');
    expect(token?.value).toBe('');
    expect(root.textContent).toContain('Not set. Kept sealed on the server; never shown again.');
    expect(fieldLabelled(root, 'SMS API address')?.value).toBe('https://api.twilio.com');
  });

  it('refuses SMS without its keys before sending, under each field', async () => {
    const root = await mount();
    await type(channelSelect(root), 'sms');
    await submit(root.querySelector('form'));
    await waitFor(() => expect(root.textContent).toContain(TEXT_CHANNEL_MESSAGES.smsAccountSid));
    expect(root.textContent).toContain('SMS needs the sender');
    expect(puts()).toHaveLength(0);
    // With the SID and sender typed, the missing token is the one refusal left.
    await type(fieldLabelled(root, 'Account SID'), 'AC0123');
    await type(fieldLabelled(root, 'Sender number or name'), '+15005550006');
    await submit(root.querySelector('form'));
    await waitFor(() => expect(root.textContent).toContain(TEXT_CHANNEL_MESSAGES.smsAuthToken));
    expect(puts()).toHaveLength(0);
  });

  it('saves the channel with its keys; a saved token shows only that it is set, with Replace and Remove', async () => {
    // The server answers the saved section: each secret as {set}, never its value.
    answers['PUT /api/admin/settings/email'] = (call) => {
      const {
        smtp_password: _p,
        sms_auth_token: _s,
        whatsapp_token: _w,
        ...body
      } = call.body as Record<string, unknown>;
      return json({ data: { ...SETTINGS.email, ...body, sms_auth_token: { set: true } } });
    };
    const root = await mount();
    await type(channelSelect(root), 'sms');
    await type(fieldLabelled(root, 'Account SID'), 'AC0123');
    await type(fieldLabelled(root, 'Auth token'), 'tok-3n');
    await type(fieldLabelled(root, 'Sender number or name'), '+15005550006');
    await submit(root.querySelector('form'));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Settings saved'));
    expect(puts()[0]?.body).toMatchObject({
      text_channel: 'sms',
      sms_account_sid: 'AC0123',
      sms_auth_token: 'tok-3n',
      sms_from: '+15005550006',
      // The other secrets are kept ('' is "keep").
      smtp_password: '',
      whatsapp_token: '',
    });
    await waitFor(() => expect(root.textContent).toContain('An auth token is saved'));
    expect(fieldLabelled(root, 'Auth token')).toBeNull();
    expect(root.querySelector('input[type="password"]')).toBeNull();
    expect(byRole(root, 'button', 'Replace the auth token')).toBeTruthy();
    // Removing the token of the chosen channel is refused before sending.
    await click(byRole(root, 'button', 'Remove the auth token'));
    expect(root.textContent).toContain('The auth token will be removed when you save.');
    await submit(root.querySelector('form'));
    await waitFor(() => expect(root.textContent).toContain(TEXT_CHANNEL_MESSAGES.smsAuthToken));
    expect(puts()).toHaveLength(1);
  });

  it('"Send a test text" sends to the number typed and shows the verdict', async () => {
    answers['POST /api/admin/settings/email/test-text'] = () =>
      json({
        data: {
          delivered: false,
          channel: 'sms',
          message:
            'The SMS provider refused the account SID or auth token (HTTP 401). Check both, save, and try again.',
        },
      });
    const root = await mount({
      ...SETTINGS.email,
      text_channel: 'sms',
      sms_account_sid: 'AC0123',
      sms_from: '+15005550006',
      sms_auth_token: { set: true },
    });
    await click(buttonByText(root, 'Send a test text'));
    const dialog = await waitForDialog(root, 'Send a test text');
    await type(fieldLabelled(dialog, 'Send to'), 'not a phone');
    await submit(dialog.querySelector('form'));
    await waitFor(() => expect(dialog.textContent).toContain('Send to must be a phone number'));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await type(fieldLabelled(dialog, 'Send to'), '03 123 456');
    await submit(dialog.querySelector('form'));
    await waitFor(() => expect(dialog.textContent).toContain('refused the account SID or auth token (HTTP 401)'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ to: '+9613123456' });
  });
});
