import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderListItem } from '#shared/contracts/admin-orders.ts';
import {
  CUSTOMER_ANONYMISED_MESSAGE,
  CUSTOMER_PHONE_TAKEN_MESSAGE,
  type Customer,
} from '#shared/contracts/customers.ts';
import { adminTestSetup, click, fieldLabelled, submit, type, where } from '#web/test/admin.tsx';
import { errorBody, json, pagination, recordedApi } from '#web/test/api.ts';
import { buttonByText, tableCells } from '#web/test/queries.ts';
import { waitFor } from '#web/test/render.tsx';
import { CustomerDetailPage } from './customer-detail-page.tsx';
import { CustomersPage } from './customers-page.tsx';

const RANA: Customer = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Rana Haddad',
  phone: '+96171123456',
  email: 'rana@example.com',
  address: { city: 'Beirut', street: 'Hamra St', building: 'Azar', floor: '3' },
  notes: 'Prefers evening delivery',
  orders_count: 2,
  total_spent: 154.5,
  last_order_at: '2026-03-02T10:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-03-02T10:00:00.000Z',
  account: null,
};
const KARIM: Customer = {
  ...RANA,
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Karim Nassar',
  phone: '+9613123456',
  email: null,
  address: null,
  notes: null,
  orders_count: 0,
  total_spent: 0,
  last_order_at: null,
  account: {
    user_id: '20000000-0000-4000-8000-000000000002',
    email: 'karim@example.com',
    phone: '+9613123456',
    email_verified: false,
    phone_verified: true,
    two_factor_enabled: true,
    is_active: true,
    last_login_at: '2026-03-01T09:00:00.000Z',
    created_at: '2026-02-01T00:00:00.000Z',
  },
};
const ORDER: AdminOrderListItem = {
  id: '10000000-0000-4000-8000-000000000001',
  order_number: 'ORD-2026-0042',
  status: 'shipped',
  payment_status: 'partially_refunded',
  customer: { name: RANA.name, phone: '+96171123456', email: RANA.email },
  item_count: 3,
  total: 99.5,
  refunded_amount: 10,
  created_at: '2026-03-02T10:00:00.000Z',
  updated_at: '2026-03-02T10:00:00.000Z',
} as AdminOrderListItem;

let customers: Customer[] = [];
const { toasts, mountRoutes } = adminTestSetup();
const { calls, answers } = recordedApi((route) => {
  const [method, path = ''] = route.split(' ');
  if (path === '/api/admin/customers') return json({ data: customers, pagination: pagination(customers.length) });
  if (path === `/api/admin/customers/${RANA.id}/orders`) {
    return json({ data: [ORDER], pagination: pagination(12, 1, 10) });
  }
  if (path.endsWith('/orders')) return json({ data: [], pagination: pagination(0, 1, 10) });
  const one = customers.find((customer) => path === `/api/admin/customers/${customer.id}`);
  if (one && method === 'GET') return json({ data: one });
  return errorBody('Customer not found', 404);
});
beforeEach(() => {
  customers = [RANA, KARIM];
});

const ROUTES = {
  '/admin/customers': <CustomersPage />,
  '/admin/customers/:id': <CustomerDetailPage />,
};
const mount = (entry: string) => mountRoutes(ROUTES, entry);

const field = (root: ParentNode, label: string) => fieldLabelled(root, label);

