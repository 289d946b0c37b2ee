import sharp from 'sharp';
import { expect, test } from './test.ts';

/** A real PNG of one colour (the server sniffs bytes, so a fake would be refused). */
async function png(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 900, height: 700, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

test('create a product with two photos and a variation, see it in the store, bulk-deactivate it and it leaves the store', async ({
  page,
  signInAsAdmin,
}) => {
  const name = `Cedar Soil Moisture Probe ${Date.now().toString(36)}`;
  await signInAsAdmin();
  await page.getByRole('complementary').getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await page.getByRole('link', { name: 'New product' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();

  // The shared schema speaks before the server is asked.
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill('Capacitive soil moisture sensor with a corrosion-proof probe.');
  await page.getByLabel('Price ($)', { exact: true }).fill('12.50');
  await page.getByRole('textbox', { name: /^Compare-at price/ }).fill('10');
  await page.getByLabel('Units in stock', { exact: true }).fill('7');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Sensors & Modules' });
  await page.getByLabel('Brand').fill('Cedar Labs');

  await page
    .getByLabel(/Drop images here/)
    .setInputFiles([await png('front.png', '#2b6a49'), await png('back.jpg', '#c2410c')]);
  const images = page.getByRole('list', { name: 'Product images' }).getByRole('listitem');
  await expect(images).toHaveCount(2);
  await expect(images.first().getByText('Cart image')).toBeVisible();
  // The second photo becomes the cart image.
  await page.getByRole('button', { name: 'Move image 2 earlier' }).click();
  const firstSrc = await images.first().locator('img').getAttribute('src');

  await page.getByRole('button', { name: 'Add variation' }).click();
  await page.getByLabel('Variation 1 name').fill('Probe length');
  await page.getByLabel('Variation 1 options, separated by commas').fill('10 cm, 20 cm');

  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Compare-at price must be above the price')).toBeVisible();
  await page.getByRole('textbox', { name: /^Compare-at price/ }).fill('15');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText(`${name} created`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const storeLink = page.getByRole('link', { name: 'View in store' });
  const productPath = (await storeLink.getAttribute('href')) as string;
  expect(productPath).toMatch(/^\/product\/cedar-soil-moisture-probe-/);

  // The storefront sees it at once: price, saving, the variation, both photos (cart image first).
  await page.goto(productPath);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('main').getByText('$12.50').first()).toBeVisible();
  const picker = page.getByRole('group', { name: 'Probe length' });
  await expect(picker.getByRole('radio')).toHaveCount(2);
  await expect(page.getByRole('main').locator(`img[src="${firstSrc}"]`).first()).toBeVisible();

  // Bulk-deactivate it from the list.
  await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
  await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar.getByText('1 product selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('1 product deactivated')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) }).getByText('Inactive')).toBeVisible();

  await page.goto(productPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  await page.goto(`/store?q=${encodeURIComponent(name)}`);
  // The search for its exact name now finds nothing: the empty state, and no card links to it.
  await expect(page.getByRole('main').getByText(`No products match “${name}”`)).toBeVisible();
  await expect(page.getByRole('main').locator(`a[href="${productPath}"]`)).toHaveCount(0);
});

test('the dashboard’s low-stock count opens the low-stock view; moving a category up reorders the storefront home', async ({
  page,
  signInAsAdmin,
}) => {
  await signInAsAdmin();
  await page.getByRole('link', { name: 'View low stock' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Low stock' })).toBeVisible();
  // One row per variant at or under its threshold (decision 012 §7): each says Low or Out.
  const rows = page.getByRole('region', { name: 'Variants low on stock' }).getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  for (const row of (await rows.all()).slice(1)) {
    await expect(row.getByText(/^(Low|Out)$/)).toBeVisible();
  }

  const tiles = async () => {
    await page.goto('/');
    const links = page.locator('#categories').getByRole('link');
    await expect(links.first()).toBeVisible();
    return links.allTextContents();
  };
  const indexOf = (names: string[], name: string) => names.findIndex((text) => text.includes(name));
  const before = await tiles();
  expect(indexOf(before, 'Development Boards')).toBeLessThan(indexOf(before, 'Sensors & Modules'));

  const move = async (label: string) => {
    await page.goto('/admin/categories');
    const response = page.waitForResponse((r) => r.url().endsWith('/api/admin/categories/reorder') && r.ok());
    await page.getByRole('button', { name: label }).click();
    await response;
  };
  await move('Move Sensors & Modules up');
  try {
    const after = await tiles();
    expect(indexOf(after, 'Sensors & Modules')).toBeLessThan(indexOf(after, 'Development Boards'));
  } finally {
    // The shop is shared by every test of the run: put the order back.
    await move('Move Sensors & Modules down');
  }
  const restored = await tiles();
  expect(indexOf(restored, 'Development Boards')).toBeLessThan(indexOf(restored, 'Sensors & Modules'));
});

test('an admin gives each option its own price and stock, edits one price, and the store shows it at once', async ({
  page,
  signInAsAdmin,
}) => {
  const name = `Cedar Servo ${Date.now().toString(36)}`;
  await signInAsAdmin();
  await page.goto('/admin/products/new');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Price ($)', { exact: true }).fill('9');
  await page.getByRole('button', { name: 'Add variation' }).click();
  await page.getByLabel('Variation 1 name').fill('Torque');
  await page.getByLabel('Variation 1 options, separated by commas').fill('2 kg, 9 kg');

  // The options share one price and stock until the admin gives each its own.
  await page.getByRole('button', { name: 'Give each option its own price and stock' }).click();
  await expect(page.getByRole('list', { name: 'Variants' }).getByRole('listitem')).toHaveCount(2);
  await page.getByLabel('Stock for every variant').fill('6');
  await page.getByRole('button', { name: 'Set all stock' }).click();
  await page.getByLabel('9 kg Price ($)').fill('14');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText(`${name} created`)).toBeVisible();
  const editorPath = new URL(page.url()).pathname;
  const productPath = (await page.getByRole('link', { name: 'View in store' }).getAttribute('href')) as string;

  const priceOf9kg = async (expected: string) => {
    await page.goto(productPath);
    await page.getByRole('group', { name: 'Torque' }).getByText('9 kg', { exact: true }).click();
    await expect(page.getByRole('main').getByText(expected).first()).toBeVisible();
  };
  await priceOf9kg('$14.00');

  // A new price for one variant: the store shows it on the next visit, without a reload of anything.
  await page.goto(editorPath);
  await page.getByLabel('9 kg Price ($)').fill('16.50');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved').first()).toBeVisible();
  await priceOf9kg('$16.50');
  // The other variant kept its price.
  await page.getByRole('group', { name: 'Torque' }).getByText('2 kg', { exact: true }).click();
  await expect(page.getByRole('main').getByText('$9.00').first()).toBeVisible();
});
