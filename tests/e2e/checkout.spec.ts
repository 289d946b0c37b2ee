import { axeViolations } from './axe.ts';
import { type APIRequestContext, expect, type Page, test } from './test.ts';

/**
 * The whole purchase as a shopper does it: two products from their pages (one with a variation
 * choice), a merged repeat, the stock limit, quantities changed in the cart, a reload, checkout
 * with a Lebanese number, the confirmation with its WhatsApp link, and the stock gone down.
 *
 * Desktop and phone run at the same time against one server, so each uses its own products and
 * every stock figure is read from the API first (nothing assumes another test's leftovers).
 */
const PRODUCTS = {
  desktop: {
    limited: { slug: 'fluke-101-digital-multimeter' },
    varied: { slug: 'logitech-m185-wireless-mouse', option: 'Blue', variation: 'Color' },
  },
  phone: {
    limited: { slug: 'philips-hue-white-and-color-e27' },
    varied: { slug: 'ds18b20-waterproof-temperature-probe', option: '2 m', variation: 'Cable length' },
  },
} as const;

interface ProductFacts {
  id: string;
  name: string;
  price: number;
  stock_quantity: number;
  low_stock_threshold: number;
}

async function productFacts(request: APIRequestContext, slug: string): Promise<ProductFacts> {
  const response = await request.get(`/api/products/${slug}`);
  expect(response.ok()).toBe(true);
  return (await response.json()).data;
}

const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart, / });

async function addToCart(page: Page) {
  await page.getByRole('button', { name: 'Add to cart' }).click();
}

test('two products to a placed order: merge, stock limit, reload, Lebanese phone, WhatsApp, stock drop', async ({
  page,
  request,
}, testInfo) => {
  const { limited, varied } = PRODUCTS[testInfo.project.name === 'phone' ? 'phone' : 'desktop'];
  const limitedBefore = await productFacts(request, limited.slug);
  const variedBefore = await productFacts(request, varied.slug);
  const stock = limitedBefore.stock_quantity;
  expect(stock, 'the limited product needs a few in stock').toBeGreaterThanOrEqual(3);
  const ordered = Math.max(1, stock - 4);

  // The product with a variation: a choice, then the same choice again merges into one line.
  await page.goto(`/product/${varied.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(variedBefore.name);
  await page.getByText(varied.option, { exact: true }).click();
  await addToCart(page);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  await addToCart(page);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');

  // The limited product: all of its stock fits, one more is refused with the spec's message.
  await page.goto(`/product/${limited.slug}`);
  const increase = page.getByRole('button', { name: 'Increase quantity' });
  for (let i = 1; i < stock; i += 1) await increase.click();
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(String(stock));
  await addToCart(page);
  await expect(cartButton(page)).toHaveAccessibleName(`Cart, ${stock + 2} items`);
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('1');
  await addToCart(page);
  await expect(page.getByText(`Cannot add more than ${stock} items`)).toBeVisible();

  // Quantities changed in the cart drawer, then a reload keeps the cart.
  await cartButton(page).click();
  const drawer = page.getByRole('dialog', { name: /^Your cart/ });
  const decrease = drawer.getByRole('button', { name: `Decrease quantity of ${limitedBefore.name}` });
  for (let quantity = stock; quantity > ordered; quantity -= 1) await decrease.click();
  await expect(cartButton(page)).toHaveAccessibleName(`Cart, ${ordered + 2} items`);
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName(`Cart, ${ordered + 2} items`);

  // Checkout: the summary is priced by the server, with 11 % VAT.
  await cartButton(page).click();
  await page
    .getByRole('dialog', { name: /^Your cart/ })
    .getByRole('link', { name: 'Checkout' })
    .click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const subtotal = Math.round((limitedBefore.price * ordered + variedBefore.price * 2) * 100) / 100;
  const tax = Math.round(subtotal * 11) / 100;
  const total = (Math.round((subtotal + tax) * 100) / 100).toFixed(2);
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText(`${varied.variation}: ${varied.option}`);
  await expect(summary.getByRole('definition').last()).toHaveText(`$${total}`);

  // Submitting empty shows the schema's messages beside the fields.
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Full name' })).toBeFocused();

  await page.getByRole('textbox', { name: 'Full name' }).fill('Rana Haddad');
  await page.getByRole('textbox', { name: 'Phone' }).fill('12');
  await page.getByRole('textbox', { name: 'City or area' }).fill('Beirut, Achrafieh');
  await page.getByRole('textbox', { name: 'Street' }).fill('Rue Monot');
  await page.getByRole('textbox', { name: 'Building' }).fill('Sursock Bldg');
  await page.getByRole('textbox', { name: 'Floor' }).fill('3');
  await page.getByLabel('Governorate').selectOption('beirut');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Enter a Lebanese phone number (e.g. 03 123 456 or +961 3 123 456)')).toBeVisible();
  await page.getByRole('textbox', { name: 'Phone' }).fill('03 123 456');
  await page.getByRole('button', { name: 'Place order' }).click();

  // The confirmation: order number, the normalised number, the WhatsApp link to the shop.
  await expect(page.getByRole('heading', { level: 1, name: 'Your order is placed' })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\?order=[0-9a-f-]{36}&token=/);
  const orderNumber = (await page.locator('strong.font-mono').textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(/^CS-\d+$/);
  await expect(page.getByText('+961 3 123 456')).toBeVisible();
  const whatsapp = page.getByRole('link', { name: 'Send my order on WhatsApp' });
  const href = (await whatsapp.getAttribute('href')) ?? '';
  expect(href).toMatch(/^https:\/\/wa\.me\/96170123456\?text=/);
  const message = decodeURIComponent(href.split('?text=')[1] ?? '');
  expect(message).toContain(orderNumber);
  expect(message).toContain(`Total: $${total}`);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

  // The confirmation link still opens the order after a reload (its token is in the URL).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your order is placed' })).toBeVisible();
  await expect(page.getByText(orderNumber)).toBeVisible();

  // The stock went down by what was ordered, on the product page too.
  const limitedAfter = await productFacts(request, limited.slug);
  expect(limitedAfter.stock_quantity).toBe(stock - ordered);
  await page.goto(`/product/${limited.slug}`);
  const left = limitedAfter.stock_quantity;
  await expect(
    page.getByText(left <= limitedAfter.low_stock_threshold ? `Only ${left} left in stock` : 'In stock', {
      exact: true,
    }),
  ).toBeVisible();
});

test('an empty cart at checkout points back to the store', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();
  await page.getByRole('link', { name: 'Browse the store' }).click();
  await expect(page).toHaveURL(/\/store$/);
});

test('a confirmation link with a wrong token shows no order', async ({ page }) => {
  await page.goto('/checkout?order=00000000-0000-4000-8000-000000000000&token=not-the-right-token-at-all');
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the checkout form passes an axe scan in ${theme} mode, errors shown`, async ({ page, request }) => {
    const product = await productFacts(request, 'breadboard-830-points');
    const cart = {
      state: {
        items: [
          {
            id: `${product.id}-1`,
            productId: product.id,
            name: product.name,
            price: product.price,
            compareAtPrice: null,
            image: null,
            quantity: 2,
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
    const preferences = { state: { theme }, version: 1 };
    await page.addInitScript(
      ([cartValue, preferencesValue]) => {
        localStorage.setItem('cart-storage', cartValue);
        localStorage.setItem('preferences-storage', preferencesValue);
      },
      [JSON.stringify(cart), JSON.stringify(preferences)] as const,
    );
    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Phone is required')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
