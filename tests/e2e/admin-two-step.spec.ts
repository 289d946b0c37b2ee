import { generate } from 'otplib';
import { E2E_TWO_STEP_STAFF } from '../helpers/e2e-accounts.ts';
import { axeViolations } from './axe.ts';
import { E2E_ADMIN, expect, type Page, test } from './test.ts';

/**
 * Staff two-step sign-in end to end (docs/product.md#staff-two-step-sign-in): turn it on from the
 * Security page with the key shown there, sign out, sign in with a code the test computes from
 * that key (otplib, as an authenticator app would), then with a backup code, which works once.
 * On a staff account of this project's own (tests/helpers/e2e-accounts.ts): the demo admin the
 * other specs sign in as never gets a second step. The test turns it off again at the end.
 */

const SIGN_IN_PATH = E2E_ADMIN.signInPath;

/** The authenticator's code `stepsAhead` periods from now: a code already accepted (its step) is refused. */
const codeFor = (secret: string, stepsAhead: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

async function enterPassword(page: Page, email: string): Promise<void> {
  await page.goto(SIGN_IN_PATH);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_TWO_STEP_STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function expectDashboard(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Sign in to/ })).toBeVisible();
}

test('turns on two-step sign-in, then signs in with a code and with a backup code (once)', async ({ page }) => {
  // Four sign-ins and an enrolment: more than one page's budget on the shared machine.
  test.setTimeout(120_000);
  const email = E2E_TWO_STEP_STAFF.emailFor(test.info().project.name);

  await enterPassword(page, email);
  await expectDashboard(page);
  await page.goto('/admin/security');
  const card = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Set up' }).click();

  await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = ((await card.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const codes = card.getByTestId('backup-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const backupCode = (await codes.nth(0).textContent()) ?? '';
  expect(backupCode).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  const spareBackupCode = (await codes.nth(1).textContent()) ?? '';
  expect(await axeViolations(page, { include: '[data-testid="two-step-card"]' })).toEqual([]);
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('admin-backup-codes.txt');

  // A wrong code first: refused in the server's words, nothing turned on.
  await card.getByLabel('Code from the app').fill('000000');
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByText(/This code is not right/)).toBeVisible();
  await card.getByLabel('Code from the app').fill(await codeFor(secret, 0));
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByText('10 of 10')).toBeVisible();

  // Password, then the authenticator's next code.
  await signOut(page);
  await enterPassword(page, email);
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeVisible();
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  expect(await axeViolations(page)).toEqual([]);
  await codeField.fill(await codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expectDashboard(page);

  // Password, then a backup code.
  await signOut(page);
  await enterPassword(page, email);
  await page.getByRole('button', { name: 'Use a backup code' }).click();
  await page.getByLabel('Backup code').fill(backupCode);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expectDashboard(page);

  // The same backup code again: refused.
  await signOut(page);
  await enterPassword(page, email);
  await page.getByRole('button', { name: 'Use a backup code' }).click();
  await page.getByLabel('Backup code').fill(backupCode);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('This code is not right');
  await expect(page).toHaveURL(new RegExp(`${SIGN_IN_PATH}$`));

  // Leave the account as it was: in with another backup code, then two-step sign-in off.
  await page.getByLabel('Backup code').fill(spareBackupCode);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expectDashboard(page);
  await page.goto('/admin/security');
  await expect(card.getByText('8 of 10')).toBeVisible();
  await card.getByRole('button', { name: 'Turn off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off two-step sign-in' });
  await dialog.getByRole('radio', { name: 'Your password' }).check();
  await dialog.getByLabel('Password', { exact: true }).fill(E2E_TWO_STEP_STAFF.password);
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
});
