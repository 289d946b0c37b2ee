import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/**
 * `/`, `/store` and product pages arrive drawn by the server (decision 009): their buttons are on
 * screen before the app has taken the page over, and a click in that moment does nothing. Every
 * `page.goto` here therefore also waits until React owns the page's main content, as a shopper's
 * first tap usually does without noticing.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    // No main (the admin, a blank page): nothing drawn by the server to wait for.
    if (!main) return true;
    const content = main.firstElementChild ?? main;
    return Object.keys(content).some((key) => key.startsWith('__reactFiber$'));
  });
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await waitForHydration(page);
        return response;
      };
    }
    await use(page);
  },
});
