import { formatPhoneForDisplay as formatPhone } from '#shared/phone-format.ts';
import { axeViolations } from './axe.ts';
import { decodeMail, outboxMessages, waitForMessage } from './outbox-helpers.ts';
import { expect, type Page, test } from './test.ts';

/**
 * Shopper sign-up, phone verification, password recovery by email link, and the /login page's
 * accessibility (docs/product.md#shopper-accounts). Codes and links are read from the e2e server's
 * outbox; several workers share it, so every test uses its own email and phone number.
 */
const PASSWORD = 'cedar-grove-2026';

// Each flow is several pages and two messages long: more than the default 90 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

function uniquePhone(): { typed: string; e164: string } {
  const digits = String(Math.floor(100_000 + Math.random() * 900_000));
  return { typed: `03 ${digits}`, e164: `+9613${digits}` };
}

const uniqueEmail = (tag: string, project: string) =>
  `${tag}-${project}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function fillSignUp(page: Page, contact: string, name: string) {
  await page.goto('/login?mode=signup');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email or phone number').fill(contact);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

async function signUp(page: Page, contact: string, name: string) {
  await fillSignUp(page, contact, name);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
}

/** The 6-digit code of the newest text to `phone` not in `seen`. */
async function codeTextedTo(phone: string, seen: Set<string>): Promise<string> {
  const message = await waitForMessage('text', phone, seen);
  const code = message.match(/\b(\d{6})\b/)?.[1];
  expect(code, message).toBeTruthy();
  return code as string;
}

test('a phone sign-up asks for the code it texted right there, and the phone is verified', async ({ page }, info) => {
  const phone = uniquePhone();
  const seen = new Set(await outboxMessages('text'));
  await fillSignUp(page, phone.typed, `Phone shopper ${info.project.name}`);

  // Signed in, but asked for the code first; the number as people read it (+961 3 123 456).
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your phone' })).toBeVisible();
  await expect(page.getByText(formatPhone(phone.e164))).toBeVisible();
  const codeField = page.getByLabel('6-digit code');
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  // "Send again" opens 60 s after the code the sign-up sent.
  await expect(page.getByRole('button', { name: 'Send again' })).toBeDisabled();
  await expect(page.getByText(/You can ask for a new code in 0:5\d|1:00/)).toBeVisible();

  const code = await codeTextedTo(phone.e164, seen);
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify phone' }).click();
  await expect(page.getByText('This code is wrong or has expired')).toBeVisible();
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Verify phone' }).click();

  await expect(page).toHaveURL(/\/account$/);
  const details = page.getByRole('region', { name: 'Your details' });
  await expect(details.getByText(formatPhone(phone.e164))).toBeVisible();
  await expect(details.getByText('Verified')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Verify your phone' })).toHaveCount(0);
});

test('a shopper who skips the code verifies the phone later from the profile, then signs in again', async ({
  page,
}, info) => {
  const phone = uniquePhone();
  await fillSignUp(page, phone.typed, `Later shopper ${info.project.name}`);
  await page.getByRole('button', { name: 'Not now, verify later' }).click();
  await expect(page).toHaveURL(/\/account$/);
  const details = page.getByRole('region', { name: 'Your details' });
  await expect(details.getByText(formatPhone(phone.e164))).toBeVisible();
  await expect(details.getByText('Not verified')).toBeVisible();

  const seen = new Set(await outboxMessages('text'));
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: 'Send again' })).toBeDisabled();
  const code = await codeTextedTo(phone.e164, seen);

  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify phone' }).click();
  await expect(details.getByText('Verified')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Verify your phone' })).toHaveCount(0);

  // Signing out ends the session here; signing in again by password brings the profile back.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount/);
  await page.getByLabel('Email or phone number').fill(phone.typed);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid login credentials');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('region', { name: 'Your details' }).getByText('Verified')).toBeVisible();
});

test('changing the email on the profile asks for the current password', async ({ page }, info) => {
  const email = uniqueEmail('change', info.project.name);
  await signUp(page, email, 'Changing shopper');
  await page.getByRole('button', { name: 'Edit details' }).click();
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  await page.getByLabel('Email').fill(uniqueEmail('changed', info.project.name));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Enter your current password to change your email or phone')).toBeVisible();
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(/^Saved\. Next, we sent a link to confirm your new email/)).toBeVisible();
});

test('a shopper recovers a password by the email link and signs in with the new one', async ({ page }, info) => {
  const email = uniqueEmail('recover', info.project.name);
  await signUp(page, email, 'Recovering shopper');
  // Recovery goes only to a proved email (decision 018): the sign-up's link proves it, opened here
  // where the shopper is signed in, so the password chosen at sign-up stays.
  const signUpMail = decodeMail(await waitForMessage('mail', email));
  const verifyLink = signUpMail.match(/https?:\/\/\S*\/account\/verify-email\?token=[^\s"<>]+/)?.[0];
  expect(verifyLink, signUpMail).toBeTruthy();
  const verifyUrl = new URL(verifyLink as string);
  await page.goto(`${verifyUrl.pathname}${verifyUrl.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your email is confirmed' })).toBeVisible();
  await page.goto('/account');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeFocused();
  const seen = new Set(await outboxMessages('mail'));
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();

  const mail = decodeMail(await waitForMessage('mail', email, seen));
  const link = mail.match(/https?:\/\/\S*\/login\/reset\?token=[^\s"<>]+/)?.[0];
  expect(link, mail).toBeTruthy();
  const url = new URL(link as string);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  const newPassword = 'river-stone-7781';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();

  await expect(page.getByText('Your password has been changed')).toBeVisible();
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('region', { name: 'Your details' }).getByText(email)).toBeVisible();
});

for (const [mode, heading] of [
  ['', 'Sign in'],
  ['?mode=signup', 'Create your account'],
  ['?mode=forgot', 'Reset your password'],
] as const) {
  test(`the sign-in page passes axe: ${heading}`, async ({ page }) => {
    await page.goto(`/login${mode}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
