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

  test('asks for suggestions once typing pauses, not on every key', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/search/suggestions'))
        asked.push(new URL(request.url()).searchParams.get('q') ?? '');
    });
    await page.goto('/');
    await page.locator('#site-search').click();
    await expect(searchBox(page)).toBeVisible();
    // When each key arrives, as the page saw it: a busy machine can stall between two keys.
    await page.evaluate(() => {
      const times: number[] = [];
      (window as unknown as { keyTimes: number[] }).keyTimes = times;
      document.addEventListener('keydown', () => times.push(performance.now()), true);
    });
    await searchBox(page).pressSequentially('raspberry', { delay: 20 });
    await expect.poll(() => asked.at(-1)).toBe('raspberry');
    // Debounced: a request only after a pause of at least the debounce (150 ms), plus the last one.
    const keyTimes = await page.evaluate(() => (window as unknown as { keyTimes: number[] }).keyTimes);
    const pauses = keyTimes.slice(1).filter((time, i) => time - (keyTimes[i] ?? time) >= 150).length;
    expect(keyTimes).toHaveLength(9);
    expect(asked.length).toBeLessThanOrEqual(pauses + 1);
    await expect(listbox(page).getByRole('option', { name: /^Raspberry Pi Category/ })).toBeVisible();
  });

  test('"Skip to search" focuses the search box', async ({ page }) => {
    await page.goto('/store');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to search' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#site-search')).toBeFocused();
  });
});
