import type { Locator } from '@playwright/test';
import { decodeMail, waitForMessage } from './outbox-helpers.ts';
import { expect, type Page, test } from './test.ts';

/**
 * Issue 8 end to end: an admin has the panel open, a shopper in another browser context checks
 * out, and the admin hears it live (toast, bell count) without reloading, takes the order from
 * pending to shipped and out for delivery, and finds it in the customer's history. Desktop only (playwright.config.ts):
 * the phone project shares the server, and one live walk-through is enough.
 */
/** Not used by other specs, so its stock is this test's own. */
const PRODUCT_SLUG = 'hc-sr04-ultrasonic-distance-sensor';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, \d+ unread/ });

/** The unread count the bell announces ("Notifications, 3 unread, Connected"). */
async function unreadCount(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? Number.NaN);
}

/**
 * Moves the order one step: the action button, then the same label in its confirm dialog. The
 * history then records the move, and the next step (if any) is the one offered.
 */
async function moveOrder(
  page: Page,
  action: string,
  status: string,
  next?: string,
  fill?: (dialog: Locator) => Promise<void>,
) {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await fill?.(dialog);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(main.getByText(new RegExp(`^${status}$`, 'i')).first()).toBeVisible();
  if (next) await expect(main.getByRole('button', { name: next, exact: true })).toBeVisible();
}

