import { expect, type Page, test } from './test.ts';

/** The header search combobox against the seeded catalogue (typos included). */

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' });
const listbox = (page: Page) => page.getByRole('listbox');

async function typeInSearch(page: Page, text: string) {
  await page.locator('#site-search').click();
  // The combobox code arrives on first focus; typing waits for it to take over the input.
  await expect(searchBox(page)).toBeVisible();
  await searchBox(page).pressSequentially(text, { delay: 30 });
}

test.describe('header search', () => {
  test('suggests products and categories despite a typo; arrows and Enter open one', async ({ page }) => {
    await page.goto('/');
    await typeInSearch(page, 'arduno');
    const list = listbox(page);
    await expect(list.getByRole('option', { name: /^Arduino Uno R3 Arduino/ })).toBeVisible();
    await expect(list.getByRole('option', { name: /^Arduino Category/ })).toBeVisible();
    await expect(list.getByRole('option').last()).toHaveText('Search for “arduno”');
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');

    // ArrowDown walks the options; the input keeps focus and points at the active one.
    const options = list.getByRole('option');
    const unoIndex = (await options.allTextContents()).findIndex((text) => text.startsWith('Arduino Uno R3Arduino'));
    expect(unoIndex).toBeGreaterThanOrEqual(0);
    for (let step = 0; step <= unoIndex; step += 1) await page.keyboard.press('ArrowDown');
    const active = options.nth(unoIndex);
    await expect(active).toHaveAttribute('aria-selected', 'true');
    await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', (await active.getAttribute('id')) ?? '');
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/product\/arduino-uno-r3$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Arduino Uno R3');
  });

  test('a category suggestion opens that category in the store', async ({ page }) => {
    await page.goto('/');
    await typeInSearch(page, 'rasbery');
    await listbox(page)
      .getByRole('option', { name: /^Raspberry Pi Category/ })
      .click();
    await expect(page).toHaveURL(/\/store\?category=raspberry-pi$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Raspberry Pi');
  });

  test('Enter searches; the results view has facets; the search is remembered', async ({ page }) => {
    await page.goto('/');
    await typeInSearch(page, 'esp3');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/store\?q=esp3$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “esp3”');
    await expect(page.getByRole('main').getByRole('article').first()).toContainText(/ESP32/i);
    await expect(page.getByLabel('Sort by')).toHaveValue('relevance');
    await expect(searchBox(page)).toHaveValue('esp3');

    // An empty box lists recent searches, newest first; Clear forgets them.
    await page.goto('/');
    await typeInSearch(page, 'arduino');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/q=arduino/);
    await page.goto('/');
    await page.locator('#site-search').click();
    const recent = page.getByRole('listbox', { name: 'Recent searches' });
    await expect(recent.getByRole('option')).toHaveText(['arduino', 'esp3']);
    await recent.getByRole('option', { name: 'esp3' }).click();
    await expect(page).toHaveURL(/\/store\?q=esp3$/);
    // The results screen first: it loads lazily and fills the box from the URL when it arrives,
    // which would undo an edit made before it (seen on a loaded machine).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “esp3”');
    await page.locator('#site-search').fill('');
    await expect(recent.getByRole('option')).toHaveText(['esp3', 'arduino']);
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(recent).toBeHidden();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('preferences-storage') ?? '{}'));
    expect(stored.state.search.recentSearches).toEqual([]);
  });

  test('Escape closes the list, then clears the box', async ({ page }) => {
    await page.goto('/');
    await typeInSearch(page, 'cable');
    await expect(listbox(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(listbox(page)).toBeHidden();
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(searchBox(page)).toHaveValue('cable');
    await page.keyboard.press('Escape');
    await expect(searchBox(page)).toHaveValue('');
  });

  // The debounce (a request once typing pauses, not per key) is a rule of the search box:
  // src/web/storefront/search/search-debounce.test.tsx checks it on a fake clock. "Skip to search"
  // moving focus here: accessibility.spec.ts's keyboard tests.
});
