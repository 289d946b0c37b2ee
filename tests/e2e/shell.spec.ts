import { expect, test } from './test.ts';

test.describe('app shell', () => {
  test('home shows the seeded catalogue from the API', async ({ page }) => {
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto('/');
    await expect(page).toHaveTitle(/Cedar Shop/);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Cedar Shop');
    const featured = page.getByRole('region', { name: /featured/i });
    await expect(featured.getByRole('article').first()).toBeVisible();
    expect(await featured.getByRole('article').count()).toBeGreaterThanOrEqual(6);
    // Product images come from the seed and load (no broken image).
    const firstImage = featured.locator('img').first();
    await expect(firstImage).toHaveJSProperty('complete', true);
    expect(await firstImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    // The strict CSP (script-src 'self') must not block anything the built app does.
    expect(consoleErrors.filter((text) => /Content Security Policy|Refused to/.test(text))).toEqual([]);
  });

  test('a product card leads to the product page', async ({ page }) => {
    await page.goto('/');
    const card = page
      .getByRole('region', { name: /featured/i })
      .getByRole('article')
      .first();
    const name = (await card.getByRole('heading').textContent())?.trim() ?? '';
    await card.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/product\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('the store lists products page by page', async ({ page }) => {
    await page.goto('/store');
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.getByRole('link', { name: /next/i }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test('an unknown route renders the not-found page with a 404 status', async ({ page }) => {
    const response = await page.goto('/this/page/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the shop' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  // `/admin` without a session: admin-auth.spec.ts (and app-router.test.tsx). `/api/health`'s
  // answer: tests/api/health.test.ts, which needs no browser.

  test('the theme switch cycles to dark mode and keeps it after a reload', async ({ page }) => {
    await page.goto('/');
    const themeButton = page.getByRole('button', { name: /^Theme:/ });
    await expect(themeButton).toHaveAccessibleName(/^Theme: System/);
    await themeButton.click();
    await expect(themeButton).toHaveAccessibleName(/^Theme: Light/);
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await themeButton.click();
    await expect(themeButton).toHaveAccessibleName(/^Theme: Dark/);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(themeButton).toHaveAccessibleName(/^Theme: Dark/);
  });
});
