import { expect, type Page, test } from './test.ts';

/**
 * Decision 009: `/`, `/store` and product pages arrive drawn by the server, and the browser takes
 * them over (hydration) without drawing them again.
 */

/** React's hydration failures (minified #418 text mismatch, #419 boundary, #425…) and any page error. */
function collectHydrationProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|Minified React error|react\.dev\/errors/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('home, the store and a product page show their content from the HTML alone', async ({ page }) => {
    await page.goto('/');
    const featured = page.getByRole('region', { name: /featured/i });
    expect(await featured.getByRole('article').count()).toBeGreaterThanOrEqual(6);

    await page.goto('/store?category=arduino&sort=price_asc');
    await expect(page.getByRole('heading', { level: 1, name: 'Arduino' })).toBeVisible();
    const names = await page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();
    expect(names.length).toBeGreaterThan(1);
    expect(names).toContain('Arduino Nano Every');

    await page.goto('/product/arduino-nano-every');
    await expect(page.getByRole('heading', { level: 1, name: 'Arduino Nano Every' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('$15.90');
  });
});

test('the browser takes a drawn store page over without drawing it again, and it works', async ({ page }) => {
  const problems = collectHydrationProblems(page);
  let searches = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/search') && request.method() === 'POST') searches += 1;
  });
  await page.goto('/store');
  const firstCard = page.getByRole('main').getByRole('article').first();
  await expect(firstCard).toBeVisible();
  // The element the server sent is the one on screen after the app has started.
  await firstCard.evaluate((element) => element.setAttribute('data-from-server', 'yes'));
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-from-server="yes"]')).toHaveCount(1);
  expect(searches).toBe(0);

  // It answers: a sort change goes to the URL and searches again.
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_asc');
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect.poll(() => searches).toBeGreaterThan(0);
  expect(problems).toEqual([]);
});

test('home and a product page hydrate without a mismatch', async ({ page }) => {
  const problems = collectHydrationProblems(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.goto('/product/arduino-nano-every');
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('button', { name: /^Cart, / })).toHaveAccessibleName('Cart, 1 item');
  expect(problems).toEqual([]);
});
