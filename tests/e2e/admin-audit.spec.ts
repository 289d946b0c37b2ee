import { adminApi, uniqueStamp } from './promo-helpers.ts';
import { expect, type Page, test } from './test.ts';

/**
 * Issue 35, the audit log's screen (docs/product.md#audit-log): a product edit made through the
 * admin API is found on the Audit page by its id and by the filters, its before and after are
 * shown as a diff, and the CSV export of the filtered list holds it. The product is this test's
 * own (both projects share the server); the phone project checks the same steps on cards.
 */

const main = (page: Page) => page.getByRole('main');

test('the audit page finds a product edit, shows its diff and exports it', async ({ page, signInAsAdmin }) => {
  test.slow();
  const stamp = uniqueStamp();
  await signInAsAdmin();

  // The edit, as the demo admin: a product of this test's own, its price changed.
  const made = await adminApi(page, 'POST', '/admin/products', {
    name: `Audit Lamp ${stamp}`,
    price: 10,
    stock_quantity: 3,
  });
  expect(made.status(), await made.text()).toBe(201);
  const product = ((await made.json()) as { data: { id: string } }).data;
  const edited = await adminApi(page, 'PUT', `/admin/products/${product.id}`, { price: 12.5 });
  expect(edited.status(), await edited.text()).toBe(200);

  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Audit log figures' })).toBeVisible();
  await expect(page.getByRole('img', { name: /in the last 24 hours/ })).toBeVisible();

  // Found by its id (the search box), then narrowed by the filters.
  await main(page).getByRole('searchbox', { name: 'Search entries' }).fill(product.id);
  await expect(page).toHaveURL(new RegExp(`search=${product.id}`));
  await main(page).getByRole('combobox', { name: 'Resource type' }).selectOption('product');
  await main(page).getByRole('combobox', { name: 'Action' }).selectOption('product.update');
  await expect(page).toHaveURL(/entity_type=product/);
  await expect(page).toHaveURL(/action=product\.update/);
  const views = main(page).getByRole('button', { name: /^View product\.update of / });
  await expect(views).toHaveCount(1);
  await expect(main(page).getByText('1 entry', { exact: false })).toBeVisible();

  // Its diff: the price, changed from 10 to 12.5 (a product's edit records the fields it changed).
  await views.click();
  const dialog = page.getByRole('dialog', { name: 'product.update' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/entry=[0-9a-f-]{36}/);
  const price = dialog.getByRole('listitem').filter({ has: page.getByText('price', { exact: true }) });
  await expect(price).toHaveAttribute('data-change', 'changed');
  await expect(price).toContainText('Changed');
  await expect(price.getByRole('definition').first()).toHaveText('10');
  await expect(price.getByRole('definition').last()).toHaveText('12.5');
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  // The entry survives a reload (its id is in the address).
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'product.update' })).toBeVisible();
  await page.getByRole('dialog', { name: 'product.update' }).getByRole('button', { name: 'Close' }).click();
  await expect(page).not.toHaveURL(/entry=/);

  // The export: the filtered list as a file named for the shop's date, holding the edit.
  const download = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = Buffer.concat(await (await file.createReadStream()).toArray()).toString('utf8');
  // A BOM first (spreadsheets then read UTF-8), the header, one row per entry.
  expect(csv.startsWith('\uFEFFcreated_at,')).toBe(true);
  const lines = csv.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'created_at,user_name,user_email,user_id,action,entity_type,entity_id,status,ip,user_agent,before,after,id',
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`product.update,product,${product.id},success`);
  expect(lines[1]).toContain('admin@cedar.shop');
});
