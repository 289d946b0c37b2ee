import { Route, Routes, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CustomerMatch } from '#shared/contracts/customers.ts';
import type { OrderCalculation, OrderLineInput } from '#shared/contracts/orders.ts';
import { normalizePhone } from '#shared/phone.ts';
import { adminTestSetup, click, fieldLabelled, type as typeInto } from '#web/test/admin.tsx';
import { byRole } from '#web/test/queries.ts';
import { waitFor } from '#web/test/render.tsx';
import { adminProduct, PI_ID, variant, variantId, variantProduct } from '../products/test-fixtures.ts';
import { NewOrderPage, ZONE_MESSAGE } from './new-order-page.tsx';
import { adminOrder, type Call, CUSTOMER_ID, errorBody, json, ORDER_ID, PRODUCT_ID, stubApi } from './test-fixtures.ts';

/** Colour is a shared choice: one default variant holds the price and stock (decision 012 §2). */
const PRODUCT = adminProduct({
  id: PRODUCT_ID,
  name: 'Arduino Uno',
  sku: 'CS-ARD-1',
  images: [],
  price: 25,
  price_max: 25,
  stock_quantity: 4,
  variations: [{ name: 'Color', options: ['Blue', 'Red'] }],
  variants: [variant({ id: variantId(0), sku: 'CS-ARD-1', price: 25, stock_quantity: 4 })],
});

/** Prices like the server: 25 a unit, 11 % tax; more than 4 is too many; the South delivers for 4.50. */
function calculate(items: OrderLineInput[], governorate?: string): OrderCalculation {
  const lines = items.map((item) => {
    const available = item.quantity <= 4;
    return {
      product_id: item.product_id,
      variant_id: null,
      sku: null,
      name: 'Arduino Uno',
      slug: 'arduino-uno',
      image: null,
      unit_price: 25,
      quantity: item.quantity,
      selectedVariations: item.selectedVariations ?? {},
      line_total: 25 * item.quantity,
      available,
      stock_quantity: 4,
      max_per_order: 10,
      ...(available ? {} : { reason: 'insufficient_stock' as const, message: 'Only 4 left in stock' }),
    };
  });
  const subtotal = lines.filter((l) => l.available).reduce((sum, l) => sum + l.line_total, 0);
  const tax = Math.round(subtotal * 11) / 100;
  const shipping = governorate === 'south' ? 4.5 : 0;
  return {
    items: lines,
    delivery:
      governorate === 'south'
        ? { zone: 'south', name: 'South', rate: 4.5, delivery_days_min: 1, delivery_days_max: 3, free: false }
        : null,
    tax_label: 'VAT',
    tax_rate: 11,
    prices_include_tax: false,
    promo: null,
    promo_error: null,
    unavailable: lines.flatMap((l, i) => (l.available ? [] : [i])),
    subtotal,
    tax,
    shipping,
    discount: 0,
    total: subtotal + tax + shipping,
  };
}

const { toasts, mount: mountScreen } = adminTestSetup();

function OrderProbe() {
  return <p data-testid="order-page">detail {useParams().id}</p>;
}

/** Rami Haddad in Beirut (zone too), then "Place order". */
async function fillBeirutCustomerAndPlace(root: HTMLElement) {
  await type(field(root, 'Full name'), 'Rami Haddad');
  await type(field(root, 'Phone'), '03 123 456');
  await type(field(root, 'City or area'), 'Beirut');
  await type(field(root, 'Street'), 'Bliss Street');
  await type(field(root, 'Delivery zone'), 'beirut');
  await click(root.querySelector('button[type="submit"]'));
}

async function mount() {
  return mountScreen(
    <Routes>
      <Route path="/admin/orders/new" element={<NewOrderPage />} />
      <Route path="/admin/orders/:id" element={<OrderProbe />} />
    </Routes>,
    '/admin/orders/new',
  );
}

/** The product search (finding `products`) and the live pricing, as the server answers them. */
const catalogue = (products: readonly unknown[]) => ({
  'GET /api/admin/products': () =>
    json({
      data: products,
      pagination: { page: 1, limit: 8, total: products.length, totalPages: 1, hasNext: false, hasPrev: false },
    }),
  'POST /api/orders/calculate': (call: Call) => {
    const body = call.body as { items: OrderLineInput[]; governorate?: string };
    return json({ data: calculate(body.items, body.governorate) });
  },
});
const CATALOGUE = catalogue([PRODUCT]);

