import { describe, expect, it, vi } from 'vitest';
import type { AdminOrder } from '#shared/contracts/admin-orders.ts';
import { adminTestSetup, click, fieldLabelled, type } from '#web/test/admin.tsx';
import { waitFor } from '#web/test/render.tsx';
import { validateRefund } from './refund-dialog.tsx';
import { adminOrder, type Call, errorBody, json, ORDER_ID, orderDetailScreen, stubApi } from './test-fixtures.ts';

const PATH = `/api/admin/orders/${ORDER_ID}`;
const { toasts, mount: mountScreen } = adminTestSetup();

async function mount() {
  const root = await mountScreen(...orderDetailScreen());
  await waitFor(() => expect(root.querySelector('h1')?.textContent).toBe('Order CS-10042'));
  return root;
}

function button(root: ParentNode, name: string): HTMLButtonElement {
  const found = [...root.querySelectorAll<HTMLButtonElement>('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent) === name,
  );
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}
const buttonNames = (root: ParentNode) =>
  [...root.querySelectorAll('button')].map((b) => b.getAttribute('aria-label') ?? b.textContent);
const openDialog = () => document.querySelector<HTMLDialogElement>('dialog[open]');

/** The order the GET answers; a PUT answers with `after` and makes it the current order. */
function serve(before: AdminOrder, after?: (call: Call) => AdminOrder | Response, siteSettings?: () => Response) {
  let current = before;
  return stubApi({
    ...(siteSettings ? { 'GET /api/site/settings': siteSettings } : {}),
    [`GET ${PATH}`]: () => json({ data: current }),
    [`PUT ${PATH}`]: (call) => {
      const next = after?.(call) ?? current;
      if (next instanceof Response) return next;
      current = next;
      return json({ data: next });
    },
    [`POST ${PATH}/refund`]: (call) => {
      const next = after?.(call) ?? current;
      if (next instanceof Response) return next;
      current = next;
      return json({ data: next });
    },
    [`POST ${PATH}/out-for-delivery`]: (call) => {
      const next = after?.(call) ?? current;
      if (next instanceof Response) return next;
      current = next;
      return json({ data: next });
    },
    [`POST ${PATH}/whatsapp`]: () =>
      json({
        data: {
          url: 'https://wa.me/9613123456?text=Hi',
          phone: '+9613123456',
          message: 'Hi',
          sent_at: '2026-11-20T11:00:00.000Z',
        },
      }),
  });
}

/** `GET /site/settings` as the shop answers it now: another tax name and payment text than the order's. */
function publicSettings(vatNumber: string) {
  return json({
    data: {
      payment_methods: [{ method: 'cash_on_delivery', label: 'Cash (today)', instructions: 'Today’s words' }],
      delivery: { zones: [], free_delivery_threshold: null },
      tax: { rate: 5, label: 'GST', prices_include_tax: false, vat_number: vatNumber },
    },
  });
}

describe('OrderDetailPage', () => {
  it('names the tax and payment as the order kept them, and prints the VAT number it was placed under on the slip', async () => {
    serve(
      adminOrder({
        tax_label: 'TVA',
        tax_rate: 11,
        prices_include_tax: true,
        tax_number: 'LB-1112223',
        payment_label: 'Bank transfer',
        payment_instructions: 'IBAN LB11 2222',
        shipping_address: { city: 'Saida', street: 'Riad El Solh', governorate: 'south' },
      }),
      undefined,
      () => publicSettings('LB-3344556'),
    );
    const root = await mount();
    expect(root.textContent).toContain('Includes TVA (11%)');
    expect(root.textContent).not.toContain('GST');
    expect(root.querySelector('[data-testid="payment-instructions"]')?.textContent).toBe('IBAN LB11 2222');
    expect(root.textContent).toContain('Payment: Bank transfer');
    const slip = () => document.querySelector('[data-packing-slip]');
    await waitFor(() =>
      expect(slip()?.querySelector('[data-testid="slip-vat-number"]')?.textContent).toBe('TVA number LB-1112223'),
    );
    expect(slip()?.textContent).toContain('Bank transfer');
    expect(slip()?.textContent).toContain('IBAN LB11 2222');
    expect(slip()?.textContent).toContain('South');
    expect(slip()?.textContent).not.toContain('$');
  });

  it('an order placed before orders kept their terms is named as the settings name them now', async () => {
    serve(
      adminOrder({
        tax_label: null,
        tax_rate: null,
        prices_include_tax: null,
        tax_number: null,
        payment_label: null,
        payment_instructions: null,
      }),
      undefined,
      () => publicSettings('LB-3344556'),
    );
    const root = await mount();
    await waitFor(() => expect(root.textContent).toContain('GST (5%)'));
    expect(root.textContent).toContain('Payment: Cash (today)');
    await waitFor(() =>
      expect(document.querySelector('[data-testid="slip-vat-number"]')?.textContent).toBe('GST number LB-3344556'),
    );
  });

  it('shows lines, totals, customer link, address, history and the slip for printing', async () => {
    serve(adminOrder());
    const root = await mount();
    expect(root.textContent).toContain('Arduino Uno');
    expect(root.textContent).toContain('Color: Blue');
    expect(root.textContent).toContain('CS-ARD-1');
    expect(root.textContent).toContain('$55.50');
    expect(root.textContent).toContain('Bliss Street');
    expect(root.textContent).toContain('Order placed (Pending)');
    expect(root.querySelector('a[href="/admin/customers/00000000-0000-4000-8000-0000000000c1"]')).not.toBeNull();
    expect(buttonNames(root)).toContain('Edit shipping address');
    // The slip is portalled to <body>, hidden on screen, with no prices.
    const slip = document.querySelector('[data-packing-slip]');
    expect(slip?.textContent).toContain('CS-10042');
    expect(slip?.textContent).toContain('Bliss Street');
    expect(slip?.textContent).not.toContain('$');
  });

  it('offers only the allowed transitions (and Mark as paid), and sends the chosen one with its note', async () => {
    const calls = serve(adminOrder(), (call) =>
      adminOrder({
        status: (call.body as { status: 'confirmed' }).status,
        allowed_transitions: ['processing', 'cancelled'],
      }),
    );
    const root = await mount();
    const names = buttonNames(root);
    expect(names).toContain('Confirm order');
    expect(names).toContain('Cancel order');
    expect(names).toContain('Mark as paid');
    expect(names).not.toContain('Mark shipped');
    expect(names).not.toContain('Refund');

    await click(button(root, 'Confirm order'));
    const dialog = openDialog();
    expect(dialog?.textContent).toContain('Confirm order CS-10042?');
    await type(dialog?.querySelector('textarea') as HTMLTextAreaElement, 'Called the customer');
    await click(button(dialog as HTMLDialogElement, 'Confirm order'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      status: 'confirmed',
      note: 'Called the customer',
    });
    await waitFor(() => expect(buttonNames(root)).toContain('Start processing'));
    expect(buttonNames(root)).not.toContain('Confirm order');
  });

  it('"Mark shipped" asks the carrier (the shop\'s and Own driver), checks the link, and sends the shipment', async () => {
    const processing = adminOrder({ status: 'processing', allowed_transitions: ['shipped', 'cancelled'] });
    const shipment = { carrier: 'Wakilni', tracking_number: 'WK-88', tracking_url: 'https://wakilni.example/WK-88' };
    const calls = serve(
      processing,
      () => adminOrder({ status: 'shipped', allowed_transitions: ['delivered'], shipment }),
      () =>
        json({
          data: {
            payment_methods: [],
            delivery: { zones: [], free_delivery_threshold: null, carriers: ['Aramex', 'Wakilni'] },
            tax: { rate: 11, label: 'VAT', prices_include_tax: false, vat_number: '' },
          },
        }),
    );
    const root = await mount();
    expect(root.textContent).not.toContain('Shipment');
    await click(button(root, 'Mark shipped'));
    const dialog = openDialog() as HTMLDialogElement;
    const carrier = fieldLabelled<HTMLSelectElement>(dialog, 'Carrier') as HTMLSelectElement;
    await waitFor(() =>
      expect([...carrier.options].map((option) => option.textContent)).toEqual([
        'Choose the carrier',
        'Aramex',
        'Wakilni',
        'Own driver',
      ]),
    );
    // Nothing is sent without a carrier, or with a link that is not https.
    await type(fieldLabelled(dialog, 'Tracking link'), 'http://wakilni.example/WK-88');
    await click(button(dialog, 'Mark shipped'));
    expect(dialog.textContent).toContain('Choose the carrier');
    expect(dialog.textContent).toContain('Tracking link must start with https://');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await type(carrier, 'Wakilni');
    await type(fieldLabelled(dialog, 'Tracking number'), 'WK-88');
    await type(fieldLabelled(dialog, 'Tracking link'), 'https://wakilni.example/WK-88');
    await click(button(dialog, 'Mark shipped'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ status: 'shipped', shipment });
    // The Shipment card shows what was recorded, the link opening the carrier's page.
    await waitFor(() => expect(root.textContent).toContain('Carrier: Wakilni'));
    const track = [...root.querySelectorAll('a')].find((link) => link.textContent?.startsWith('Track the parcel'));
    expect(track?.getAttribute('href')).toBe('https://wakilni.example/WK-88');
    expect(track?.getAttribute('target')).toBe('_blank');
  });

  it('"Out for delivery" on a shipped order: asks, sends the note, then shows the step and offers it no more', async () => {
    const shipped = adminOrder({ status: 'shipped', allowed_transitions: ['delivered'], payment_status: 'paid' });
    const calls = serve(shipped, () =>
      adminOrder({
        ...shipped,
        out_for_delivery_at: '2026-11-21T08:30:00.000Z',
        history: [
          ...shipped.history,
          {
            id: '00000000-0000-4000-8000-0000000000d2',
            kind: 'out_for_delivery',
            from_status: 'shipped',
            to_status: 'shipped',
            note: 'Morning round',
            changed_by: { id: 'admin', name: 'Maya Admin' },
            created_at: '2026-11-21T08:30:00.000Z',
          },
        ],
      }),
    );
    const root = await mount();
    const badge = () => [...root.querySelectorAll('span')].find((span) => span.textContent === 'Out for delivery');
    expect(buttonNames(root)).toEqual(expect.arrayContaining(['Out for delivery', 'Mark delivered']));
    expect(badge()).toBeUndefined();

    await click(button(root, 'Out for delivery'));
    const dialog = openDialog() as HTMLDialogElement;
    expect(dialog.textContent).toContain('Mark CS-10042 out for delivery?');
    await type(dialog.querySelector('textarea') as HTMLTextAreaElement, 'Morning round');
    await click(button(dialog, 'Out for delivery'));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/out-for-delivery'))).toBe(true));
    const sent = calls.find((call) => call.url.endsWith('/out-for-delivery'));
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toEqual({ note: 'Morning round' });
    await waitFor(() => expect(buttonNames(root)).not.toContain('Out for delivery'));
    expect(buttonNames(root)).toContain('Mark delivered');
    expect(toasts).toContainEqual(
      expect.objectContaining({ variant: 'success', title: 'Order marked out for delivery' }),
    );
    // The badge beside the status, and the history's entry.
    expect(badge()).toBeDefined();
    const history = [...root.querySelectorAll('li')].find((item) => item.textContent?.includes('Morning round'));
    expect(history?.textContent).toContain('Out for delivery');
    expect(history?.textContent).toContain('Maya Admin');
  });

  it('asks before cancelling, with the danger style, and toasts a refusal', async () => {
    const calls = serve(adminOrder(), () =>
      errorBody('Cannot change an order from shipped to cancelled', 409, 'CONFLICT'),
    );
    const root = await mount();
    await click(button(root, 'Cancel order'));
    const dialog = openDialog() as HTMLDialogElement;
    const confirm = [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Cancel order');
    expect(confirm?.className).toContain('bg-red-700');
    await click(confirm as HTMLButtonElement);
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ status: 'cancelled' }));
    // The server's refusal is shown in its own words.
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({ variant: 'error', title: 'Cannot change an order from shipped to cancelled' }),
      ),
    );
  });

  it('refunds: prefilled with what remains, refuses more, sends the amount and reason', async () => {
    const paid = adminOrder({
      status: 'delivered',
      payment_status: 'paid',
      allowed_transitions: [],
      refundable_amount: 55.5,
    });
    const calls = serve(paid, () => ({
      ...paid,
      payment_status: 'partially_refunded',
      refunded_amount: 10,
      refundable_amount: 45.5,
    }));
    const root = await mount();
    expect(buttonNames(root)).not.toContain('Edit shipping address');
    expect(buttonNames(root)).not.toContain('Mark as paid');
    await click(button(root, 'Refund'));
    const dialog = openDialog() as HTMLDialogElement;
    const amount = dialog.querySelector('input') as HTMLInputElement;
    expect(amount.value).toBe('55.50');
    await type(amount, '60');
    await click(button(dialog, 'Refund'));
    expect(dialog.textContent).toContain('Refund cannot exceed the remaining $55.50');
    expect(calls.some((call) => call.url.endsWith('/refund'))).toBe(false);

    await type(amount, '10');
    await type(dialog.querySelector('textarea') as HTMLTextAreaElement, 'Scratched box');
    await click(button(dialog, 'Refund'));
    await waitFor(() =>
      expect(calls.find((call) => call.url.endsWith('/refund'))?.body).toEqual({
        refund_amount: 10,
        reason: 'Scratched box',
      }),
    );
  });

  it('corrects the address through the shared schema and saves internal notes', async () => {
    const calls = serve(adminOrder(), (call) => {
      const body = call.body as { shipping_address?: AdminOrder['shipping_address']; internal_notes?: string };
      return adminOrder({
        ...(body.shipping_address ? { shipping_address: body.shipping_address } : {}),
        ...(body.internal_notes !== undefined ? { internal_notes: body.internal_notes } : {}),
      });
    });
    const root = await mount();
    await click(button(root, 'Edit shipping address'));
    const dialog = openDialog() as HTMLDialogElement;
    const street = [...dialog.querySelectorAll('label')].find((l) => l.textContent === 'Street');
    const input = dialog.querySelector(`#${CSS.escape(street?.getAttribute('for') ?? '')}`) as HTMLInputElement;
    expect(input.value).toBe('Bliss Street');
    await type(input, 'x');
    await click(button(dialog, 'Save address'));
    await waitFor(() => expect(dialog.textContent).toContain('Street must be at least 2 characters'));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await type(input, 'Hamra Street');
    await click(button(dialog, 'Save address'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      shipping_address: { city: 'Beirut', street: 'Hamra Street', building: 'Nour', floor: '3' },
    });
    await waitFor(() => expect(root.querySelector('address')?.textContent).toContain('Hamra Street'));

    const notes = root.querySelector('textarea[placeholder="Only staff see these notes."]') as HTMLTextAreaElement;
    expect(button(root, 'Save notes').disabled).toBe(true);
    await type(notes, 'VIP customer');
    await click(button(root, 'Save notes'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT')[1]?.body).toEqual({ internal_notes: 'VIP customer' });
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Notes saved'));
  });

  it('opens the WhatsApp link the server prepared in a new tab', async () => {
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    serve(adminOrder());
    const root = await mount();
    await click(button(root, 'WhatsApp'));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://wa.me/9613123456?text=Hi', '_blank', 'noopener,noreferrer'),
    );
  });
});

describe('validateRefund', () => {
  it('takes 2 decimals up to the remainder and refuses the rest with the contract words', () => {
    expect(validateRefund('12.34', '', 20)).toEqual({ ok: true, value: { refund_amount: 12.34 } });
    expect(validateRefund('20', ' Late ', 20)).toEqual({ ok: true, value: { refund_amount: 20, reason: 'Late' } });
    expect(validateRefund('1.234', '', 20)).toMatchObject({ ok: false, message: 'Use at most 2 decimals' });
    expect(validateRefund('0', '', 20)).toMatchObject({ ok: false, message: 'Refund amount must be greater than 0' });
    expect(validateRefund('abc', '', 20)).toMatchObject({ ok: false, message: 'Refund amount must be a number' });
    expect(validateRefund('20.01', '', 20)).toMatchObject({
      ok: false,
      message: 'Refund cannot exceed the remaining $20.00',
    });
  });
});
