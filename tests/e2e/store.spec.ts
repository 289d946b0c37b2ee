import { closeFilters, openFilters, storeCards } from './store-helpers.ts';
import { expect, fastForwardUntilVisible, type Page, test } from './test.ts';

/**
 * The store screen against the seeded demo catalogue (src/server/db/seed/catalogue-data.ts):
 * filters, sort, page size, pages and view all live in the URL, survive a reload and honour the
 * shopper's productView preferences.
 */

const PREFERENCES_KEY = 'preferences-storage';

const cards = storeCards;

/** The selling price of each card, in page order (the first amount; a struck-out one follows it). */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await cards(page).allTextContents();
  return texts.map((text) => Number(/\$([\d,]+\.\d{2})/.exec(text)?.[1]?.replace(',', '')));
}

async function seedPreferences(page: Page, productView: Record<string, unknown>) {
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('seeded', '1');
      }
    },
    [PREFERENCES_KEY, JSON.stringify({ state: { productView }, version: 1 })] as const,
  );
}

test.describe('store', () => {
  test('category, brand and price filters, sort and page size go in the URL and survive a reload', async ({ page }) => {
    await page.goto('/store');
    await expect(cards(page).first()).toBeVisible();

    let filters = await openFilters(page);
    await filters.getByRole('link', { name: /^Development Boards/ }).click();
    await expect(page).toHaveURL(/category=development-boards/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Development Boards');

    await filters.getByRole('checkbox', { name: /^Arduino/ }).check();
    await expect(page).toHaveURL(/brand=Arduino/);
    await filters.getByLabel('Min price').fill('10');
    await filters.getByLabel('Max price').fill('40');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/min=10&max=40/);
    await closeFilters(page);

    await expect(page.getByRole('link', { name: 'Remove brand: Arduino' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Remove price: $10.00 – $40.00' })).toBeVisible();
    await expect(cards(page)).toHaveCount(3); // Uno R3 $27.50, Nano Every $15.90, Uno R4 WiFi $34.90
    for (const text of await cards(page).allTextContents()) expect(text).toMatch(/^Arduino/i);

    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect.poll(() => cardPrices(page)).toEqual([15.9, 27.5, 34.9]);
    await page.getByLabel('Products per page').selectOption('10');
    await expect(page).toHaveURL(/limit=10/);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Development Boards');
    await expect.poll(() => cardPrices(page)).toEqual([15.9, 27.5, 34.9]);
    await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');
    await expect(page.getByLabel('Products per page')).toHaveValue('10');
    filters = await openFilters(page);
    await expect(filters.getByRole('checkbox', { name: /^Arduino/ })).toBeChecked();
    await expect(filters.getByLabel('Min price')).toHaveValue('10');
    await expect(filters.getByRole('link', { name: /^Development Boards/ })).toHaveAttribute('aria-current', 'true');
    await closeFilters(page);

    // Removing one filter keeps the others.
    await page.getByRole('link', { name: 'Remove brand: Arduino' }).click();
    await expect(page).not.toHaveURL(/brand=/);
    await expect(page).toHaveURL(/category=development-boards/);
    await page.getByRole('link', { name: 'Clear all', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All products');
    await expect(page).toHaveURL(/\/store\?sort=price_asc&limit=10$/);
  });

  test('numbered pages, and a page size saved as the default', async ({ page }) => {
    await page.goto('/store?limit=10');
    await expect(cards(page)).toHaveCount(10);
    const firstOnPageOne = await cards(page).first().getByRole('heading').textContent();
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.locator('[aria-current="page"]')).toHaveText('Page 1');
    await pagination.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cards(page)).toHaveCount(10);
    await expect(cards(page).first().getByRole('heading')).not.toHaveText(firstOnPageOne ?? '');
    await pagination.getByRole('link', { name: 'Page 1', exact: true }).click();
    await expect(page).not.toHaveURL(/page=/);

    // Choosing a size saves it: the plain /store uses it next time.
    await page.getByLabel('Products per page').selectOption('40');
    await page.goto('/store');
    await expect(cards(page)).toHaveCount(40);
    await expect(page.getByLabel('Products per page')).toHaveValue('40');
  });

  test('list view shows details beside the image and is remembered', async ({ page }) => {
    await page.goto('/store');
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page).first()).toContainText(/In stock|Only \d+ left|Out of stock/);
    await page.goto('/store');
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}'), PREFERENCES_KEY);
    expect(stored.state.productView.viewMode).toBe('list');
  });

  test('showOutOfStock off hides sold-out products unless the URL asks for them', async ({ page }) => {
    await page.goto('/store?limit=100&in_stock=0');
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByText('Out of stock').first()).toBeVisible();
    const everything = await cards(page).count();

    await seedPreferences(page, { showOutOfStock: false, itemsPerPage: 100 });
    await page.goto('/store');
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByRole('main').getByText('Out of stock')).toHaveCount(0);
    expect(await cards(page).count()).toBeLessThan(everything);
    const filters = await openFilters(page);
    await expect(filters.getByRole('checkbox', { name: /^In stock only/ })).toBeChecked();
  });

  test('a search with no match explains itself and offers a way out', async ({ page }) => {
    await page.goto('/store?q=zzqqxxvv');
    await expect(page.getByText('No products match “zzqqxxvv”')).toBeVisible();
    await page.getByRole('link', { name: 'Clear all filters' }).click();
    await expect(page).toHaveURL(/\/store$/);
    await expect(cards(page).first()).toBeVisible();
  });

  test('the first result comes with the page; later ones are searched', async ({ browser }) => {
    // Without a service worker: with one, the page also searches once in the background (offline copy).
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/search')) searches.push(request.postData() ?? '');
    });
    await page.goto('/store?category=arduino');
    await expect(cards(page).first()).toBeVisible();
    expect(searches).toEqual([]);
    await page.getByLabel('Sort by').selectOption({ label: 'Newest' });
    await expect.poll(() => searches.length).toBe(1);
    expect(JSON.parse(searches[0] ?? '{}')).toMatchObject({ filters: { category: 'arduino' }, sort_by: 'created_at' });
    await context.close();
  });
});

test.describe('store when the search fails', () => {
  test.use({ serviceWorkers: 'block' });

  test('shows the failure and recovers with Retry', async ({ page }) => {
    let fail = true;
    await page.route('**/api/search', (route) =>
      fail ? route.fulfill({ status: 503, json: { success: false, message: 'Down' } }) : route.fallback(),
    );
    // The page's clock, so that the retries' back-off (about 10 s) is run forward, not waited for.
    await page.clock.install();
    await page.goto('/store');
    await expect(cards(page).first()).toBeVisible(); // embedded in the page: no request yet
    await page.getByLabel('Sort by').selectOption({ label: 'Name: A to Z' });
    await fastForwardUntilVisible(page, page.getByRole('alert'));
    await expect(page.getByRole('alert')).toContainText('Products could not be loaded');
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
