import { adminApi, uniqueStamp } from './promo-helpers.ts';
import { expect, type Page, test, waitForHydration } from './test.ts';

/**
 * Issue 33, backups in the admin (docs/product.md#backups): Settings → System → "Back up now",
 * a product deleted in the admin afterwards, the backup restored from the list after a
 * confirmation naming what it replaces, and the product is back in the admin list and on the
 * storefront. A restore replaces the whole shop, so the test is @shop-wide (it runs alone).
 */

const main = (page: Page) => page.getByRole('main');

/** The admin product list, searched for `name`: the product's row is there or not. */
async function productListed(page: Page, name: string) {
  await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  return main(page).getByText(name, { exact: true }).first();
}

test('a backup made in the admin brings back a product deleted after it @shop-wide', async ({
  page,
  signInAsAdmin,
}) => {
  test.setTimeout(180_000);
  await signInAsAdmin();
  await page.goto('/admin');
  const name = `Backup test lamp ${uniqueStamp()}`;
  const created = await adminApi(page, 'POST', '/admin/products', {
    name,
    description: 'A lamp that must survive a restore.',
    price: 12.5,
    stock_quantity: 5,
    is_active: true,
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = ((await created.json()) as { data: { id: string; slug: string } }).data;

  // Back up now: the new backup is the newest in the list.
  await page.goto('/admin/settings/system');
  const backups = main(page).getByRole('region', { name: 'Backups' });
  await backups.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText('Backup made')).toBeVisible({ timeout: 60_000 });
  const newest = backups.getByRole('row').nth(1);
  await expect(newest.getByRole('cell', { name: 'Manual' })).toBeVisible();

  // Delete the product in the admin.
  await page.goto(`/admin/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await main(page).getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('dialog', { name: `Delete ${name}?` })
    .getByRole('button', { name: 'Delete product' })
    .click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(await productListed(page, name)).toBeHidden();
  expect((await page.request.get(`/api/products/${product.slug}`)).status()).toBe(404);

  // Restore that backup from the list, after the confirmation naming what is replaced.
  await page.goto('/admin/settings/system');
  const row = backups.getByRole('row').nth(1);
  await expect(row.getByRole('cell', { name: 'Manual' })).toBeVisible();
  await row.getByRole('button', { name: /^Restore the backup of/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore this backup?' });
  await expect(dialog).toContainText(
    'This replaces all products, orders, customers, settings and pictures with the backup of',
  );
  await expect(dialog).toContainText('A backup of the shop as it is now is taken first.');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(/^Shop restored from the backup of/)).toBeVisible({ timeout: 90_000 });
  await expect(dialog).toBeHidden();
  // The shop as it was just before is kept as a backup of its own.
  await expect(backups.getByRole('cell', { name: 'Before a restore' }).first()).toBeVisible();

  // The product is back: in the admin list and on the storefront.
  await expect(await productListed(page, name)).toBeVisible();
  await page.goto(`/product/${product.slug}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Leave the shop as other runs expect it.
  expect((await adminApi(page, 'DELETE', `/admin/products/${product.id}`)).status()).toBe(204);
});
