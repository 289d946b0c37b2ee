import { E2E_ADMIN, expect, type Page, test } from './test.ts';

/**
 * What a merchant hits on a busy machine (issue 32): the rich-text editor's screens, a session that
 * expires while the panel is open, and a deep link's page load.
 */

/**
 * Every error of the page, so a test can assert there was none: uncaught ones, and the ones React
 * reports to the console when an error boundary caught them (the screen then shows its message).
 */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /TypeError|Cannot read properties/.test(message.text()))
      errors.push(message.text());
  });
  return errors;
}

/**
 * A busy machine in one rule: a 1 ms timer is due before the page's next task runs. On a loaded
 * 2-core server that is what happens between React drawing a screen and running its effects
 * (a separate task); here the timer runs as soon as the current task ends, every time, so the
 * race the editor lost by timing is lost on every load.
 */
async function oneMillisecondTimersFireFirst(page: Page) {
  await page.addInitScript(() => {
    const later = window.setTimeout.bind(window);
    const cancelled = new Set<number>();
    let next = 1_000_000_000;
    const clear = window.clearTimeout.bind(window);
    window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
      if (delay !== 1 || typeof handler !== 'function') return later(handler, delay, ...args);
      const id = next++;
      queueMicrotask(() => {
        if (!cancelled.delete(id)) handler(...args);
      });
      return id;
    }) as typeof window.setTimeout;
    window.clearTimeout = ((id?: number) => {
      if (id !== undefined && id >= 1_000_000_000) cancelled.add(id);
      else clear(id);
    }) as typeof window.clearTimeout;
  });
}

const contentEditor = (page: Page) => page.getByRole('textbox', { name: 'Content' });

/**
 * Waits until the editor is shown or the screen has failed, then says which: a crash fails at once
 * with its error instead of a timeout.
 */
async function expectEditorShown(page: Page, errors: string[], where: string) {
  const failed = page.getByText(/Unable to load this page|could not be shown/);
  await expect(contentEditor(page).or(failed)).toBeVisible();
  expect(errors, where).toEqual([]);
  await expect(failed).toHaveCount(0);
  await expect(contentEditor(page)).toBeVisible();
}

// Before the fix: "Cannot read properties of undefined (reading 'words')" on the first load, every time.
test('the rich-text editor opens, closes and reopens on a busy machine without an error', async ({
  page,
  signInAsAdmin,
}) => {
  await oneMillisecondTimersFireFirst(page);
  await signInAsAdmin();
  const errors = pageErrors(page);

  // Direct loads: the editor's chunk arrives while the page is still busy drawing.
  for (const path of ['/admin/blog/new', '/admin/pages/about', '/admin/pages/warranty']) {
    await page.goto(path);
    await expectEditorShown(page, errors, path);
  }

  // Opened from the lists and left again quickly, several times.
  for (let round = 0; round < 3; round += 1) {
    await page.getByRole('complementary').getByRole('link', { name: 'Blog' }).click();
    await page.getByRole('link', { name: 'New post' }).first().click();
    await expectEditorShown(page, errors, `new post, round ${round}`);
    await page.getByRole('complementary').getByRole('link', { name: 'Pages' }).click();
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Edit About/ })
      .click();
    await expectEditorShown(page, errors, `about, round ${round}`);
    await page.goBack();
    await page.goForward();
    await expectEditorShown(page, errors, `about again, round ${round}`);
  }
  await expect(page.getByText('Unable to load this page')).toHaveCount(0);
  await expect(page.getByRole('complementary').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('an expired session shows the sign-in form at once, then returns to the page the admin was on', async ({
  page,
  signInAsAdmin,
}) => {
  // Its own session: this test ends it.
  await signInAsAdmin({ ownSession: true });
  await page.getByRole('complementary').getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();

  // The session runs out while the panel is open: the access token has expired and the server no
  // longer knows the refresh token (as after its 7 days, or a sign-out on another device).
  await page.evaluate(() => {
    localStorage.setItem('cedar-admin-token-expiry', String(Date.now() - 1000));
    localStorage.setItem('cedar-admin-refresh-token', 'a-refresh-token-the-server-forgot');
  });
  await page.getByRole('complementary').getByRole('link', { name: 'Orders' }).click();

  // Straight to the form at the hidden address, without a reload and never the shop's 404.
  await expect(page.getByRole('heading', { level: 1, name: /Sign in to/ })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${E2E_ADMIN.signInPath}$`));
  await expect(page.getByRole('status').filter({ hasText: 'Your session has expired' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Email' }).fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
});

test('an admin’s deep links load without a failed request in the console', async ({ page, signInAsAdmin }) => {
  await signInAsAdmin();
  const failures: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  for (const [path, heading] of [
    ['/admin/orders', 'Orders'],
    ['/admin/customers', 'Customers'],
    ['/admin/pages/about', /About/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  expect(failures).toEqual([]);
});
