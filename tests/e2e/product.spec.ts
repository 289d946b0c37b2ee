import { expect, type Page, test } from './test.ts';

/** Seeded products (src/server/db/seed/catalogue-data.ts), all in the Arduino category. */
const ON_SALE = { slug: 'arduino-mega-2560-r3', name: 'Arduino Mega 2560 R3' };
const WITH_HEADERS = { slug: 'arduino-nano-v3-compatible', name: 'Arduino Nano V3 Compatible (ATmega328P, USB-C)' };

async function openProduct(page: Page, slug: string) {
  await page.goto(`/product/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

const cardNames = (region: ReturnType<Page['getByRole']>) =>
  region.getByRole('article').getByRole('heading').allTextContents();

/**
 * What needs a browser: a radio group's arrow keys, and recently viewed across pages and reloads.
 * The page's rules (the sale's saving, the stepper's limits, out of stock, related products)
 * are checked on the component: src/web/storefront/product/product-page-rules.test.tsx.
 */
test.describe('product page', () => {
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
