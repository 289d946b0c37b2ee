import { waitForMessage } from './outbox-helpers.ts';
import { uniqueStamp } from './promo-helpers.ts';
import { expect, type Page, test } from './test.ts';

/**
 * Issue 33, the admin's Settings screen (docs/product.md#shop-settings): the Store tab's phone is
 * edited, saved and still there after a reload (then put back: the phone is shown shop-wide, so
 * the test is @shop-wide); the Email tab sends a test email, which without SMTP goes to the outbox
 * and says so. Every tab is drawn (screenshots at the project's width).
 */

const main = (page: Page) => page.getByRole('main');

test('an admin edits the shop phone, and sends a test email to the outbox @shop-wide', async ({
  page,
  signInAsAdmin,
}) => {
  await signInAsAdmin();
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const phone = main(page).getByRole('textbox', { name: 'Phone' });
  const before = await phone.inputValue();
  try {
    // The contract's rule is checked before sending, and shown under the field.
    await phone.fill('12');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(main(page).getByText(/Phone must be a phone number/)).toBeVisible();
    await phone.fill('+961 3 555 019');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(main(page).getByText('All changes saved')).toBeVisible();
    await page.reload();
    await expect(main(page).getByRole('textbox', { name: 'Phone' })).toHaveValue('+961 3 555 019');
  } finally {
    await main(page).getByRole('textbox', { name: 'Phone' }).fill(before);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(main(page).getByText('All changes saved')).toBeVisible();
  }

  // Email: no SMTP server in the e2e shop, so the test email is written to the outbox.
  await main(page).getByRole('link', { name: 'Email' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/email$/);
  await main(page).getByRole('button', { name: 'Send a test email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a test email' });
  const to = `settings-${uniqueStamp()}@example.com`.toLowerCase();
  await dialog.getByRole('textbox', { name: 'Send to' }).fill(to);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('status')).toContainText('written to the outbox folder');
  expect(await waitForMessage('mail', to)).toContain('Subject: Test email from');
  await dialog.getByRole('button', { name: 'Close' }).click();
});

test('every settings tab is drawn', async ({ page, signInAsAdmin }, testInfo) => {
  await signInAsAdmin();
  for (const [section, field] of [
    ['site', 'Shop name'],
    ['payment', 'Name at checkout'],
    ['shipping', 'Free delivery from ($)'],
    ['tax', 'Tax name'],
    ['email', 'Sender name'],
    ['system', 'Staff stay signed in for'],
  ] as const) {
    await page.goto(`/admin/settings/${section}`);
    await expect(main(page).getByRole('textbox', { name: field }).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`settings-${section}.png`), fullPage: true });
  }
});