/** This form checks a field when it is left, as a person typing would. */
const type = (input: Element | null, value: string) => typeInto(input, value, { blur: true });
const field = (root: ParentNode, label: string) => fieldLabelled<HTMLElement>(root, label);

describe('NewOrderPage', () => {
  it('finds a product, picks its variation and quantity, shows live totals and creates the order', async () => {
    const calls = stubApi({
      ...CATALOGUE,
      'POST /api/admin/orders': () => json({ data: adminOrder() }, 201),
    });
    const root = await mount();
    await type(root.querySelector('input[type="search"]'), 'ardu');
    await waitFor(() => expect(root.querySelector('button[aria-label="Add Arduino Uno"]')).not.toBeNull());
    expect(
      new URL(calls.find((c) => c.url.startsWith('/api/admin/products'))?.url ?? '', 'http://x').searchParams.get(
        'search',
      ),
    ).toBe('ardu');
    await click(root.querySelector('button[aria-label="Add Arduino Uno"]'));

    await type(root.querySelector('select[aria-label="Color for Arduino Uno"]'), 'Red');
    await type(root.querySelector('input[aria-label="Quantity of Arduino Uno"]'), '2');
    const summary = () => root.querySelector('aside[aria-label="Order summary"]')?.textContent ?? '';
    await waitFor(() => expect(summary()).toContain('$55.50'));
    expect(summary()).toContain('$5.50');

    // Too many: the server's reason is shown on the line and the order is not sent.
    await type(root.querySelector('input[aria-label="Quantity of Arduino Uno"]'), '5');
    await waitFor(() => expect(root.textContent).toContain('Only 4 left in stock'));
    await type(root.querySelector('input[aria-label="Quantity of Arduino Uno"]'), '2');
    await waitFor(() => expect(root.textContent).not.toContain('Only 4 left in stock'));

    await type(field(root, 'Full name'), 'Rami Haddad');
    await type(field(root, 'Phone'), '03 123 456');
    await type(field(root, 'City or area'), 'Saida');
    await type(field(root, 'Street'), 'Bliss Street');
    // The delivery zone is asked as checkout asks it: no order without an answer.
    await click(root.querySelector('button[type="submit"]'));
    await waitFor(() => expect(root.textContent).toContain(ZONE_MESSAGE));
    expect(calls.some((c) => c.url === '/api/admin/orders')).toBe(false);
    // The zone prices the delivery: the summary follows it.
    await type(field(root, 'Delivery zone'), 'south');
    await waitFor(() => expect(summary()).toContain('Delivery (South)'));
    expect(summary()).toContain('$60.00');
    expect(summary()).toContain('VAT (11%)');
    expect(calls.filter((c) => c.url === '/api/orders/calculate').at(-1)?.body).toMatchObject({
      governorate: 'south',
    });
    await click(root.querySelector('button[type="submit"]'));

    await waitFor(() =>
      expect(root.querySelector('[data-testid="order-page"]')?.textContent).toBe(`detail ${ORDER_ID}`),
    );
    const created = calls.find((c) => c.method === 'POST' && c.url === '/api/admin/orders');
    expect(created?.body).toMatchObject({
      customer: { name: 'Rami Haddad', phone: '+9613123456' },
      shipping_address: { city: 'Saida', street: 'Bliss Street', governorate: 'south' },
      payment_method: 'cash_on_delivery',
      items: [{ product_id: PRODUCT_ID, variant_id: variantId(0), quantity: 2, selectedVariations: { Color: 'Red' } }],
    });
    expect(created?.headers['Idempotency-Key']).toBeTruthy();
  });

  it('checks the details with the shared schema and shows the server refusal', async () => {
    const calls = stubApi({
      ...CATALOGUE,
      'POST /api/admin/orders': () => errorBody('Only 1 left in stock for Arduino Uno', 409, 'OUT_OF_STOCK'),
    });
    const root = await mount();
    await click(root.querySelector('button[type="submit"]'));
    await waitFor(() => expect(root.textContent).toContain('Name is required'));
    expect(root.textContent).toContain('Add at least one product');
    expect(calls.some((c) => c.url === '/api/admin/orders')).toBe(false);

    await type(root.querySelector('input[type="search"]'), 'ardu');
    await waitFor(() => expect(root.querySelector('button[aria-label="Add Arduino Uno"]')).not.toBeNull());
    await click(root.querySelector('button[aria-label="Add Arduino Uno"]'));
    await type(field(root, 'Full name'), 'Rami Haddad');
    await type(field(root, 'Phone'), '12');
    await waitFor(() => expect(root.querySelector('[aria-invalid="true"]')).not.toBeNull());
    await type(field(root, 'Phone'), '03 123 456');
    await type(field(root, 'City or area'), 'Beirut');
    await type(field(root, 'Street'), 'Bliss Street');
    // A counter sale: collected at the shop, sent without a zone (no delivery charged).
    await type(field(root, 'Delivery zone'), 'collected');
    await waitFor(() => expect(root.querySelector('aside')?.textContent).toContain('$27.75'));
    await click(root.querySelector('button[type="submit"]'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/orders')).toBe(true));
    const sent = calls.find((c) => c.url === '/api/admin/orders')?.body as { shipping_address: object };
    expect(sent.shipping_address).not.toHaveProperty('governorate');
    // Still on the form (no navigation), with the server's words in a toast.
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Only 1 left in stock for Arduino Uno'));
    expect(root.querySelector('[data-testid="order-page"]')).toBeNull();
  });
});

describe('NewOrderPage with variants (decision 012 §7)', () => {
  it('adds the headline variant, offers a variant select, merges lines of one variant and sends variant_id', async () => {
    const pi = variantProduct();
    const calls = stubApi({
      ...catalogue([pi]),
      'POST /api/admin/orders': () => json({ data: adminOrder() }, 201),
    });
    const root = await mount();
    await type(root.querySelector('input[type="search"]'), 'pi');
    await waitFor(() => expect(root.querySelector('button[aria-label="Add Raspberry Pi 4 Model B"]')).not.toBeNull());
    // The search result shows the range over the variants.
    expect(root.querySelector('ul[aria-label="Matching products"]')?.textContent).toContain('$35.00 – $75.00');
    await click(root.querySelector('button[aria-label="Add Raspberry Pi 4 Model B"]'));

    // The headline (cheapest) variant, and a select of the variants with price and stock.
    const select = () =>
      root.querySelector<HTMLSelectElement>('select[aria-label="Variant of Raspberry Pi 4 Model B (2 GB)"]');
    expect(select()?.value).toBe(variantId(1));
    expect([...(select()?.options ?? [])].map((option) => option.textContent)).toEqual([
      '2 GB · $35.00 · 3 in stock',
      '4 GB · $55.00 · 10 in stock',
      '8 GB · $75.00 · out of stock',
    ]);
    await type(select(), variantId(2));
    expect(root.querySelector('select[aria-label="Variant of Raspberry Pi 4 Model B (4 GB)"]')).not.toBeNull();
    expect(root.querySelector('ul[aria-label="Order lines"]')?.textContent).toContain('RPI4-4-GB');

    // A second add is the headline again (its own line); choosing 4 GB there merges the two.
    await click(root.querySelector('button[aria-label="Add Raspberry Pi 4 Model B"]'));
    expect(root.querySelectorAll('ul[aria-label="Order lines"] > li')).toHaveLength(2);
    await type(select(), variantId(2));
    expect(root.querySelectorAll('ul[aria-label="Order lines"] > li')).toHaveLength(1);
    expect(
      root.querySelector<HTMLInputElement>('input[aria-label="Quantity of Raspberry Pi 4 Model B (4 GB)"]')?.value,
    ).toBe('2');
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/orders/calculate').at(-1)?.body).toEqual({
        items: [{ product_id: PI_ID, variant_id: variantId(2), quantity: 2 }],
      }),
    );

    await fillBeirutCustomerAndPlace(root);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/orders')).toBe(true));
    const created = calls.find((c) => c.method === 'POST' && c.url === '/api/admin/orders');
    expect((created?.body as { items?: unknown } | undefined)?.items).toEqual([
      { product_id: PI_ID, variant_id: variantId(2), quantity: 2 },
    ]);
  });
});

