import { axeViolations } from './axe.ts';
import { type APIRequestContext, expect, type Locator, type Page, test } from './test.ts';

/**
 * A shopper's promo code at checkout (docs/product.md#promo-code-at-checkout): a 10 % code made
 * through the admin API is applied, the summary shows the discount and the VAT on the reduced
 * amount (the server's figures), the code survives a reload, and the placed order keeps the
 * discount; a code that does not exist says so under the field.
 *
 * Desktop and phone run at the same time against one server: each uses its own product and its
 * own code, and reads the price from the API first.
 */
const PRODUCT = { desktop: 'resistor-kit-600-pcs', phone: 'led-assortment-5mm-300-pcs' } as const;
const QUANTITY = 2;

interface ProductFacts {
  id: string;
  name: string;
  price: number;
  images: string[];
}

async function productFacts(request: APIRequestContext, slug: string): Promise<ProductFacts> {
  const response = await request.get(`/api/products/${slug}`);
  expect(response.ok()).toBe(true);
  return (await response.json()).data;
}

/** `$1,234.50`, as the shop shows money. */
const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The cart as the cart store keeps it, written before the app starts. */
async function fillCart(page: Page, product: ProductFacts) {
  const cart = {
    state: {
      items: [
        {
          id: `${product.id}-1`,
          productId: product.id,
          variantId: null,
          sku: null,
          name: product.name,
          price: product.price,
          compareAtPrice: null,
          image: product.images[0] ?? null,
          quantity: QUANTITY,
          inStock: true,
          maxQuantity: 10,
          selectedVariations: {},
          addedAt: new Date().toISOString(),
        },
      ],
      sessionId: 'session_1_e2e',
      lastSyncAt: null,
    },
    version: 1,
  };
  // Once, on a light page of the shop (an init script would put it back on every reload).
  await page.goto('/robots.txt');
  await page.evaluate((value) => localStorage.setItem('cart-storage', value), JSON.stringify(cart));
}

/** The amount beside exactly `label` in a totals list. */
const row = (list: Locator, label: string) =>
  list
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label.replace(/[()%]/g, '\\$&')}$`) })
    .locator('+ dd');

test('an admin makes a 10 % code; a shopper applies it (discount, VAT on the reduced amount, kept over a reload) and orders; the usage view shows the order', async ({
  page,
  request,
  signInAsAdmin,
}, testInfo) => {
  test.slow();
  const code = `E2E10${testInfo.project.name.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
  // The admin makes the code in the editor (the admin token sits in this origin's storage; the
  // storefront does not use it).
  await signInAsAdmin();
  await page.goto('/admin/promo-codes/new');
  await page.getByRole('textbox', { name: 'Code' }).fill(code);
  await page.getByRole('textbox', { name: 'Percent off' }).fill('10');
  await page.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${code}` })).toBeVisible();
  const codeId = /promo-codes\/([0-9a-f-]{36})\/edit$/.exec(page.url())?.[1];
  expect(codeId).toBeTruthy();

  const product = await productFacts(request, PRODUCT[testInfo.project.name === 'phone' ? 'phone' : 'desktop']);
  // The expected figures, in cents as the server computes them: VAT is 11 % of subtotal − discount.
  const subtotal = Math.round(product.price * 100) * QUANTITY;
  const discount = Math.round((subtotal * 10) / 100);
  const tax = Math.round(((subtotal - discount) * 11) / 100);
  const total = subtotal - discount + tax;

  await fillCart(page, product);
  await page.goto('/checkout');
  const summary = page.getByRole('region', { name: 'Order summary' });
  const totalsRow = (label: string) => row(summary, label);
  await expect(totalsRow('Subtotal')).toHaveText(dollars(subtotal));

  // Typed in lower case, shown upper case; Enter applies.
  const field = summary.getByRole('textbox', { name: 'Promo code' });
  await field.fill(code.toLowerCase());
  await expect(field).toHaveValue(code);
  await field.press('Enter');

  const chip = summary.getByTestId('promo-chip');
  await expect(chip).toContainText(code);
  await expect(chip).toContainText('10% off');
  await expect(totalsRow(`Discount (${code})`)).toHaveText(`−${dollars(discount)}`);
  await expect(totalsRow('VAT (11%)')).toHaveText(dollars(tax));
  await expect(totalsRow('Total')).toHaveText(dollars(total));

  // Kept with the cart: a reload calculates with the code again.
  await page.reload();
  await expect(summary.getByTestId('promo-chip')).toContainText(code);
  await expect(totalsRow(`Discount (${code})`)).toHaveText(`−${dollars(discount)}`);
  await expect(totalsRow('Total')).toHaveText(dollars(total));

  await page.getByRole('textbox', { name: 'Full name' }).fill('Maya Khoury');
  await page.getByRole('textbox', { name: 'Phone' }).fill('71 123 456');
  await page.getByRole('textbox', { name: 'City or area' }).fill('Jounieh');
  await page.getByRole('textbox', { name: 'Street' }).fill('Rue Maarad');
  await page.getByLabel('Governorate').selectOption('beirut');
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Your order is placed' })).toBeVisible();
  const placed = page.getByRole('region', { name: 'Order summary' });
  const placedRow = (label: string) => row(placed, label);
  await expect(placedRow(`Discount (${code})`)).toHaveText(`−${dollars(discount)}`);
  await expect(placedRow('VAT (11%)')).toHaveText(dollars(tax));
  await expect(placedRow('Total')).toHaveText(dollars(total));
  // The cart and its code are gone with the order.
  await expect(page.getByRole('button', { name: /^Cart, / })).toHaveAccessibleName('Cart, 0 items');
  expect(await page.evaluate(() => localStorage.getItem('cart-promo'))).not.toContain(code);
  const orderNumberText = await page
    .getByText(/^Order number/)
    .locator('strong')
    .textContent();
  const orderNumber = orderNumberText?.trim() ?? '';
  expect(orderNumber).toMatch(/^CS-\d+$/);

  // The admin's usage view lists the order with its discount and counts it.
  await page.goto(`/admin/promo-codes/${codeId}`);
  await expect(page.getByRole('heading', { level: 1, name: code })).toBeVisible();
  const orders = page.getByRole('region', { name: 'Orders with this code' });
  await expect(orders.getByRole('link', { name: orderNumber })).toBeVisible();
  await expect(orders.getByText(dollars(discount)).first()).toBeVisible();
  const totals = page.getByRole('region', { name: 'Usage totals' });
  await expect(totals).toContainText('Discount given');
  await expect(totals).toContainText(dollars(discount));
});

test('a code that does not exist says so under the field, and the page passes an axe scan', async ({
  page,
  request,
}, testInfo) => {
  await fillCart(page, await productFacts(request, PRODUCT[testInfo.project.name === 'phone' ? 'phone' : 'desktop']));
  await page.goto('/checkout');
  const summary = page.getByRole('region', { name: 'Order summary' });
  const field = summary.getByRole('textbox', { name: 'Promo code' });
  await field.fill('NO-SUCH-CODE');
  await summary.getByRole('button', { name: 'Apply' }).click();

  const alert = summary.getByRole('alert');
  await expect(alert).toHaveText('This promo code does not exist');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription('This promo code does not exist');
  await expect(summary.getByTestId('promo-chip')).toHaveCount(0);
  await expect(summary.getByRole('term').filter({ hasText: 'Discount' })).toHaveCount(0);

  expect(await axeViolations(page)).toEqual([]);
});
