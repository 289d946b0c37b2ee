import type { APIRequestContext } from '@playwright/test';
import { E2E_ADMIN, expect, test } from './test.ts';

/**
 * The shop's settings take effect at once on the storefront (docs/product.md#shop-settings): the
 * name in the header, the title and the web app manifest; Lebanese-pound prices; maintenance mode
 * while the admin keeps working. Tagged @shop-wide: they change what every other test sees, so they
 * run alone, after the rest (playwright.config.ts); each puts the settings back.
 */

async function staffToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).data.token as string;
}

async function settingsApi(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await staffToken(request)}` };
  const original = (await (await request.get('/api/admin/settings', { headers })).json()).data;
  return {
    put: async (patch: object) => {
      const response = await request.put('/api/admin/settings', { headers, data: patch });
      expect(response.status(), await response.text()).toBe(200);
    },
    restore: async () => {
      const response = await request.put('/api/admin/settings', {
        headers,
        data: { site: original.site, system: original.system },
      });
      expect(response.status()).toBe(200);
    },
  };
}

test('a new shop name shows in the header, the title and the manifest at once @shop-wide', async ({
  page,
  request,
}) => {
  const settings = await settingsApi(request);
  try {
    await settings.put({ site: { shop_name: 'Byblos Gadgets' } });
    await page.goto('/');
    await expect(page).toHaveTitle(/Byblos Gadgets/);
    await expect(page.getByRole('banner')).toContainText('Byblos Gadgets');
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: 'Byblos Gadgets', short_name: 'Byblos Gadgets' });
    expect(manifest.icons.length).toBeGreaterThan(0);
  } finally {
    await settings.restore();
  }
});

test('with Lebanese pounds on, a product shows its price in LBP beside the dollars @shop-wide', async ({
  page,
  request,
}) => {
  const settings = await settingsApi(request);
  const [product] = (await (await request.get('/api/products?limit=1')).json()).data;
  try {
    await settings.put({ site: { currency_display: { show_lbp: true, lbp_rate: 89_500 } } });
    await page.goto(`/product/${product.slug}`);
    await expect(page.getByRole('main').locator('[data-lbp]').first()).toContainText(/≈ [\d,]+,000 LBP/);
  } finally {
    await settings.restore();
  }
});

test('in maintenance the storefront shows the maintenance page, the admin keeps working @shop-wide', async ({
  page,
  request,
  signInAsAdmin,
}) => {
  const settings = await settingsApi(request);
  await signInAsAdmin();
  try {
    await settings.put({ system: { maintenance_mode: true } });
    expect((await page.request.get('/store')).status()).toBe(503);
    // Not page.goto: the fixture's goto waits for React to take the page over, and the maintenance
    // page is plain HTML with no script.
    await page.evaluate(() => window.location.assign('/store'));
    await page.waitForURL('**/store');
    await expect(page.getByText('We are closed for maintenance')).toBeVisible();
    await expect(page).toHaveTitle(/Closed for maintenance/);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  } finally {
    await settings.restore();
  }
});
