import { axeViolations } from './axe.ts';
import { expect, type Page, test } from './test.ts';

const KEY = 'preferences-storage';

/** Display modes the shop must pass WCAG 2.1 AA in (colour contrast included). */
const MODES = {
  light: { theme: 'light' },
  dark: { theme: 'dark' },
  'high contrast': { theme: 'light', accessibility: { highContrast: true } },
  'high contrast dark': { theme: 'dark', accessibility: { highContrast: true } },
} as const;

/** Each page with what shows it has finished loading (its data, not a skeleton). */
const PAGES: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  { name: 'home', path: '/', ready: (page) => expect(page.getByRole('article').first()).toBeVisible() },
  { name: 'store', path: '/store', ready: (page) => expect(page.getByRole('article').first()).toBeVisible() },
  {
    name: 'product',
    path: '/product/raspberry-pi-5-8gb',
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: /Raspberry Pi 5/ })).toBeVisible(),
  },
  {
    name: 'preferences',
    path: '/preferences',
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Preferences' })).toBeVisible(),
  },
  {
    name: 'contact',
    path: '/contact',
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible(),
  },
  {
    name: 'fixed page',
    path: '/pages/delivery',
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Delivery' })).toBeVisible(),
  },
  {
    name: 'admin sign-in',
    path: '/e2e-admin-sign-in',
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: /Sign in to/ })).toBeVisible(),
  },
  {
    name: 'not found',
    path: '/no/such/page',
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible(),
  },
];

async function usePreferences(page: Page, state: object) {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    KEY,
    JSON.stringify({ state, version: 1 }),
  ] as const);
}

test.describe('axe scan (WCAG 2.0 A/AA, 2.1 AA)', () => {
  for (const [mode, state] of Object.entries(MODES)) {
    for (const { name, path, ready } of PAGES) {
      test(`${name} in ${mode}`, async ({ page }) => {
        await usePreferences(page, state);
        await page.goto(path);
        await ready(page);
        // Images decoded and late layout settled, so contrast is judged on what a shopper sees.
        await page.waitForLoadState('networkidle');
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  }

  test('the quick-view dialog in dark mode', async ({ page }) => {
    await usePreferences(page, MODES.dark);
    await page.goto('/store');
    await page
      .getByRole('button', { name: /^Quick view:/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('link', { name: 'View full details' })).toBeVisible();
    // The description has loaded (the quantity stepper's own status line stays, empty).
    await expect(dialog.getByRole('status').filter({ hasText: 'Loading the description' })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('keyboard', () => {
  const skipLinks = [
    { name: 'Skip to main content', tabs: 1, target: 'main#main-content' },
    { name: 'Skip to navigation', tabs: 2, target: 'nav#site-nav' },
    { name: 'Skip to search', tabs: 3, target: 'input#site-search' },
  ];

  for (const { name, tabs, target } of skipLinks) {
    test(`"${name}" is among the first focusable elements, shows when focused and moves focus`, async ({ page }) => {
      await page.goto('/store');
      await expect(page.getByRole('article').first()).toBeVisible();
      for (let index = 0; index < tabs; index++) await page.keyboard.press('Tab');
      const link = page.getByRole('link', { name });
      await expect(link).toBeFocused();
      await expect(link).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.locator(target)).toBeFocused();
      // The skip does not change the address.
      expect(new URL(page.url()).hash).toBe('');
    });
  }

  test('after skipping to the navigation, Tab goes to its first link', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeFocused();
  });

  test('every focusable element of the header shows a focus outline', async ({ page }) => {
    await page.goto('/store');
    await expect(page.getByRole('article').first()).toBeVisible();
    for (let index = 0; index < 11; index++) {
      await page.keyboard.press('Tab');
      const outline = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement as Element);
        return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
      });
      expect(outline.style).not.toBe('none');
      expect(outline.width).toBeGreaterThanOrEqual(2);
    }
  });

  test('quick view opens from the keyboard, keeps focus inside, closes on Escape and gives focus back', async ({
    page,
  }) => {
    await page.goto('/store');
    const trigger = page.getByRole('button', { name: /^Quick view:/ }).first();
    const productName = ((await trigger.getAttribute('aria-label')) ?? '').replace(/^Quick view: /, '');
    await trigger.focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: productName });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: productName })).toBeVisible();
    await expect(dialog.getByText(/^(In stock|Out of stock|Only \d+ left in stock)$/)).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'View full details' })).toBeVisible();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    // Modal (showModal): the rest of the page is inert while it is open.
    expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    // Opening again reuses the downloaded code; the link leads to the product page.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('link', { name: 'View full details' }).click();
    await expect(page).toHaveURL(/\/product\//);
    await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the quick-view code is downloaded on first use only', async ({ page }) => {
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (/quick-view-dialog/.test(request.url())) chunks.push(request.url());
    });
    await page.goto('/store');
    await expect(page.getByRole('button', { name: /^Quick view:/ }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(chunks).toEqual([]);
    await page
      .getByRole('button', { name: /^Quick view:/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(chunks).toHaveLength(1);
  });
});
