import { SignJWT } from 'jose';
import { axeViolations } from './axe.ts';
import { postReview, productBySlug, signUpShopper } from './review-helpers.ts';
import { E2E_ADMIN, expect, openInApp, type Page, test } from './test.ts';

const { signInPath: SIGN_IN_PATH, email: ADMIN_EMAIL, password: ADMIN_PASSWORD } = E2E_ADMIN;
/** Matches playwright.config.ts's server environment. */
const JWT_SECRET = 'e2e-jwt-secret-that-is-at-least-32-characters';

/** The sidebar on desktop, the menu drawer on phones. */
async function openSection(page: Page, name: string) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('dialog', { name: 'Admin menu' }).getByRole('link', { name }).click();
  } else {
    await page.getByRole('complementary').getByRole('link', { name }).click();
  }
}

const stored = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);

test('/admin without a session is the storefront’s not-found page, and no public page names the sign-in route', async ({
  page,
  request,
}) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible(); // the storefront header, not an admin screen
  for (const path of ['/', '/store', '/admin', '/admin/users']) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain(SIGN_IN_PATH.slice(1));
  }
});

test('sign in through the hidden route: wrong password, then the dashboard; reload stays signed in; sign out', async ({
  page,
}) => {
  await page.goto(SIGN_IN_PATH);
  await expect(page.getByRole('heading', { level: 1, name: /Sign in to/ })).toBeVisible();
  // Typed carelessly: the form trims and lowercases it.
  await page.getByRole('textbox', { name: 'Email' }).fill(` ${ADMIN_EMAIL.toUpperCase()} `);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(new RegExp(`${SIGN_IN_PATH}$`));

  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await expect(page.getByRole('alert')).toHaveCount(0); // typing clears the error
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Orders today')).toBeVisible();
  await expect(page.getByText('Low stock', { exact: true })).toBeVisible();
  expect(await stored(page, 'cedar-admin-refresh-token')).toBeTruthy();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(new RegExp(`${SIGN_IN_PATH}$`));
  // The form at once, without a reload (the panel's page has no sign-in tag of the server's).
  await expect(page.getByRole('heading', { level: 1, name: /Sign in to/ })).toBeVisible();
  await expect(page.getByText('Your session has expired')).toHaveCount(0);
  expect(await stored(page, 'cedar-admin-token')).toBeNull();
  expect(await stored(page, 'cedar-admin-refresh-token')).toBeNull();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('a token that expires mid-session is refreshed silently, before the call and after a TOKEN_EXPIRED', async ({
  page,
  signInAsAdmin,
}) => {
  // Its own session: the refreshes below rotate the refresh token of the session they use.
  await signInAsAdmin({ ownSession: true });
  const refreshes: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/auth/refresh')) refreshes.push(response.status());
  });

  // 1. The stored expiry says "within 5 minutes": the next call refreshes first.
  const firstRefreshToken = await stored(page, 'cedar-admin-refresh-token');
  await page.evaluate(() => localStorage.setItem('cedar-admin-token-expiry', String(Date.now() + 60_000)));
  await openSection(page, 'Staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await expect(page.getByRole('main').getByText(ADMIN_EMAIL, { exact: true })).toBeVisible(); // a cell, or a card on phones
  expect(refreshes).toEqual([200]);
  expect(await stored(page, 'cedar-admin-refresh-token')).not.toBe(firstRefreshToken);

  // 2. The server says the token expired (the browser's clock disagreed): refresh once, retry once.
  const token = (await stored(page, 'cedar-admin-token')) ?? '';
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
  const { iat: _iat, exp: _exp, ...rest } = claims;
  const expired = await new SignJWT(rest)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(new TextEncoder().encode(JWT_SECRET));
  await page.evaluate((value) => localStorage.setItem('cedar-admin-token', value), expired);
  await page.getByRole('combobox', { name: 'Role' }).selectOption('super_admin'); // a new query, so a call
  await expect(page.getByRole('main').getByText(ADMIN_EMAIL, { exact: true })).toBeVisible(); // a cell, or a card on phones
  await expect.poll(() => refreshes).toEqual([200, 200]);
  expect(await stored(page, 'cedar-admin-token')).not.toBe(expired);
  await expect(page).toHaveURL(/\/admin\/users\?role=super_admin$/);
});

test('the users list shows staff only: shoppers stay in Customers', async ({
  page,
  request,
  signInAsAdmin,
}, testInfo) => {
  const email = `shopper-${testInfo.project.name}-${Date.now()}@example.com`;
  const registered = await request.post('/api/account/signup', {
    data: { email, password: 'cedar-Shopper-2026!', name: `Shopper ${testInfo.project.name}` },
  });
  expect(registered.status()).toBe(201);

  await signInAsAdmin();
  await page.goto(`/admin/users?search=${encodeURIComponent(email)}`);
  await expect(page.getByText('No staff members match')).toBeVisible();
  const roles = page.getByRole('combobox', { name: 'Role' });
  await expect(roles.locator('option')).toHaveText(['All roles', 'Super admins', 'Admins']);
});

test('the sidebar: collapsed on desktop and remembered; a drawer on phones', async ({
  page,
  isMobile,
  signInAsAdmin,
}) => {
  await signInAsAdmin();
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Admin menu' });
    await drawer.getByRole('link', { name: 'Account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expect(drawer).toBeHidden();
    return;
  }
  const sidebar = page.getByRole('complementary');
  await sidebar.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(sidebar.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('complementary').getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await page.getByRole('complementary').getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(page.getByText(ADMIN_EMAIL)).toBeVisible();
  await page.getByRole('complementary').getByRole('button', { name: 'Expand sidebar' }).click();
});

// One test per colour mode and group of screens: each has its own time limit, and they run side by
// side. The phone project runs the light ones (playwright.config.ts: colour modes are not a layout matter).
const AXE_SCREENS = {
  'shop screens': [
    ['/admin', 'Dashboard'],
    ['/admin/products', 'Products'],
    ['/admin/products/new', 'New product'],
    ['/admin/categories', 'Categories'],
    ['/admin/reviews', 'Reviews'],
    ['/admin/users', 'Staff'],
    ['/admin/security', 'Security'],
    ['/admin/account', 'Account'],
  ],
  'analytics screens': [
    ['/admin/analytics', 'Analytics'],
    ['/admin/reports', 'Reports'],
  ],
  'content screens': [
    ['/admin/blog', 'Blog'],
    ['/admin/blog/new', 'New post'],
    ['/admin/blog/categories', 'Blog categories'],
    ['/admin/pages', 'Pages'],
    ['/admin/pages/about', /./],
  ],
} as const;

for (const theme of ['light', 'dark'] as const) {
  for (const [group, screens] of Object.entries(AXE_SCREENS)) {
    test(`the admin ${group} pass an axe scan in ${theme}`, async ({ page, request, signInAsAdmin }) => {
      test.setTimeout(180_000);
      if (group === 'shop screens') {
        // At least one order, so the dashboard shows its orders table (not only the empty state).
        const product = (await (await request.get('/api/products/raspberry-pi-pico-w')).json()) as {
          data: { id: string };
        };
        const order = await request.post('/api/orders', {
          data: {
            items: [{ product_id: product.data.id, quantity: 1 }],
            customer: { name: 'Axe Scan', phone: '03 123 456' },
            shipping_address: { city: 'Beirut', street: 'Bliss Street', governorate: 'beirut' },
          },
        });
        expect(order.status(), await order.text()).toBe(201);
        // A review waiting, so the reviews screen shows its list (not only the empty state).
        const reviewed = await productBySlug(request, 'esp32-cam-ov2640');
        await postReview(request, await signUpShopper(request, `Axe ${theme}`), reviewed.id, {
          rating: 4,
          title: 'Good camera for the price',
          comment: 'Needs a steady 5 V supply.',
          pros: ['Cheap'],
          cons: [],
        });
      }
      await signInAsAdmin();
      await page.evaluate(
        (value) => localStorage.setItem('preferences-storage', JSON.stringify({ state: { theme: value }, version: 1 })),
        theme,
      );
      // The theme is read when the app starts; the screens after it are opened in the app.
      await page.reload();
      for (const [path, heading] of screens) {
        await openInApp(page, path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.locator('.animate-pulse, [aria-hidden="true"].card')).toHaveCount(0);
        if (path === '/admin') await expect(page.getByLabel('Latest orders', { exact: true })).toBeVisible();
        // Live toasts (this test's order, and orders other tests move meanwhile) fade in: one caught
        // mid-fade is measured half-transparent and fails contrast. The toasts' own colours are
        // the shop's tokens (errors/sonner-toaster.tsx); the screens are what this scan checks.
        expect(await axeViolations(page, { exclude: '[data-sonner-toaster]' }), `${path} in ${theme}`).toEqual([]);
      }
    });
  }
}
