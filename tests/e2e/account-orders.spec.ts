import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from './test.ts';

/**
 * A signed-in shopper's checkout (docs/product.md#signed-in-checkout): an account made through
 * the API, an address saved in /account/addresses, an order placed with the prefilled details,
 * then found in /account/orders and opened. Desktop and phone each use their own product.
 */
const PRODUCT = { desktop: 'arduino-uno-r3-compatible-ch340', phone: 'raspberry-pi-pico-w' } as const;

async function signUp(page: Page, email: string) {
  const response = await page.request.post('/api/account/signup', {
    data: { email, password: 'cedar-Shopper-2026!', name: 'Maya Khoury' },
  });
  expect(response.status()).toBe(201);
  const session = (await response.json()).data.session;
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('cedar-shopper-session', JSON.stringify(value)), session);
}

test('saves an address, checks out prefilled, and finds the order in the account', async ({ page }, testInfo) => {
  // Sign-up, address, order and two account pages: slow on a shared machine with both projects at once.
  test.setTimeout(120_000);
  const slug = PRODUCT[testInfo.project.name === 'phone' ? 'phone' : 'desktop'];
  const email = `maya-${randomUUID().slice(0, 8)}@example.com`;
  await signUp(page, email);

  // The address book starts empty; the first address becomes the default.
  await page.goto('/account/addresses');
  await expect(page.getByText('No saved addresses yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add an address' }).click();
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByRole('textbox', { name: 'Name for this address' }).fill('Home');
  await form.getByRole('textbox', { name: 'City or area' }).fill('Beirut, Achrafieh');
  await form.getByLabel('Governorate').selectOption('beirut');
  await form.getByRole('textbox', { name: 'Street' }).fill('Rue Monot');
  await form.getByRole('textbox', { name: 'Building' }).fill('Sursock Bldg');
  await form.getByRole('textbox', { name: 'Floor' }).fill('3');
  await form.getByRole('button', { name: 'Save address' }).click();
  const card = page.getByRole('listitem').filter({ hasText: 'Rue Monot' });
  await expect(card).toContainText('Default');

  // The orders list is empty until the order exists.
  await page.goto('/account/orders');
  await expect(page.getByText('No orders yet')).toBeVisible();

  await page.goto(`/product/${slug}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('button', { name: /^Cart, / })).toHaveAccessibleName('Cart, 1 item');

  // Checkout: name, email and the default address are already there; the phone is typed.
  await page.goto('/checkout');
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Maya Khoury');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await expect(page.getByRole('textbox', { name: 'Street' })).toHaveValue('Rue Monot');
  await expect(page.getByRole('textbox', { name: 'City or area' })).toHaveValue('Beirut, Achrafieh');
  await expect(page.getByRole('combobox', { name: 'Saved address' })).toBeVisible();
  // The saved address's governorate (the delivery zone) is chosen for the shopper too.
  await expect(page.getByLabel('Governorate')).toHaveValue('beirut');
  await page.getByRole('textbox', { name: 'Phone' }).fill('03 123 456');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your order is placed' })).toBeVisible();
  const orderNumber = (await page.locator('strong.font-mono').textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(/^CS-\d+$/);

  // The order is the account's: listed, and its detail opens with the line and the address.
  await page.goto('/account/orders');
  const row = page.getByRole('link', { name: new RegExp(orderNumber) });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('1 item');
  await row.click();
  await expect(page.getByRole('heading', { name: orderNumber })).toBeVisible();
  await expect(page.getByText('Rue Monot, Building Sursock Bldg, Floor 3')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Timeline' })).toBeVisible();
});
