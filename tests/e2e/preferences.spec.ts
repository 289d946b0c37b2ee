import { expect, type Page, test } from './test.ts';

const KEY = 'preferences-storage';

/**
 * Records, from before any page script runs, what <html> looked like when <body> was inserted
 * (nothing can be painted before that) and the page background once the DOM and the stylesheet
 * are in. The inline script of index.html must already have applied the stored preferences by then.
 */
async function recordFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const record: Record<string, unknown> = {};
    (window as unknown as { __firstPaint: typeof record }).__firstPaint = record;
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      const root = document.documentElement;
      record.atBody = {
        classes: [...root.classList].sort(),
        theme: root.getAttribute('data-theme'),
        fontSize: root.getAttribute('data-font-size'),
      };
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', () => {
      record.background = getComputedStyle(document.documentElement).backgroundColor;
    });
  });
}

const firstPaint = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as {
          __firstPaint: { atBody?: { classes: string[]; theme: string; fontSize: string | null }; background?: string };
        }
      ).__firstPaint,
  );

const stored = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), KEY);

async function seed(page: Page, raw: string) {
  await page.goto('/api/health');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [KEY, raw] as const);
}

/** Any CSS colour (Tailwind 4 uses oklch) as the [r, g, b] a canvas paints for it. */
const toRgb = (page: Page, color: string | undefined) =>
  page.evaluate((css) => {
    const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    context.fillStyle = css ?? '';
    context.fillRect(0, 0, 1, 1);
    return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  }, color);

const cssOf = (page: Page, selector: string, property: string) =>
  page.locator(selector).evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

const WHITE = [255, 255, 255];
const BLACK = [0, 0, 0];
const ZINC_950 = [9, 9, 11];
const ZINC_900 = [24, 24, 27];

