import { axeViolations } from './axe.ts';
import { decodeMail, waitForMessage } from './outbox-helpers.ts';
import { E2E_ADMIN, expect, test } from './test.ts';

/**
 * Staff accounts (docs/product.md#staff-accounts), end to end: the demo admin invites a second
 * admin from the Staff page, the invitation is read from the outbox, its link opens the hidden
 * sign-in route where the new admin sets a password and signs in; then the first admin removes
 * them, and their session ends at once. Each project uses its own email (the outbox is shared).
 */
test('a second admin is invited, accepts from the mail, signs in, and is removed: their session ends', async ({
  page,
  browser,
  signInAsAdmin,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = `staff-${testInfo.project.name}-${Date.now()}@cedar.test`;
  const name = `Second Admin ${testInfo.project.name}`;
  const password = 'Cedar-Ledger-Walnut-2026!';

  await signInAsAdmin();
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await page.getByRole('button', { name: 'Invite staff' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite staff' });
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('Name').fill(name);
  await invite.getByLabel('Role').selectOption('admin');
  expect(await axeViolations(page, { include: 'dialog[open]' })).toEqual([]);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toBeHidden();
  const pending = page.getByRole('region', { name: 'Pending invitations' });
  await expect(pending.getByText(email, { exact: true })).toBeVisible();

  // The mail, as the new admin receives it: a link to the hidden sign-in route.
  const mail = decodeMail(await waitForMessage('mail', email));
  expect(mail).toMatch(/invited/i);
  const link = mail.match(new RegExp(`https?://\\S*${E2E_ADMIN.signInPath}\\?invitation=[A-Za-z0-9_-]+`))?.[0];
  expect(link, mail).toBeTruthy();
  const url = new URL(link as string);

  // The new admin, in a browser of their own.
  const theirs = await browser.newContext({
    ...testInfo.project.use,
    baseURL: new URL(page.url()).origin,
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  });
  try {
    const invitee = await theirs.newPage();
    await invitee.goto(url.pathname + url.search);
    await expect(invitee.getByRole('heading', { level: 1, name: /^You're invited to .+ as admin$/ })).toBeVisible();
    await expect(invitee.getByText(email)).toBeVisible();
    await expect(invitee.getByLabel('Your name')).toHaveValue(name);
    expect(await axeViolations(invitee)).toEqual([]);
    await invitee.getByLabel('Password', { exact: true }).fill(password);
    await invitee.getByLabel('Confirm password').fill(password);
    await invitee.getByRole('button', { name: 'Create my account' }).click();

    // Then the normal sign-in, with the email filled in.
    await expect(invitee.getByRole('heading', { level: 1, name: /^Sign in to/ })).toBeVisible();
    await expect(invitee.getByRole('status')).toHaveText('Your account is ready. Sign in with your new password.');
    await expect(invitee).toHaveURL(new RegExp(`${E2E_ADMIN.signInPath}$`));
    await expect(invitee.getByLabel('Email')).toHaveValue(email);
    await invitee.getByLabel('Password', { exact: true }).fill(password);
    await invitee.getByRole('button', { name: 'Sign in' }).click();
    await expect(invitee.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // The first admin sees them on the Staff page, and removes them.
    await page.goto(`/admin/users?search=${encodeURIComponent(email)}`);
    await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible();
    await expect(pending.getByText(email, { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: `Remove ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Remove ${name}?` });
    await expect(confirm).toContainText('their sessions end at once');
    await confirm.getByRole('button', { name: 'Remove staff member' }).click();
    await expect(page.getByText(`${name} was removed`)).toBeVisible();
    await expect(page.getByText('No staff members match')).toBeVisible();

    // Their panel finds the session gone, back at the sign-in form: at their next step, or already
    // when the removal reached it live (the server drops their socket at once, and on a busy
    // machine that can come first). One turn of the page's own script decides which, so the test
    // never moves a panel that has just signed out.
    await invitee.evaluate(
      ({ target, signIn }) => {
        if (window.location.pathname === signIn) return;
        window.history.pushState(null, '', target);
        window.dispatchEvent(new PopStateEvent('popstate'));
      },
      { target: '/admin/orders', signIn: E2E_ADMIN.signInPath },
    );
    await expect(invitee.getByRole('heading', { level: 1, name: /^Sign in to/ })).toBeVisible();
    await expect(invitee.getByRole('status').filter({ hasText: 'Your session has expired' })).toBeVisible();
    // And their password no longer opens anything.
    await invitee.getByLabel('Email').fill(email);
    await invitee.getByLabel('Password', { exact: true }).fill(password);
    await invitee.getByRole('button', { name: 'Sign in' }).click();
    await expect(invitee.getByRole('alert')).toContainText('Invalid email or password');
  } finally {
    await theirs.close();
  }
});