describe('NewOrderPage with a promo code (docs/product.md#applying-a-code)', () => {
  /** TEN10 takes 10 % off; anything else is refused, as the server would say. */
  function calculateWithCode(body: { items: OrderLineInput[]; promo_code?: string }): OrderCalculation {
    const plain = calculate(body.items);
    if (!body.promo_code) return plain;
    if (body.promo_code !== 'TEN10') return { ...plain, promo_error: 'This promo code does not exist' };
    const discount = Math.round(plain.subtotal * 10) / 100;
    const tax = Math.round((plain.subtotal - discount) * 11) / 100;
    return {
      ...plain,
      discount,
      tax,
      total: plain.subtotal - discount + tax,
      promo: {
        code: 'TEN10',
        discount_type: 'percentage',
        discount_value: 10,
        discount_amount: discount,
        applies_to: 'order',
      },
    };
  }

  it('applies a code through the calculation, shows its refusal, and places the order with it', async () => {
    let placements = 0;
    const calls = stubApi({
      ...CATALOGUE,
      'POST /api/orders/calculate': (call: Call) =>
        json({ data: calculateWithCode(call.body as { items: OrderLineInput[]; promo_code?: string }) }),
      'POST /api/admin/orders': () => {
        placements += 1;
        // The first try: the code ran out between the calculation and the order.
        if (placements === 1) {
          return json(
            {
              message: 'This promo code has reached its usage limit',
              statusCode: 400,
              code: 'VALIDATION_ERROR',
              errors: [{ path: 'promo_code', message: 'This promo code has reached its usage limit' }],
            },
            400,
          );
        }
        return json({ data: adminOrder() }, 201);
      },
    });
    const root = await mount();
    await type(root.querySelector('input[type="search"]'), 'ardu');
    await waitFor(() => expect(root.querySelector('button[aria-label="Add Arduino Uno"]')).not.toBeNull());
    await click(root.querySelector('button[aria-label="Add Arduino Uno"]'));
    await type(root.querySelector('input[aria-label="Quantity of Arduino Uno"]'), '2');
    const summary = () => root.querySelector('aside[aria-label="Order summary"]')?.textContent ?? '';
    await waitFor(() => expect(summary()).toContain('$55.50'));

    // A code the server does not know: its message under the field, no discount.
    await type(field(root, 'Promo code'), 'nope');
    expect(field(root, 'Promo code')).toHaveProperty('value', 'NOPE');
    await click([...root.querySelectorAll('button')].find((b) => b.textContent === 'Apply') ?? null);
    await waitFor(() => expect(summary()).toContain('This promo code does not exist'));
    expect(summary()).not.toContain('Discount');

    // A good one: 10 % off $50, VAT on $45.
    await type(field(root, 'Promo code'), 'ten10');
    await click([...root.querySelectorAll('button')].find((b) => b.textContent === 'Apply') ?? null);
    await waitFor(() => expect(summary()).toContain('Discount (TEN10)'));
    expect(summary()).toContain('−$5.00');
    expect(summary()).toContain('$4.95');
    expect(summary()).toContain('$49.95');
    expect(calls.filter((c) => c.url === '/api/orders/calculate').at(-1)?.body).toMatchObject({ promo_code: 'TEN10' });

    await fillBeirutCustomerAndPlace(root);
    // Refused at placement: the code is dropped with its message; the next try goes without it.
    await waitFor(() => expect(summary()).toContain('This promo code has reached its usage limit'));
    expect(summary()).not.toContain('Discount (TEN10)');
    const adminOrders = () => calls.filter((c) => c.method === 'POST' && c.url === '/api/admin/orders');
    expect(adminOrders()[0]?.body).toMatchObject({ promo_code: 'TEN10' });
    await click(root.querySelector('button[type="submit"]'));
    await waitFor(() => expect(adminOrders()).toHaveLength(2));
    expect(adminOrders()[1]?.body).not.toHaveProperty('promo_code');
  });
});

