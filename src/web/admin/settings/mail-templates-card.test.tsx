import { describe, expect, it } from 'vitest';
import { MAIL_SUBJECT_MAX } from '#shared/contracts/settings.ts';
import { adminTestSetup, click, fieldLabelled, submit, type } from '#web/test/admin.tsx';
import { json, recordedApi } from '#web/test/api.ts';
import { buttonByText, byRole } from '#web/test/queries.ts';
import { waitFor, waitForDialog } from '#web/test/render.tsx';
import { SettingsPage } from './settings-page.tsx';
import { SETTINGS } from './test-settings.ts';

const PREVIEW = {
  subject: 'Your Cedar Shop order CS-100123 was cancelled',
  html: '<!doctype html><html lang="en" dir="ltr"><body><p>Your order was cancelled.</p></body></html>',
  text: 'Hello Rami Haddad,\n\nSorry: we had to cancel CS-100123.\n',
};

const { toasts, mountRoutes } = adminTestSetup();
const { calls, answers } = recordedApi((path) => {
  if (path === 'GET /api/admin/settings') return json({ data: SETTINGS });
  if (path === 'POST /api/admin/settings/email/preview') return json({ data: PREVIEW });
  return json({ message: 'Not found', code: 'NOT_FOUND', errors: [] }, 404);
});

const mount = async () => {
  const root = await mountRoutes({ '/admin/settings/:section': <SettingsPage /> }, '/admin/settings/email');
  await waitFor(() => expect(byRole(root, 'group', 'Order shipped')).toBeTruthy());
  return root;
};
const row = (root: HTMLElement, label: string) => {
  const group = byRole(root, 'group', label);
  if (!group) throw new Error(`no row ${label}`);
  return group;
};

describe('Settings → Email → Message templates', () => {
  it('one row per order email: blank fields show the default wording and say what may be written', async () => {
    const root = await mount();
    expect(byRole(root, 'heading', 'Message templates')).toBeTruthy();
    for (const label of ['Order received (to the customer)', 'New order (to the shop)', 'Money refunded']) {
      expect(row(root, label), label).toBeTruthy();
    }
    const shipped = row(root, 'Order shipped');
    const subject = fieldLabelled(shipped, 'Subject');
    expect(subject?.value).toBe('');
    expect(subject?.placeholder).toBe('Your {shop_name} order {order_number} is on its way');
    expect(fieldLabelled<HTMLTextAreaElement>(shipped, 'Introduction')?.placeholder).toBe(
      'Your order {order_number} is on its way.',
    );
    expect(shipped.textContent).toContain('{order_number}, {shop_name}');
  });

  it('saves the wording with the section', async () => {
    answers['PUT /api/admin/settings/email'] = (call) =>
      json({ data: { ...SETTINGS.email, ...(call.body as object) } });
    const root = await mount();
    await type(fieldLabelled(row(root, 'Order shipped'), 'Subject'), '{order_number} left {shop_name}');
    await submit(root.querySelector('form'));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Settings saved'));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({
      templates: { shipped: { subject: '{order_number} left {shop_name}', intro: '' } },
    });
  });

  it('refuses a subject that is too long under its field, before sending', async () => {
    const root = await mount();
    await type(fieldLabelled(row(root, 'Order confirmed'), 'Subject'), 'x'.repeat(MAIL_SUBJECT_MAX + 1));
    await submit(root.querySelector('form'));
    await waitFor(() =>
      expect(row(root, 'Order confirmed').textContent).toContain(
        `Order confirmed: subject must be at most ${MAIL_SUBJECT_MAX} characters`,
      ),
    );
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('previews the unsaved wording in a sandboxed frame, with the plain-text part', async () => {
    const root = await mount();
    const cancelled = row(root, 'Order cancelled');
    await type(
      fieldLabelled<HTMLTextAreaElement>(cancelled, 'Introduction'),
      'Sorry: we had to cancel {order_number}.',
    );
    await click(buttonByText(cancelled, 'Preview'));
    const dialog = await waitForDialog(root, 'Preview: Order cancelled');
    await waitFor(() => expect(dialog.querySelector('iframe')).not.toBeNull());
    expect(calls.find((call) => call.url.endsWith('/email/preview'))?.body).toEqual({
      event: 'cancelled',
      wording: { subject: '', intro: 'Sorry: we had to cancel {order_number}.' },
    });
    const frame = dialog.querySelector('iframe');
    expect(frame?.getAttribute('sandbox')).toBe('');
    expect(frame?.getAttribute('srcdoc')).toBe(PREVIEW.html);
    expect(frame?.getAttribute('title')).toBe('Order cancelled email');
    expect(dialog.textContent).toContain(`Subject: ${PREVIEW.subject}`);
    expect(dialog.querySelector('pre')?.textContent).toBe(PREVIEW.text);
    await click(buttonByText(dialog, 'Close'));
    await waitFor(() => expect(byRole(root, 'dialog', /^Preview/)).toBeUndefined());
  });

  it('a refused preview says why in the dialog', async () => {
    answers['POST /api/admin/settings/email/preview'] = () =>
      json({ code: 'VALIDATION_ERROR', message: 'Subject must be one line', statusCode: 400, errors: [] }, 400);
    const root = await mount();
    await click(buttonByText(row(root, 'Order delivered'), 'Preview'));
    const dialog = await waitForDialog(root, 'Preview: Order delivered');
    await waitFor(() => expect(byRole(dialog, 'alert')?.textContent).toBe('Subject must be one line'));
    expect(dialog.querySelector('iframe')).toBeNull();
  });

  it('sends a test of one order email to an address', async () => {
    answers['POST /api/admin/settings/email/test'] = () =>
      json({ data: { delivered: true, transport: 'outbox', message: 'Written to the outbox folder.' } });
    const root = await mount();
    await click(buttonByText(row(root, 'Order shipped'), 'Send test'));
    const dialog = await waitForDialog(root, 'Send a test: Order shipped');
    await type(fieldLabelled(dialog, 'Send to'), 'owner@example.com');
    await submit(dialog.querySelector('form'));
    await waitFor(() => expect(byRole(dialog, 'status')?.textContent).toBe('Written to the outbox folder.'));
    expect(calls.find((call) => call.url.endsWith('/email/test'))?.body).toEqual({
      to: 'owner@example.com',
      event: 'shipped',
    });
  });
});
