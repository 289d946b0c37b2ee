import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { formatPhoneForDisplay } from '#shared/phone-format.ts';
import { decodeMail, outboxMessages, waitForMessage } from './outbox-helpers.ts';
import { productBySlug } from './review-helpers.ts';
import { expect, type Page, test } from './test.ts';

/**
 * A customer's shopper account in the admin (docs/product.md#accounts-in-the-admin): a shopper
 * who proved their email by the sign-up's link and ordered signed in shows in Customers with an
 * "Account" pill (and under "With an account"); the customer's screen shows the contacts with
 * their verification, two-step sign-in and the last sign-in; staff resend the phone's
 * verification and disable the account (its session ends at once), then enable it again.
 * With SHOTS_DIR set, the list and the detail are saved as screenshots at this project's width.
 */
const PASSWORD = 'cedar-Account-2026!';

/** With SHOTS_DIR set: the page at 1280 px and at 390 px (a phone), then back to this project's size. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect(page.locator('main .animate-pulse')).toHaveCount(0);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

test('the admin sees a customer’s shopper account, resends its verification and disables it', async ({
  page,
  signInAsAdmin,
}) => {
  test.slow();
  const stamp = randomUUID().slice(0, 8);
  const email = `account-${stamp}@example.com`;
  const digits = String(100_000 + Math.floor(Math.random() * 900_000));
  const phone = `+9613${digits}`;
  const name = `Rana Account ${stamp}`;

  // The shopper: signs up with both contacts, proves the email by the sign-up's link (opened
  // signed in, so the password stays: decision 018), orders signed in.
  const seenMail = new Set(await outboxMessages('mail'));
  const signUp = await page.request.post('/api/account/signup', { data: { email, phone, password: PASSWORD, name } });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const token: string = (await signUp.json()).data.session.access_token;
  const auth = { authorization: `Bearer ${token}` };
  const mail = decodeMail(await waitForMessage('mail', email, seenMail));
  const linkToken = mail.match(/\/account\/verify-email\?token=([^\s"<>&]+)/)?.[1];
  expect(linkToken, mail).toBeTruthy();
  const verified = await page.request.post('/api/account/verify', {
    headers: auth,
    data: { type: 'email_link', token: linkToken },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const product = await productBySlug(page.request, 'hc-sr501-pir-motion-sensor');
  const placed = await page.request.post('/api/orders', {
    headers: auth,
    data: {
      customer: { name, phone, email },
      shipping_address: {
        city: 'Byblos',
        street: 'Old Souk',
        building: 'Stone House',
        floor: '1',
        governorate: 'mount_lebanon',
      },
      items: [{ product_id: product.id, quantity: 1 }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);

  // The list: filtered to customers with an account, the pill beside the name.
  await signInAsAdmin();
  await page.goto(`/admin/customers?has_account=true&search=${encodeURIComponent(stamp)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect(page.getByLabel('Account')).toHaveValue('true');
  const link = page.getByRole('main').getByRole('link', { name });
  await expect(link).toBeVisible();
  await expect(page.getByRole('main').getByText('Account', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('main').getByText(formatPhoneForDisplay(phone)).first()).toBeVisible();
  await shot(page, 'customers-list');
  // On a phone the shop's name in the top bar shortens rather than running under the bell.
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const brand = await page.locator('header a[href="/admin"]').boundingBox();
  const bell = await page.locator('header button[aria-label^="Notifications"]').boundingBox();
  expect(brand && bell && brand.x + brand.width <= bell.x, JSON.stringify({ brand, bell })).toBe(true);
  if (size) await page.setViewportSize(size);

  // The customer's screen: the account card.
  await link.click();
  const card = page.getByRole('region', { name: 'Account' });
  await expect(card).toBeVisible();
  await expect(card.getByText(email)).toBeVisible();
  await expect(card.getByText(formatPhoneForDisplay(phone))).toBeVisible();
  await expect(card.getByText('Verified', { exact: true })).toHaveCount(1);
  await expect(card.getByText('Not verified', { exact: true })).toHaveCount(1);
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await expect(card.getByText('Never')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Resend verification email' })).toHaveCount(0);
  await page
    .locator('main .animate-pulse')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await shot(page, 'customer-detail');

  // Resend: a new code goes to the unverified phone.
  const seenTexts = new Set(await outboxMessages('text'));
  await card.getByRole('button', { name: 'Resend verification code' }).click();
  await expect(page.getByText('Verification code sent')).toBeVisible();
  expect(await waitForMessage('text', phone, seenTexts)).toMatch(/code is \d{6}/);

  // Disable: after a confirm; the shopper's session ends at once.
  expect((await page.request.get('/api/account/user', { headers: auth })).status()).toBe(200);
  await card.getByRole('button', { name: 'Disable account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disable account' }).click();
  await expect(page.getByText(`${name}'s account is disabled`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Enable account' })).toBeVisible();
  expect((await page.request.get('/api/account/user', { headers: auth })).status()).toBe(401);
  const refused = await page.request.post('/api/account/token', {
    data: { grant_type: 'password', email, password: PASSWORD },
  });
  expect(refused.status()).toBeGreaterThanOrEqual(400);

  // Enable: the shopper signs in again.
  await card.getByRole('button', { name: 'Enable account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Enable account' }).click();
  await expect(card.getByRole('button', { name: 'Disable account' })).toBeVisible();
  const again = await page.request.post('/api/account/token', {
    data: { grant_type: 'password', email, password: PASSWORD },
  });
  expect(again.status(), await again.text()).toBe(200);
});