describe('NewOrderPage, finding the customer (docs/product.md "New order, customer")', () => {
  const NADIA: CustomerMatch = {
    id: CUSTOMER_ID,
    customer_id: CUSTOMER_ID,
    user_id: null,
    name: 'Nadia Aoun',
    phone: '+9613555111',
    email: 'nadia@example.com',
    address: { city: 'Byblos', street: 'Old Souk', floor: '2', governorate: 'mount_lebanon' },
    orders_count: 3,
  };
  /** The lookup as the server answers it: Nadia for her number in any form or her name. */
  const LOOKUP = {
    'GET /api/admin/customers/lookup': (call: Call) => {
      const q = new URL(call.url, 'http://x').searchParams.get('q') ?? '';
      const found = normalizePhone(q) === NADIA.phone || /nadia/i.test(q);
      return json({ data: found ? [NADIA] : [] });
    },
  };
  /** The field labelled "Find a customer", which is the page's one combobox. */
  const combobox = (root: ParentNode) => {
    const input = byRole<HTMLInputElement>(root, 'combobox');
    expect(input).toBe(fieldLabelled(root, 'Find a customer'));
    return input;
  };
  const value = (root: ParentNode, label: string) => (field(root, label) as HTMLInputElement | null)?.value;

  it('finds a customer by a typed number and fills their contact and last address, all editable', async () => {
    const calls = stubApi({
      ...CATALOGUE,
      ...LOOKUP,
      'POST /api/admin/orders': () => json({ data: adminOrder() }, 201),
    });
    const root = await mount();
    const input = combobox(root);
    expect(input?.getAttribute('aria-expanded')).toBe('false');
    await typeInto(input, '03 555 111');
    await waitFor(() => expect(byRole(root, 'option', /Nadia Aoun/)).toBeDefined());
    expect(input?.getAttribute('aria-expanded')).toBe('true');
    const option = byRole(root, 'option', /Nadia Aoun/);
    expect(option?.textContent).toContain('+961 3 555 111');
    expect(option?.textContent).toContain('3 orders');
    const lookups = calls.filter((c) => c.url.startsWith('/api/admin/customers/lookup'));
    // Debounced: one request for the whole number, not one per keystroke.
    expect(lookups.map((c) => new URL(c.url, 'http://x').searchParams.get('q'))).toEqual(['03 555 111']);

    await click(option);
    const filled = ['Full name', 'Phone', 'Email', 'City or area', 'Street', 'Floor', 'Delivery zone'];
    expect(filled.map((label) => value(root, label))).toEqual([
      'Nadia Aoun',
      '+961 3 555 111',
      'nadia@example.com',
      'Byblos',
      'Old Souk',
      '2',
      'mount_lebanon',
    ]);
    expect(byRole(root, 'option')).toBeUndefined();
    expect(input?.value).toBe('');

    // Still editable: this time it goes to another street.
    await type(field(root, 'Street'), 'Port Road');
    await type(root.querySelector('input[type="search"]'), 'ardu');
    await waitFor(() => expect(root.querySelector('button[aria-label="Add Arduino Uno"]')).not.toBeNull());
    await click(root.querySelector('button[aria-label="Add Arduino Uno"]'));
    await click(root.querySelector('button[type="submit"]'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/orders')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/admin/orders')?.body).toMatchObject({
      customer: { name: 'Nadia Aoun', phone: '+9613555111', email: 'nadia@example.com' },
      shipping_address: { city: 'Byblos', street: 'Port Road', floor: '2', governorate: 'mount_lebanon' },
    });
  });

  it('offers "New customer" when nothing matches, keeping the number (or the name) typed', async () => {
    stubApi({ ...CATALOGUE, ...LOOKUP });
    const root = await mount();
    await typeInto(combobox(root), '70 123 456');
    await waitFor(() => expect(byRole(root, 'option', /New customer/)).toBeDefined());
    expect(byRole(root, 'option', /Nadia/)).toBeUndefined();
    await click(byRole(root, 'option', /New customer/));
    expect(value(root, 'Phone')).toBe('70 123 456');
    expect(value(root, 'Full name')).toBe('');

    await typeInto(combobox(root), 'Zeina Khalil');
    await waitFor(() => expect(byRole(root, 'option', /New customer/)).toBeDefined());
    await click(byRole(root, 'option', /New customer/));
    expect(value(root, 'Full name')).toBe('Zeina Khalil');
    expect(value(root, 'Phone')).toBe('70 123 456');
  });
});
