import { closeFilters, openFilters, storeCards } from './store-helpers.ts';
import { expect, test } from './test.ts';

/**
 * Issue 4's shopper journey, end to end in one visit: search with a typo, pick a suggestion,
 * land on the product, open its category in the store, filter by brand and price, change sort
 * and page size, reload and keep it all, and find the product again under "Recently viewed".
 */

test('from home: search with a typo, a suggestion, the product, its category, filters, sort, size, reload, recently viewed', async ({
  page,
}) => {
  await page.goto('/');
  await page.locator('#site-search').click();
  const search = page.getByRole('combobox', { name: 'Search products' });
  await search.pressSequentially('arduno', { delay: 40 });
  await page
    .getByRole('listbox')
    .getByRole('option', { name: /^Arduino Uno R3 Arduino/ })
    .click();

  await expect(page).toHaveURL(/\/product\/arduino-uno-r3$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Arduino Uno R3');

  // Its category, from the breadcrumb trail.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Arduino' }).click();
  await expect(page).toHaveURL(/\/store\?category=arduino$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Arduino');

  const panel = await openFilters(page);
  await panel.getByRole('checkbox', { name: /^Arduino/ }).check();
  await panel.getByLabel('Max price').fill('30');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/brand=Arduino/);
  await expect(page).toHaveURL(/max=30/);
  await closeFilters(page);

  await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
  await page.getByLabel('Products per page').selectOption('10');
  await expect(page).toHaveURL(/sort=price_desc/);
  await expect(page).toHaveURL(/limit=10/);
  await expect(storeCards(page).first()).toContainText('Arduino Uno R3');
  const shown = await storeCards(page).allTextContents();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Arduino');
  await expect(page.getByRole('link', { name: 'Remove brand: Arduino' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Remove price: Up to $30.00' })).toBeVisible();
  await expect(page.getByLabel('Sort by')).toHaveValue('price_desc');
  await expect(page.getByLabel('Products per page')).toHaveValue('10');
  await expect(storeCards(page)).toHaveText(shown);

  const recentlyViewed = page.getByRole('region', { name: 'Recently viewed' });
  await expect(recentlyViewed.getByRole('heading', { name: 'Arduino Uno R3' })).toBeVisible();
});