describe('CustomersPage', () => {
  it('lists the customers with phone, email, orders, total spent and last order', async () => {
    const root = await mount('/admin/customers');
    await waitFor(() => expect(root.querySelector('table')).not.toBeNull());
    const rows = tableCells(root);
    expect(rows[0]).toEqual([
      'Rana Haddad',
      '+961 71 123 456',
      'rana@example.com',
      'Guest',
      '2',
      '$154.50',
      expect.any(String),
    ]);
    expect(rows[1]).toEqual(['Karim Nassar', '+961 3 123 456', '—', 'AccountTwo-step', '0', '$0.00', 'Never']);
    expect(root.querySelector(`table a[href="/admin/customers/${RANA.id}"]`)).not.toBeNull();
    expect(calls[0]?.url).toContain('sort_by=last_order_at');
  });

  it('keeps sort and search in the URL and asks the server for them', async () => {
    const root = await mount('/admin/customers?sort=total_spent:desc');
    await waitFor(() => expect(root.querySelector('table')).not.toBeNull());
    expect(calls.at(-1)?.url).toContain('sort_by=total_spent&sort_order=desc');
    await type(root.querySelector('input[type="search"]'), '71 123');
    await waitFor(() => expect(calls.at(-1)?.url).toContain('search=71+123'));
    expect(where(root)).toBe('/admin/customers?sort=total_spent%3Adesc&search=71+123');
  });

  it('filters to customers with a shopper account (has_account in the URL and the request)', async () => {
    const root = await mount('/admin/customers');
    await waitFor(() => expect(root.querySelector('table')).not.toBeNull());
    const accountFilter = (in_: ParentNode) =>
      [...in_.querySelectorAll('select')].find((select) => select.textContent?.includes('With an account'));
    const filter = accountFilter(root);
    expect(filter).not.toBeNull();
    await type(filter, 'true');
    await waitFor(() => expect(calls.at(-1)?.url).toContain('has_account=true'));
    expect(where(root)).toBe('/admin/customers?has_account=true');
    // Opened from a link, the filter shows what it filters by.
    const again = await mount('/admin/customers?has_account=false');
    await waitFor(() => expect(calls.at(-1)?.url).toContain('has_account=false'));
    expect(accountFilter(again)?.value).toBe('false');
  });

  it('shows one card per customer on a phone, not a table', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const root = await mount('/admin/customers');
    await waitFor(() => expect(root.querySelector('ul[aria-label="Customers"]')).not.toBeNull());
    expect(root.querySelector('table')).toBeNull();
    const cards = [...root.querySelectorAll('ul[aria-label="Customers"] > li')];
    expect(cards[0]?.textContent).toContain('Rana Haddad$154.50+961 71 123 456 · rana@example.comOrders2Last order');
  });

  it('says so when nobody matches', async () => {
    customers = [];
    const root = await mount('/admin/customers?search=zzz');
    await waitFor(() => expect(root.textContent).toContain('No customers match this search.'));
  });

  it('adds a customer: inline errors from the contract, a taken phone on the phone field', async () => {
    answers['POST /api/admin/customers'] = () =>
      json(
        {
          message: CUSTOMER_PHONE_TAKEN_MESSAGE,
          statusCode: 409,
          code: 'CONFLICT',
          errors: [{ path: 'phone', message: CUSTOMER_PHONE_TAKEN_MESSAGE }],
        },
        409,
      );
    const root = await mount('/admin/customers');
    await waitFor(() => expect(root.querySelector('table')).not.toBeNull());
    await click(buttonByText(root, 'Add customer'));
    const dialog = root.querySelector('dialog');
    if (!dialog) throw new Error('no dialog');

    await submit(dialog.querySelector('form'));
    await waitFor(() => expect(dialog.textContent).toContain('Name must be at least 2 characters'));
    expect(dialog.textContent).toContain('Phone is required');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await type(field(dialog, 'Name'), 'Maya Khoury');
    await type(field(dialog, 'Phone'), '71 123 456');
    await type(field(dialog, 'Email'), 'maya@example.com');
    await submit(dialog.querySelector('form'));
    await waitFor(() => expect(field(dialog, 'Phone')?.getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.textContent).toContain(CUSTOMER_PHONE_TAKEN_MESSAGE);
    expect(document.activeElement).toBe(field(dialog, 'Phone'));
    // Normalised phone, no address when its fields are blank, empty optional fields as null.
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Maya Khoury',
      phone: '+96171123456',
      email: 'maya@example.com',
      notes: null,
      address: null,
    });
  });
});

