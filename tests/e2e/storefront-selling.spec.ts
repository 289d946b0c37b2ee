import { afterNextFrames, expect, type Locator, type Page, test } from './test.ts';

/**
 * Issue 20, the product page and the storefront: the sticky Add to cart bar on
 * phones, quick view's Add to cart, the home page's hero and disjoint sections, and checkout's
 * order summary on phones. Seeded products: src/server/db/seed/catalogue-data.ts.
 */
const MEGA = { slug: 'arduino-mega-2560-r3', name: 'Arduino Mega 2560 R3' };

const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart, / });
const cardNames = (region: Locator) => region.getByRole('article').getByRole('heading').allTextContents();

// Ask on WhatsApp's link and the delivery, returns and warranty lines under it are rules of the
// product page: src/web/storefront/product/product-page-rules.test.tsx (and tests/api/web-app.test.ts
// for the configured number).

test('a sticky Add to cart bar follows on phones once the page button is scrolled away, never on desktop', async ({
  page,
  isMobile,
}) => {
  await page.goto(`/product/${MEGA.slug}`);
  const bar = page.getByTestId('sticky-add-to-cart');
  await expect(bar).toHaveCount(0);
  const pageButton = page.getByRole('button', { name: 'Add to cart' });
  const box = await pageButton.boundingBox();
  await page.evaluate((top) => window.scrollTo(0, top), (box?.y ?? 0) + (box?.height ?? 0) + 80);

  if (!isMobile) {
    // The observer has had its turn once the page has drawn the next frames: no bar on a wide screen.
    await afterNextFrames(page);
    await expect(bar).toBeHidden();
    return;
  }
  await expect(bar).toBeVisible();
  await expect(bar).toContainText(MEGA.name);
  await expect(bar).toContainText('$48.00');
  await bar.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

  // At the end of the page the bar goes, so the footer is never covered.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(bar).toHaveCount(0);
  // Back up at the page's own button, it goes too.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toHaveCount(0);
});

test('quick view adds the chosen quantity to the cart and still links to the product page', async ({ page }) => {
  await page.goto('/store?q=mega');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  await page.getByRole('button', { name: `Quick view: ${MEGA.name}` }).click();
  const dialog = page.getByRole('dialog', { name: MEGA.name });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(dialog.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
  await expect(dialog.getByText('2 in your cart')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'View full details' })).toHaveAttribute(
    'href',
    `/product/${MEGA.slug}`,
  );
});

test('home: the hero shows products, and no product appears twice among hero, Featured and New arrivals', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const picks = page.getByRole('list', { name: 'Featured picks' }).getByRole('link');
  await expect(picks).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'Shop now' })).toHaveAttribute('href', '/store');
  const featured = page.getByRole('region', { name: 'Featured' });
  const newArrivals = page.getByRole('region', { name: 'New arrivals' });
  await expect(featured.getByRole('article').first()).toBeVisible();
  await expect(newArrivals.getByRole('article').first()).toBeVisible();

  const heroNames = (await picks.allInnerTexts()).map((text) => text.split('\n')[0]?.trim() ?? '');
  const featuredNames = await cardNames(featured);
  const newNames = await cardNames(newArrivals);
  const all = [...heroNames, ...featuredNames, ...newNames];
  expect(heroNames).toHaveLength(3);
  expect(newNames.length).toBeGreaterThan(0);
  expect(new Set(all).size).toBe(all.length);

  // New arrivals are the server's list: the newest not featured, in stock first.
  const api = (await (await request.get('/api/products/new-arrivals?limit=8')).json()) as {
    data: { name: string; in_stock: boolean }[];
  };
  expect(newNames).toEqual(api.data.map((product) => product.name));
  const stock = api.data.map((product) => product.in_stock);
  expect(stock).toEqual([...stock].sort((a, b) => Number(b) - Number(a)));
});

test('the header cart shows no badge while empty, and its icon buttons say what they are', async ({ page }) => {
  await page.goto(`/product/${MEGA.slug}`);
  const banner = page.getByRole('banner');
  await expect(cartButton(page)).toHaveText('');
  await expect(banner.getByRole('button', { name: /^Theme: System/ })).toHaveAttribute('data-tip', 'Theme: System');
  await expect(banner.getByRole('link', { name: 'Preferences' })).toHaveAttribute('data-tip', 'Preferences');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartButton(page)).toHaveText('1');
});

test('checkout on a phone: the order summary folds at the top with the total, and changes quantities', async ({
  page,
  isMobile,
}) => {
  await page.goto(`/product/${MEGA.slug}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  await page.goto('/checkout');
  const summary = page.getByTestId('phone-order-summary');
  if (!isMobile) {
    // On a wide screen the full summary sits beside the form instead.
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(summary).toBeHidden();
    return;
  }
  const toggle = summary.locator('summary');
  const increase = summary.getByRole('button', { name: `Increase quantity of ${MEGA.name}` });
  await expect(toggle).toContainText('Order summary(1 item)');
  // $48.00 + 11 % VAT; delivery as the server prices it.
  await expect(toggle).toContainText(/Total \$\d+\.\d\d/);
  await expect(increase).toBeHidden();

  await toggle.click();
  await expect(increase).toBeVisible();
  const totalBefore = await toggle.innerText();
  await increase.click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
  await expect(toggle).toContainText('(2 items)');
  await expect(toggle).not.toHaveText(totalBefore);

  await toggle.click();
  await expect(increase).toBeHidden();
});
