import { describe, expect, it } from 'vitest';
import { type AllSettings, GOVERNORATES } from '#shared/contracts/settings.ts';
import { adminTestSetup, click, fieldLabelled, submit, type } from '#web/test/admin.tsx';
import { json, recordedApi } from '#web/test/api.ts';
import { buttonByText } from '#web/test/queries.ts';
import { waitFor } from '#web/test/render.tsx';
import { SettingsPage } from './settings-page.tsx';

const SETTINGS: AllSettings = {
  site: {
    shop_name: 'Cedar Shop',
    description: '',
    logo_url: null,
    email: 'hello@cedar.shop',
    phone: '+961 1 234 567',
    whatsapp_number: '',
    address: 'Hamra Street, Beirut',
    social_links: { facebook: '', instagram: '', tiktok: '', x: '', youtube: '' },
    time_zone: 'Asia/Beirut',
    currency_display: { currency: 'USD', show_lbp: false, lbp_rate: 89_500 },
  },
  payment: {
    cash_on_delivery: { enabled: true, label: 'Cash on delivery', instructions: 'Pay in cash.' },
    bank_transfer: { enabled: false, label: 'Bank transfer', instructions: '' },
    money_transfer: { enabled: false, label: 'Money transfer', instructions: '' },
    card: { enabled: false, label: 'Card', instructions: '' },
  },
  shipping: {
    zones: Object.fromEntries(
      GOVERNORATES.map((zone) => [zone, { rate: 3, delivery_days_min: 1, delivery_days_max: 3 }]),
    ) as AllSettings['shipping']['zones'],
    free_delivery_threshold: null,
    carriers: ['Aramex', 'Wakilni'],
  },
  tax: { rate: 11, label: 'VAT', vat_number: '', prices_include_tax: false },
  email: {
    smtp_host: 'smtp.example.com',
    smtp_port: 587,
    smtp_user: 'shop',
    smtp_password: { set: true },
    smtp_security: 'starttls',
    from_name: 'Cedar Shop',
    from_address: 'hello@cedar.shop',
    messages: {
      customer: {
        order_placed: true,
        confirmed: true,
        processing: false,
        shipped: true,
        delivered: true,
        cancelled: true,
        refunded: true,
      },
      shop: { new_order: true, low_stock: true },
      texts: {
        order_placed: true,
        confirmed: false,
        processing: false,
        shipped: true,
        delivered: true,
        cancelled: true,
        refunded: true,
      },
    },
  },
  system: {
    maintenance_mode: false,
    guest_checkout: true,
    reviews_enabled: true,
    low_stock_threshold: 5,
    staff_session_length: '7d',
    sign_in_attempts: 10,
    backups: { schedule: 'off', keep: 7 },
  },
};

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
    await click(buttonByText(root, 'Replace'));
    await type(fieldLabelled(root, 'New password'), 'n3w-secret');
    await submit(root.querySelector('form'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ smtp_password: 'n3w-secret' });

    await waitFor(() => expect(buttonByText(root, 'Remove')).toBeTruthy());
    await click(buttonByText(root, 'Remove'));
    expect(root.textContent).toContain('The password will be removed when you save.');
    await submit(root.querySelector('form'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT')[1]?.body).toMatchObject({ smtp_password: null });
  });
});