test('a checkout reaches the open admin panel live; the admin confirms and ships it; the customer history shows it', async ({
  page,
  browser,
  signInAsAdmin,
}) => {
  test.slow();
  await signInAsAdmin();
  await page.getByRole('complementary').getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName(/, Connected$/);
  const unreadBefore = await unreadCount(page);

  // The shopper, in a browser context of their own, orders one sensor with a fresh number.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  const phone = `03 ${100 + Math.floor(Math.random() * 900)} ${100 + Math.floor(Math.random() * 900)}`;
  const name = `Maya Khoury ${Date.now().toString(36)}`;
  const email = `maya.${Date.now().toString(36)}@example.com`;
  await shopper.goto(`/product/${PRODUCT_SLUG}`);
  await shopper.getByRole('button', { name: 'Add to cart' }).click();
  await expect(shopper.getByRole('button', { name: /^Cart, / })).toHaveAccessibleName('Cart, 1 item');
  await shopper.goto('/checkout');
  await shopper.getByRole('textbox', { name: 'Full name' }).fill(name);
  await shopper.getByRole('textbox', { name: 'Phone' }).fill(phone);
  await shopper.getByRole('textbox', { name: /^Email/ }).fill(email);
  await shopper.getByRole('textbox', { name: 'City or area' }).fill('Jounieh');
  await shopper.getByRole('textbox', { name: 'Street' }).fill('Rue Maameltein');
  await shopper.getByRole('textbox', { name: 'Building' }).fill('Cedar Tower');
  await shopper.getByRole('textbox', { name: 'Floor' }).fill('2');
  await shopper.getByLabel('Governorate').selectOption('mount_lebanon');
  await shopper.getByRole('button', { name: 'Place order' }).click();
  await expect(shopper.getByRole('heading', { level: 1, name: 'Your order is placed' })).toBeVisible();
  const orderNumber = (await shopper.locator('strong.font-mono').textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(/^CS-\d+$/);
  // The order's page (the confirmation with its token), as the receipt links to it.
  const orderPage = shopper.url();
  await shopperContext.close();

  // The admin page was not reloaded: the toast names the order and its total, the bell counts it.
  const toast = page.getByText(new RegExp(`^New order ${orderNumber}: \\$\\d+\\.\\d{2}$`));
  await expect(toast).toBeVisible({ timeout: 10_000 });
  await expect.poll(() => unreadCount(page)).toBeGreaterThan(unreadBefore);

  // The bell's list has it; clicking it opens the order.
  await bell(page).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  await panel.getByText(orderNumber).first().click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByRole('main').getByText(name).first()).toBeVisible();

  // Only the allowed moves are offered, one step at a time.
  await expect(page.getByRole('main').getByRole('button', { name: 'Mark shipped' })).toHaveCount(0);
  await moveOrder(page, 'Confirm order', 'Confirmed', 'Start processing');
  await moveOrder(page, 'Start processing', 'Processing', 'Mark shipped');
  // Shipping names the carrier, with a tracking number and the carrier's link (docs/product.md#tracking).
  const trackingUrl = 'https://www.aramex.com/track/results?ShipmentNumber=44712290';
  await moveOrder(page, 'Mark shipped', 'Shipped', 'Mark delivered', async (dialog) => {
    await dialog.getByLabel('Carrier').selectOption('Aramex');
    await dialog.getByRole('textbox', { name: 'Tracking number' }).fill('44712290');
    await dialog.getByRole('textbox', { name: 'Tracking link' }).fill(trackingUrl);
  });
  await expect(page.getByRole('main').getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  // Each move told the shopper (being prepared is off by default): the Messages card lists the
  // order's mails and texts newest first, the address and number masked (docs/product.md#delivery-log).
  const card = page.getByRole('main').getByRole('region', { name: 'Messages' });
  const messages = card.getByRole('listitem');
  await expect(messages.first()).toContainText('Order shipped');
  await expect(messages.filter({ hasText: 'Order shipped' })).toHaveCount(2);
  await expect(messages.filter({ hasText: 'Order shipped' }).filter({ hasText: 'Text' })).toHaveCount(1);
  await expect(messages.filter({ hasText: 'Order confirmed' })).toHaveCount(1);
  await expect(messages.filter({ hasText: 'New order (to the shop)' })).toHaveCount(1);
  await expect(messages.filter({ hasText: 'Order received' })).toHaveCount(2);
  const confirmedMail = messages.filter({ hasText: 'Order confirmed' });
  await expect(confirmedMail).toContainText(`Email·${email.charAt(0)}…@example.com`);
  await expect(confirmedMail).toContainText(/Sent .*\d{4}/, { timeout: 20_000 });
  await expect(card).not.toContainText(email);
  await expect(page.getByRole('main').getByRole('link', { name: /^Track the parcel/ })).toHaveAttribute(
    'href',
    trackingUrl,
  );

  // The parcel leaves with the driver: a step of the shipped order, not a status
  // (docs/product.md#out-for-delivery), offered once, beside "Mark delivered".
  await moveOrder(page, 'Out for delivery', 'Shipped', 'Mark delivered');
  await expect(page.getByRole('main').getByRole('button', { name: 'Out for delivery', exact: true })).toHaveCount(0);
  await expect(
    page.getByRole('main').getByRole('region', { name: 'History' }).getByText('Out for delivery', { exact: true }),
  ).toBeVisible();

  // The shipped mail reached the shopper's inbox (the outbox here), with the order's page: the
  // shopper follows that link.
  const shippedMail = decodeMail(
    await waitForMessage('mail', `Subject: Your Cedar Shop order ${orderNumber} is on its way`),
  );
  expect(shippedMail).toContain(`To: ${email}`);
  expect(shippedMail).toContain('Tracking number: 44712290');
  const mailedLink = /See your order: (http\S+)/.exec(shippedMail)?.[1] ?? '';
  expect(mailedLink).toBe(orderPage);
  // And the text to their phone says the same, with the same link.
  const shippedText = await waitForMessage(
    'text',
    `your order ${orderNumber} is on its way with Aramex, tracking 44712290.`,
  );
  expect(shippedText).toContain(orderPage);

  // The shopper's order page says it is out for delivery since when, with the link to follow it.
  const later = await browser.newContext();
  const shopperAgain = await later.newPage();
  await shopperAgain.goto(mailedLink);
  await expect(shopperAgain.getByRole('heading', { level: 1, name: 'Your order' })).toBeVisible();
  await expect(shopperAgain.getByRole('list', { name: 'Order progress' }).locator('[aria-current="step"]')).toHaveText(
    /^Out for delivery \(now\)[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M$/,
  );
  await expect(shopperAgain.getByText('Out for delivery: the driver is on the way to you.')).toBeVisible();
  await expect(shopperAgain.getByRole('heading', { name: 'On its way' })).toBeVisible();
  await expect(shopperAgain.getByText('Shipped with Aramex, tracking number 44712290.')).toBeVisible();
  await expect(shopperAgain.getByRole('link', { name: /^Track your parcel/ })).toHaveAttribute('href', trackingUrl);
  await later.close();

  // The customer record was made from the checkout; its history lists the shipped order.
  await page.getByRole('link', { name: 'View customer' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const orders = page.getByRole('main').locator('section', { hasText: orderNumber });
  await expect(orders.getByRole('link', { name: orderNumber }).first()).toBeVisible();
  await expect(orders.getByText(/^shipped$/i).first()).toBeVisible();
});

test('a phone order for a returning customer is filled from their number', async ({ page, request, signInAsAdmin }) => {
  // The customer ordered once before, from the storefront: that made their record.
  const digits = `${100 + Math.floor(Math.random() * 900)}${100 + Math.floor(Math.random() * 900)}`;
  const name = `Karim Saad ${Date.now().toString(36)}`;
  const email = `karim.${Date.now().toString(36)}@example.com`;
  const product = (await (await request.get(`/api/products/${PRODUCT_SLUG}`)).json()).data as {
    id: string;
    name: string;
  };
  const first = await request.post('/api/orders', {
    data: {
      customer: { name, phone: `03 ${digits.slice(0, 3)} ${digits.slice(3)}`, email },
      shipping_address: { city: 'Zahle', street: 'Rue Brazil', building: 'Wadi', floor: '1', governorate: 'bekaa' },
      items: [{ product_id: product.id, quantity: 1 }],
    },
  });
  expect(first.status()).toBe(201);

  // Now they call the shop: the admin types their number as they say it, in another form.
  await signInAsAdmin();
  await page.goto('/admin/orders/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Find a customer' }).fill(`+961 3 ${digits.slice(0, 3)} ${digits.slice(3)}`);
  const match = page
    .getByRole('listbox', { name: 'Matching customers' })
    .getByRole('option', { name: new RegExp(name) });
  await expect(match).toContainText('1 order');
  await match.click();
  // Name, email and the address of their last order are filled in, and stay editable.
  const main = page.getByRole('main');
  await expect(main.getByRole('textbox', { name: 'Full name' })).toHaveValue(name);
  await expect(main.getByRole('textbox', { name: /^Email/ })).toHaveValue(email);
  await expect(main.getByRole('textbox', { name: 'Street' })).toHaveValue('Rue Brazil');
  await expect(main.getByLabel('Delivery zone')).toHaveValue('bekaa');
  await main.getByRole('textbox', { name: /^Floor/ }).fill('2');

  await main.getByPlaceholder('Search name, SKU or brand').fill(product.name.slice(0, 12));
  await main.getByRole('button', { name: `Add ${product.name}` }).click();
  await expect(main.getByRole('list', { name: 'Order lines' }).getByRole('listitem')).toHaveCount(1);
  await main.getByRole('button', { name: 'Create order' }).click();
  const heading = page.getByRole('heading', { level: 1, name: /^Order CS-\d+$/ });
  await expect(heading).toBeVisible();
  await expect(main.getByText(name).first()).toBeVisible();

  // One customer, now with two orders (the number matched, no second record).
  await main.getByRole('link', { name: 'View customer' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /^CS-\d+$/ })).toHaveCount(2);
});
