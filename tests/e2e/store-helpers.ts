import { expect, type Locator, type Page } from './test.ts';

/** The store's filter panel: the sidebar on wide screens, the Filters dialog on phones (opened). */
export async function openFilters(page: Page): Promise<Locator> {
  const button = page.getByRole('button', { name: /^Filters/ });
  if (await button.isVisible()) {
    await button.click();
    return page.getByRole('dialog', { name: 'Filters' });
  }
  return page.getByRole('complementary', { name: 'Filters' });
}

/** Closes the phone dialog with its "Show N products" button (no-op on the sidebar). */
export async function closeFilters(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  if (await dialog.isVisible()) {
    await dialog.getByRole('button', { name: /^Show .*products$/ }).click();
    await expect(dialog).toBeHidden();
  }
}

/** The store's product cards, without the "Recently viewed" row below them. */
export const storeCards = (page: Page) =>
  page.locator('main article:not(section[aria-labelledby="recently-viewed-title"] article)');
