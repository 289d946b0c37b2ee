import { axeViolations } from './axe.ts';
import { expect, test } from './test.ts';

/** docs/product.md#fixed-pages: the shop's fixed pages at /pages/{slug}, linked from the footer. */

test('the footer opens the delivery page: its text, the other pages beside it, axe clean', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('navigation', { name: 'Shop information' }).getByRole('link', { name: 'Delivery' }).click();
  await expect(page).toHaveURL(/\/pages\/delivery$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery' })).toBeVisible();
  const article = page.getByRole('main').getByRole('article');
  await expect(article).toContainText('Where we deliver');
  await expect(article).toContainText('cash on delivery');
  await expect(article.getByText(/^Last updated /)).toBeVisible();
  await expect(page).toHaveTitle(/^Delivery · /);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' })).toBeVisible();

  // The other pages, the current one marked.
  const others = page.getByRole('main').getByRole('navigation', { name: 'More information' });
  await expect(others.getByText('Delivery')).toHaveAttribute('aria-current', 'page');
  await others.getByRole('link', { name: 'Returns' }).click();
  await expect(page).toHaveURL(/\/pages\/returns$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await axeViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
});

// An unknown page's 404 and not-found page: tests/api/shop-pages.test.ts (no browser needed).

test('the contact page points to the delivery, returns and warranty pages', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('main')).not.toContainText('quotation');
  await page.getByRole('main').getByRole('link', { name: 'Warranty' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Warranty' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a fixed page shows its content from the HTML alone', async ({ page }) => {
    const response = await page.goto('/pages/privacy');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('We do not sell or rent your data');
    await expect(page).toHaveTitle(/^Privacy policy · /);
  });
});