describe('CustomerDetailPage', () => {
  it('shows contact links, totals and the orders with links to them', async () => {
    const root = await mount(`/admin/customers/${RANA.id}`);
    await waitFor(() => expect(root.querySelector('h1')?.textContent).toBe('Rana Haddad'));
    expect(root.querySelector('a[href="tel:+96171123456"]')?.textContent).toBe('+961 71 123 456');
    expect(root.querySelector('a[href="mailto:rana@example.com"]')).not.toBeNull();
    expect(root.textContent).toContain('Hamra St, Azar, floor 3');
    expect(root.textContent).toContain('Prefers evening delivery');
    expect(root.textContent).toContain('$154.50');
    await waitFor(() =>
      expect(root.querySelector(`a[href="/admin/orders/${ORDER.id}"]`)?.textContent).toBe(ORDER.order_number),
    );
    expect(root.textContent).toContain('Partially refunded');
    expect(root.textContent).toContain('Page 1 of 2 · 12 orders');
    await click(buttonByText(root, 'Next'));
    await waitFor(() => expect(calls.at(-1)?.url).toContain('/orders?page=2&limit=10'));
  });

  it('anonymises a customer with orders: explains it first, then goes back to the list with the message', async () => {
    answers[`DELETE /api/admin/customers/${RANA.id}`] = () =>
      json({ data: { anonymised: true, message: CUSTOMER_ANONYMISED_MESSAGE } });
    const root = await mount(`/admin/customers/${RANA.id}`);
    await waitFor(() => expect(root.querySelector('h1')?.textContent).toBe('Rana Haddad'));
    await click(buttonByText(root, 'Delete'));
    expect(root.textContent).toContain('Anonymise Rana Haddad?');
    expect(root.textContent).toContain('the orders keep their lines and totals');
    await click(buttonByText(root, 'Anonymise customer'));
    await waitFor(() => expect(where(root)).toBe('/admin/customers'));
    expect(toasts.at(-1)).toMatchObject({ title: 'Rana Haddad anonymised', description: CUSTOMER_ANONYMISED_MESSAGE });
  });

  it('deletes a customer without orders', async () => {
    answers[`DELETE /api/admin/customers/${KARIM.id}`] = () => new Response(null, { status: 204 });
    const root = await mount(`/admin/customers/${KARIM.id}`);
    await waitFor(() => expect(root.querySelector('h1')?.textContent).toBe('Karim Nassar'));
    await waitFor(() => expect(root.textContent).toContain('No orders yet.'));
    await click(buttonByText(root, 'Delete'));
    expect(root.textContent).toContain('Karim Nassar has no orders. This removes them for good.');
    await click(buttonByText(root, 'Delete customer'));
    await waitFor(() => expect(where(root)).toBe('/admin/customers'));
    expect(toasts.at(-1)?.title).toBe('Karim Nassar deleted');
  });

  it('edits a customer with the values filled in', async () => {
    answers[`PUT /api/admin/customers/${RANA.id}`] = () => json({ data: { ...RANA, name: 'Rana H.' } });
    const root = await mount(`/admin/customers/${RANA.id}`);
    await waitFor(() => expect(root.querySelector('h1')?.textContent).toBe('Rana Haddad'));
    await click(buttonByText(root, 'Edit'));
    const dialog = root.querySelector('dialog[open]') ?? root.querySelectorAll('dialog')[0];
    if (!dialog) throw new Error('no dialog');
    expect(field(dialog, 'Phone')?.value).toBe('+961 71 123 456');
    await type(field(dialog, 'Name'), 'Rana H.');
    await submit(dialog.querySelector('form'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      name: 'Rana H.',
      phone: '+96171123456',
      address: { city: 'Beirut', street: 'Hamra St', building: 'Azar', floor: '3' },
    });
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Rana H. saved'));
  });

  it('shows an anonymised customer as deleted, with nothing to edit or delete', async () => {
    const gone: Customer = {
      ...KARIM,
      id: '00000000-0000-4000-8000-0000000000aa',
      name: 'Deleted customer',
      phone: null,
      email: null,
    };
    customers = [...customers, gone];
    const root = await mount(`/admin/customers/${gone.id}`);
    await waitFor(() => expect(root.querySelector('h1')?.textContent).toBe('Deleted customer'));
    expect(root.textContent).toContain('Deleted: their details were anonymised; their orders are kept.');
    const labels = [...root.querySelectorAll('button')].map((button) => button.textContent);
    expect(labels).not.toContain('Edit');
    expect(labels).not.toContain('Delete');
  });

  it('says when the customer does not exist', async () => {
    const root = await mount('/admin/customers/00000000-0000-4000-8000-000000000099');
    await waitFor(() => expect(root.querySelector('h1')?.textContent).toBe('Customer not found'));
  });

  it('shows a guest as having no account', async () => {
    const root = await mount(`/admin/customers/${RANA.id}`);
    await waitFor(() => expect(root.querySelector('h1')?.textContent).toBe('Rana Haddad'));
    expect(root.textContent).toContain('No shopper account: this customer checks out as a guest.');
    expect(buttonByText(root, 'Disable account')).toBeUndefined();
  });
});

