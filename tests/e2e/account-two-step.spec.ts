import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { expect, type Page, test } from './test.ts';

/**
 * Two-step sign-in end to end (docs/product.md#two-step-sign-in): turn it on from the Security
 * section with the key shown on screen, keep the backup codes, then sign in again with the
 * password and a code from the "authenticator" (otplib here), and find this device in the list.
 */
const PASSWORD = 'cedar-Two-step-2026!';
const SESSION_KEY = 'cedar-shopper-session';

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto('/');
  const response = await page.request.post('/api/account/signup', { data: { email, password: PASSWORD } });
  expect(response.status()).toBe(201);
  const { session } = (await response.json()).data;
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: SESSION_KEY,
    value: JSON.stringify(session),
  });
}

test('turns on two-step sign-in and signs in again with a code', async ({ page }) => {
  // Two full sign-ins and an enrolment: longer than one page's budget on the shared CI machine.
  test.setTimeout(90_000);
  const email = `two-step-${randomUUID().slice(0, 8)}@example.com`;
  await signUp(page, email);
  await page.goto('/account/security');

  const card = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = ((await card.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  // A wrong code first: refused with the server's words, nothing turned on.
  await card.getByLabel('Code from the app').fill('000000');
  await card.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(card.getByRole('alert')).toContainText('This code is not right');

  await card.getByLabel('Code from the app').fill(await generate({ secret }));
  await card.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const codes = card.getByTestId('backup-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const backupCode = (await codes.first().textContent()) ?? '';
  expect(backupCode).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  const done = card.getByRole('button', { name: 'Done' });
  await expect(done).toBeDisabled();
  await card.getByLabel('I saved my backup codes').check();
  await done.click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Turn off' })).toBeVisible();

  // Sign out (this browser forgets the session) and sign in again: password, then the code.
  await page.evaluate((key) => localStorage.removeItem(key), SESSION_KEY);
  await page.goto('/login?next=/account/security');
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible();

  // A wrong code is refused; the next 30 s period's code (one step of drift is allowed) is never
  // the one the enrolment used, so the replay rule does not bite.
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await codeField.fill('123');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('6-digit code');
  await codeField.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();

  await expect(page).toHaveURL(/\/account\/security$/);
  const devices = page.getByRole('list', { name: 'Signed-in devices' });
  await expect(devices.getByText('This device')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Two-step sign-in' }).getByText('On', { exact: true })).toBeVisible();
});

test('signs in with a backup code instead, once', async ({ page }) => {
  const email = `two-step-backup-${randomUUID().slice(0, 8)}@example.com`;
  await signUp(page, email);
  const session = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)) ?? '{}');
  const headers = { authorization: `Bearer ${session.access_token}` };
  const enrol = await (await page.request.post('/api/account/factors', { headers })).json();
  const verified = await page.request.post('/api/account/factors/verify', {
    headers,
    data: { code: await generate({ secret: enrol.data.secret }) },
  });
  const [backupCode] = (await verified.json()).data.backup_codes as string[];
  await page.evaluate((key) => localStorage.removeItem(key), SESSION_KEY);

  await page.goto('/login');
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Use a backup code instead' }).click();
  await page.getByLabel('Backup code').fill(backupCode ?? '');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/account/);
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
});
