import { expect, type Page, test } from './test.ts';

/** Seeded products (src/server/db/seed/catalogue-data.ts), all in the Arduino category. */
const ON_SALE = { slug: 'arduino-mega-2560-r3', name: 'Arduino Mega 2560 R3' };
const WITH_HEADERS = { slug: 'arduino-nano-v3-compatible', name: 'Arduino Nano V3 Compatible (ATmega328P, USB-C)' };
const LOW_STOCK = { slug: 'arduino-nano-every', stock: 3 };
const OUT_OF_STOCK = 'raspberry-pi-4-model-b-4gb';

async function openProduct(page: Page, slug: string) {
  await page.goto(`/product/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

const cardNames = (region: ReturnType<Page['getByRole']>) =>
  region.getByRole('article').getByRole('heading').allTextContents();

test.describe('product page', () => {
  test('a sale shows the saving in money and percent', async ({ page }) => {
    await openProduct(page, ON_SALE.slug);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ON_SALE.name);
    // $55.00 → $48.00: $7.00, 12.7 % rounded.
    await expect(page.getByText('Save $7.00 (13%)')).toBeVisible();
    await expect(page.getByText('$55.00')).toBeVisible();
  });

  test('a variation is a radio group whose first option is chosen, by pointer and by keyboard', async ({ page }) => {
    await openProduct(page, WITH_HEADERS.slug);
    const group = page.getByRole('group', { name: 'Headers' });
    const soldered = group.getByRole('radio', { name: 'Soldered', exact: true });
    const unsoldered = group.getByRole('radio', { name: 'Unsoldered' });
    await expect(soldered).toBeChecked();
    await expect(unsoldered).not.toBeChecked();

    await group.getByText('Unsoldered').click();
    await expect(unsoldered).toBeChecked();
    await expect(soldered).not.toBeChecked();
    await expect(group.getByRole('radio', { checked: true })).toHaveAccessibleName('Unsoldered');

    await unsoldered.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(soldered).toBeChecked();
    await expect(soldered).toBeFocused();
  });

  test('the quantity stepper stays between 1 and the stock', async ({ page }) => {
    await openProduct(page, LOW_STOCK.slug);
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    const decrease = page.getByRole('button', { name: 'Decrease quantity' });
    const increase = page.getByRole('button', { name: 'Increase quantity' });
    await expect(quantity).toHaveValue('1');
    await expect(decrease).toBeDisabled();

    for (let expected = 2; expected <= LOW_STOCK.stock; expected++) {
      await increase.click();
      await expect(quantity).toHaveValue(String(expected));
    }
    await expect(increase).toBeDisabled();
    await decrease.click();
    await expect(quantity).toHaveValue(String(LOW_STOCK.stock - 1));

    // A typed number is clamped when the field is left, and the shopper is told (the words of docs/product.md#cart-messages).
    await quantity.fill('50');
    await quantity.blur();
    await expect(quantity).toHaveValue(String(LOW_STOCK.stock));
    await expect(
      page.getByRole('status').filter({ hasText: `Cannot add more than ${LOW_STOCK.stock} items` }),
    ).toBeVisible();
    await expect(increase).toBeDisabled();
    await quantity.fill('0');
    await quantity.blur();
    await expect(quantity).toHaveValue('1');
    await expect(decrease).toBeDisabled();

    // From the keyboard, reaching a limit keeps the focus on the button.
    await increase.focus();
    await page.keyboard.press('Enter');
    await expect(quantity).toHaveValue('2');
    await decrease.focus();
    await page.keyboard.press('Enter');
    await expect(quantity).toHaveValue('1');
    await expect(decrease).toBeDisabled();
    await expect(decrease).toBeFocused();
  });

  test('add to cart is enabled in stock; out of stock disables it and the stepper', async ({ page }) => {
    await openProduct(page, WITH_HEADERS.slug);
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();

    await openProduct(page, OUT_OF_STOCK);
    await expect(page.getByText('Out of stock', { exact: true })).toBeVisible();
    await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  });

  test('related products are other products of the same category', async ({ page, request }) => {
    const response = await request.get('/api/products', { params: { category: 'arduino', limit: 50 } });
    const sameCategory: string[] = (await response.json()).data.map((product: { name: string }) => product.name);
    expect(sameCategory).toContain(WITH_HEADERS.name);

    await openProduct(page, WITH_HEADERS.slug);
    const related = page.getByRole('region', { name: 'Related products' });
    await expect(related.getByRole('article').first()).toBeVisible();
    const names = await cardNames(related);
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBeLessThanOrEqual(4);
    expect(names).not.toContain(WITH_HEADERS.name);
    for (const name of names) expect(sameCategory).toContain(name.trim());
    // Below the fold: their images load lazily.
    for (const image of await related.locator('img').all()) await expect(image).toHaveAttribute('loading', 'lazy');
  });

  test('recently viewed: on the next product page and in the store, until cleared', async ({ page }) => {
    await page.goto('/store');
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recently viewed' })).toHaveCount(0);

    await openProduct(page, ON_SALE.slug);
    // The first product viewed has nothing else to show.
    await expect(page.getByRole('region', { name: 'Related products' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recently viewed' })).toHaveCount(0);

    await openProduct(page, WITH_HEADERS.slug);
    const onProduct = page.getByRole('region', { name: 'Recently viewed' });
    await expect(onProduct.getByRole('heading', { name: ON_SALE.name })).toBeVisible();
    expect(await cardNames(onProduct)).toEqual([ON_SALE.name]);

    await page.goto('/store');
    const inStore = page.getByRole('region', { name: 'Recently viewed' });
    await expect(inStore.getByRole('article')).toHaveCount(2);
    expect(await cardNames(inStore)).toEqual([WITH_HEADERS.name, ON_SALE.name]);

    await inStore.getByRole('button', { name: /^Clear/ }).click();
    await expect(page.getByRole('region', { name: 'Recently viewed' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recently viewed' })).toHaveCount(0);
  });

  test('an unknown slug shows "Product not found"', async ({ page }) => {
    await page.goto('/product/no-such-product-anywhere');
    await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  });
});