describe('the account card', () => {
  const accountCard = (root: ParentNode) =>
    [...root.querySelectorAll('section')].find((section) => section.querySelector('h2')?.textContent === 'Account');
  const openDialog = (root: ParentNode) =>
    [...root.querySelectorAll('dialog')].find((dialog) => dialog.textContent?.includes('signed out everywhere'));

  it('shows the contacts with their verification, two-step, last sign-in and status', async () => {
    const root = await mount(`/admin/customers/${KARIM.id}`);
    await waitFor(() => expect(accountCard(root)).toBeDefined());
    const text = accountCard(root)?.textContent ?? '';
    expect(text).toContain('karim@example.comNot verified');
    expect(text).toContain('+961 3 123 456Verified');
    expect(text).toContain('Two-step sign-inOn');
    expect(text).toContain('Active');
    // Only the unverified contact offers a resend.
    expect(buttonByText(root, 'Resend verification email')).toBeDefined();
    expect(buttonByText(root, 'Resend verification code')).toBeUndefined();
  });

  it('disables the account after a confirm and says its sessions ended', async () => {
    const disabled = { ...KARIM.account, is_active: false };
    answers[`PUT /api/admin/customers/${KARIM.id}/account`] = () => {
      customers = [RANA, { ...KARIM, account: disabled as Customer['account'] }];
      return json({ data: disabled });
    };
    const root = await mount(`/admin/customers/${KARIM.id}`);
    await waitFor(() => expect(accountCard(root)).toBeDefined());
    await click(buttonByText(root, 'Disable account'));
    const dialog = openDialog(root);
    expect(dialog?.textContent).toContain("Disable Karim Nassar's account?");
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await click(dialog && buttonByText(dialog, 'Disable account'));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe("Karim Nassar's account is disabled"));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ is_active: false });
    await waitFor(() => expect(buttonByText(root, 'Enable account')).toBeDefined());
    expect(accountCard(root)?.textContent).toContain('Disabled');
  });

  it('enables a disabled account again after a confirm', async () => {
    const disabled = { ...KARIM.account, is_active: false } as Customer['account'];
    customers = [RANA, { ...KARIM, account: disabled }];
    answers[`PUT /api/admin/customers/${KARIM.id}/account`] = () => {
      customers = [RANA, KARIM];
      return json({ data: KARIM.account });
    };
    const root = await mount(`/admin/customers/${KARIM.id}`);
    await waitFor(() => expect(accountCard(root)?.textContent).toContain('Disabled'));
    // A disabled account gets no verification mail or code.
    expect(buttonByText(root, 'Resend verification email')?.disabled).toBe(true);
    await click(buttonByText(root, 'Enable account'));
    const dialog = [...root.querySelectorAll('dialog')].find((d) => d.textContent?.includes('sign in again'));
    expect(dialog?.textContent).toContain("Enable Karim Nassar's account?");
    await click(dialog && buttonByText(dialog, 'Enable account'));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Karim Nassar can sign in again'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ is_active: true });
    await waitFor(() => expect(buttonByText(root, 'Disable account')).toBeDefined());
  });

  it('resends verification, and shows the server refusal in a toast', async () => {
    answers[`POST /api/admin/customers/${KARIM.id}/account/resend-verification`] = () =>
      errorBody('Too many codes requested. Please wait before asking for another.', 429);
    const root = await mount(`/admin/customers/${KARIM.id}`);
    await waitFor(() => expect(accountCard(root)).toBeDefined());
    await click(buttonByText(root, 'Resend verification email'));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Could not send the verification'));
    expect(toasts.at(-1)?.description).toBe('Too many codes requested. Please wait before asking for another.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ type: 'verify_email' });

    answers[`POST /api/admin/customers/${KARIM.id}/account/resend-verification`] = () =>
      json({ data: { sent: true } }, 202);
    await click(buttonByText(root, 'Resend verification email'));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Verification email sent'));
  });
});
