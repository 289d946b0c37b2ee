import { type APIRequestContext, E2E_ADMIN, expect, test } from './test.ts';

/**
 * The shop's settings reach checkout (docs/product.md#checkout-zone-and-payment): the admin sets a Beirut delivery
 * rate and turns bank transfer on through the API; a shopper sees the rate at checkout, pays by
 * bank transfer, and the confirmation shows the instructions and a total with the delivery in it.
 * The settings are put back afterwards (other specs expect a fresh shop's free delivery).
 */
const INSTRUCTIONS = 'Transfer to IBAN LB62 0999 0000 0001 0019 0122 9114, order number as reference.';
const RATE = 4.5;

async function staffToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data.token;
}

async function putSettings(request: APIRequestContext, token: string, section: string, patch: unknown) {
  const response = await request.put(`/api/admin/settings/${section}`, {
    data: patch,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** An active product without options and with stock, from the end of the catalogue (other specs buy from its start). */
async function someProduct(request: APIRequestContext): Promise<{ slug: string; name: string; price: number }> {
  const response = await request.get('/api/products?limit=50&sort_by=name&sort_order=desc');
  expect(response.ok()).toBe(true);
  const products = (await response.json()).data as {
    slug: string;
    name: string;
    price: number;
    stock_quantity: number;
    variations?: unknown[];
  }[];
  const found = products.find(
    (product) => product.stock_quantity >= 5 && (product.variations ?? []).length === 0 && product.price < 100,
  );
  if (!found) throw new Error('no product to buy');
  return found;
}

// Tagged @shop-wide: the delivery rate and payment methods are the shop's, and every other
// checkout (checkout-promo.spec.ts' totals) would see them while this test runs.
test('a Beirut delivery rate and bank transfer set by the admin reach checkout and the confirmation @shop-wide', async ({
  page,
  request,
}) => {
  const token = await staffToken(request);
  await putSettings(request, token, 'shipping', {
    zones: { beirut: { rate: RATE, delivery_days_min: 1, delivery_days_max: 2 } },
  });
  await putSettings(request, token, 'payment', { bank_transfer: { enabled: true, instructions: INSTRUCTIONS } });
  try {
    const product = await someProduct(request);
    await page.goto(`/product/${product.slug}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.goto('/checkout');

    const summary = page.getByRole('region', { name: 'Order summary' });
    await page.getByLabel('Governorate').selectOption('beirut');
    await expect(page.getByText('Delivery $4.50, 1–2 working days.')).toBeVisible();
    await expect(summary).toContainText('Delivery (Beirut)$4.50');
    const subtotal = product.price;
    const tax = Math.round(subtotal * 11) / 100;
    const total = (Math.round((subtotal + tax + RATE) * 100) / 100).toFixed(2);
    await expect(summary.getByRole('definition').last()).toHaveText(`$${total}`);

    const payment = page.getByRole('radiogroup', { name: 'Payment method' });
    await expect(payment).toContainText(INSTRUCTIONS);
    await payment.getByRole('radio', { name: /Bank transfer/ }).check();

    await page.getByRole('textbox', { name: 'Full name' }).fill('Maya Khoury');
    await page.getByRole('textbox', { name: 'Phone' }).fill('71 234 567');
    await page.getByRole('textbox', { name: 'City or area' }).fill('Beirut, Hamra');
    await page.getByRole('textbox', { name: 'Street' }).fill('Makdissi Street');
    await page.getByRole('button', { name: 'Place order' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Your order is placed' })).toBeVisible();
    await expect(page.getByTestId('payment-instructions')).toHaveText(INSTRUCTIONS);
    const placed = page.getByRole('region', { name: 'Order summary' });
    await expect(placed).toContainText('Delivery (Beirut)$4.50');
    await expect(placed).toContainText(`Total$${total}`);
    await expect(page.getByText('Beirut, Hamra, Beirut')).toBeVisible();
  } finally {
    await putSettings(request, token, 'shipping', { zones: { beirut: { rate: 0 } } });
    await putSettings(request, token, 'payment', { bank_transfer: { enabled: false } });
  }
});