test.describe('preferences', () => {
  test('the theme switch persists across a reload and the first paint is already dark', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await recordFirstPaint(page);
    await page.goto('/');
    expect((await firstPaint(page)).atBody?.classes).not.toContain('dark');
    const themeButton = page.getByRole('button', { name: /^Theme:/ });
    await themeButton.click(); // system → light
    await themeButton.click(); // light → dark
    await expect(themeButton).toHaveAccessibleName(/^Theme: Dark/);
    expect((await stored(page)).state.theme).toBe('dark');

    await page.reload();
    const paint = await firstPaint(page);
    expect(paint.atBody).toEqual({ classes: ['dark'], theme: 'dark', fontSize: null });
    expect(await toRgb(page, paint.background)).toEqual(ZINC_950);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(themeButton).toHaveAccessibleName(/^Theme: Dark/);
  });

  test('a stored light theme wins over a dark OS from the first paint', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await seed(page, JSON.stringify({ state: { theme: 'light' }, version: 1 }));
    await recordFirstPaint(page);
    await page.goto('/store');
    const paint = await firstPaint(page);
    expect(paint.atBody?.classes).not.toContain('dark');
    expect(paint.atBody?.theme).toBe('light');
    expect(await toRgb(page, paint.background)).toEqual(WHITE);
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });

  test('the system theme follows the OS', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await recordFirstPaint(page);
    await page.goto('/');
    expect((await firstPaint(page)).atBody?.classes).toContain('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });

  for (const raw of ['{"state":{"theme":42,"productView":"x"},"version":"a"}', 'not json']) {
    test(`corrupted storage (${raw}) does not break the page and is repaired`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await seed(page, raw);
      await recordFirstPaint(page);
      await page.goto('/store');
      await expect(page.getByRole('article').first()).toBeVisible();
      await expect(page.getByRole('button', { name: /^Theme: System/ })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Quick view:/ }).first()).toBeVisible();
      expect(errors).toEqual([]);
      expect((await firstPaint(page)).atBody?.theme).toMatch(/^(light|dark)$/);

      const repaired = await stored(page);
      expect(repaired.version).toBe(1);
      expect(repaired.state.theme).toBe('system');
      expect(repaired.state.productView).toEqual({
        viewMode: 'grid',
        sortBy: 'featured',
        itemsPerPage: 20,
        showOutOfStock: true,
        showComparePrice: true,
        enableQuickView: true,
      });
      expect(repaired.state.search.maxRecentSearches).toBe(10);

      // The preferences page works on the repaired state too.
      await page.goto('/preferences');
      await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();
      expect(errors).toEqual([]);
    });
  }

  test('the preferences page is linked from the header and the footer', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Preferences' }).click();
    await expect(page).toHaveURL(/\/preferences$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Preferences' })).toBeVisible();
    await expect(page).toHaveTitle(/^Preferences · /);
    await page.goto('/store');
    await page.getByRole('banner').getByRole('link', { name: 'Preferences' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Preferences' })).toBeVisible();
    const response = await page.request.get('/preferences');
    expect(response.status()).toBe(200);
  });

  test('theme, font size and high contrast apply at once and from the first paint after a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await recordFirstPaint(page);
    await page.goto('/preferences');
    const html = page.locator('html');
    const rootFontSize = () => html.evaluate((element) => getComputedStyle(element).fontSize);
    const headingHeight = () =>
      page.getByRole('heading', { level: 1 }).evaluate((element) => element.getBoundingClientRect().height);
    expect(await rootFontSize()).toBe('16px');
    const mediumHeading = await headingHeight();

    await page.getByRole('radio', { name: 'Extra large' }).check();
    await expect(html).toHaveAttribute('data-font-size', 'xl');
    // Polled: the radio is checked before React has applied the choice to <html>.
    await expect.poll(rootFontSize).toBe('20px');
    // The layout scales with the root size (rem), not only the root text.
    await expect.poll(headingHeight).toBeCloseTo(mediumHeading * 1.25, 0);
    await page.getByRole('radio', { name: 'Small' }).check();
    await expect.poll(rootFontSize).toBe('14px');
    await page.getByRole('radio', { name: 'Large', exact: true }).check();
    await expect.poll(rootFontSize).toBe('18px');

    const textColor = async () => toRgb(page, await cssOf(page, 'body', 'color'));
    await expect.poll(textColor).toEqual(ZINC_900);
    await page.getByRole('switch', { name: 'High contrast' }).check();
    await expect(html).toHaveClass(/high-contrast/);
    await expect.poll(textColor).toEqual(BLACK);

    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect(html).toHaveClass(/dark/);
    await expect.poll(textColor).toEqual(WHITE);
    await expect.poll(async () => toRgb(page, await cssOf(page, 'html', 'background-color'))).toEqual(BLACK);

    await page.getByRole('switch', { name: 'Reduce motion' }).check();
    await expect(html).toHaveClass(/reduce-motion/);
    const reset = page.getByRole('button', { name: 'Reset all preferences' });
    await expect(reset).toHaveCSS('transition-duration', '1e-05s');

    expect((await stored(page)).state.accessibility).toMatchObject({
      fontSize: 'large',
      highContrast: true,
      reduceMotion: true,
    });
    await page.reload();
    expect((await firstPaint(page)).atBody).toEqual({
      classes: ['dark', 'high-contrast', 'reduce-motion'],
      theme: 'dark',
      fontSize: 'large',
    });
    await expect(page.getByRole('switch', { name: 'High contrast' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Large', exact: true })).toBeChecked();

    await page.getByRole('button', { name: 'Reset all preferences' }).click();
    await expect(html).not.toHaveClass(/high-contrast|reduce-motion|dark/);
    await expect.poll(rootFontSize).toBe('16px');
    await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();
  });

  test('the OS reduced-motion setting is honoured without the preference', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/preferences');
    await expect(page.getByRole('switch', { name: 'Reduce motion' })).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Reset all preferences' })).toHaveCSS(
      'transition-duration',
      '1e-05s',
    );
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect(page.getByRole('button', { name: 'Reset all preferences' })).not.toHaveCSS(
      'transition-duration',
      '1e-05s',
    );
  });

  test('clear search history empties the saved searches; turning history off clears it too', async ({ page }) => {
    const recentSearches = ['raspberry pi', 'usb cable', 'arduino'];
    await seed(page, JSON.stringify({ state: { search: { recentSearches } }, version: 1 }));
    await page.goto('/preferences');
    const search = page.getByRole('region', { name: 'Search' });
    await expect(search).toContainText('3 saved searches.');
    const clear = search.getByRole('button', { name: 'Clear search history' });
    await clear.click();
    await expect(search.getByRole('status')).toHaveText('Search history cleared.');
    await expect(search).toContainText('No saved searches.');
    await expect(clear).toBeDisabled();
    expect((await stored(page)).state.search.recentSearches).toEqual([]);

    await seed(page, JSON.stringify({ state: { search: { recentSearches } }, version: 1 }));
    await page.goto('/preferences');
    await search.getByRole('switch', { name: 'Save search history' }).uncheck();
    await expect(search).toContainText('No saved searches.');
    expect((await stored(page)).state.search).toMatchObject({ saveSearchHistory: false, recentSearches: [] });
  });

  test('product list preferences: quick view and original prices can be turned off, items per page is kept', async ({
    page,
  }) => {
    await page.goto('/preferences');
    const lists = page.getByRole('region', { name: 'Product lists' });
    await lists.getByRole('combobox', { name: 'Products per page' }).selectOption('60');
    await lists.getByRole('radio', { name: 'List' }).check();
    await lists.getByRole('switch', { name: 'Quick view' }).uncheck();
    await lists.getByRole('switch', { name: 'Show original prices' }).uncheck();
    expect((await stored(page)).state.productView).toMatchObject({
      itemsPerPage: 60,
      viewMode: 'list',
      enableQuickView: false,
      showComparePrice: false,
    });

    await page.goto('/store');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Quick view:/ })).toHaveCount(0);
    await expect(page.locator('article s')).toHaveCount(0);
    await expect(page.getByText(/^Save \d+%$/)).toHaveCount(0);

    await page.goto('/preferences');
    await expect(lists.getByRole('combobox', { name: 'Products per page' })).toHaveValue('60');
    await lists.getByRole('switch', { name: 'Quick view' }).check();
    await page.goto('/store');
    await expect(page.getByRole('button', { name: /^Quick view:/ }).first()).toBeVisible();
  });
});
