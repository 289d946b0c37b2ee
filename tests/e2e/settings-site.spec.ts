import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN, expect, test } from './test.ts';

/**
 * The shop's settings take effect at once on the storefront (docs/product.md#shop-settings): the
 * name in the header, the title and the web app manifest; Lebanese-pound prices; maintenance mode
 * while the admin keeps working; the logo in the header and the social links in the footer. Tagged @shop-wide: they change what every other test sees, so they
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

/** A wide logo as a real PNG (the server sniffs the bytes): a cedar-green mark and the shop's name. */
async function logoPng() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="160">
    <rect x="8" y="8" width="144" height="144" rx="32" fill="#166534"/>
    <path d="M80 28 44 76h16l-24 32h24l-28 32h96l-28-32h24l-24-32h16z" fill="#fff"/>
    <text x="176" y="108" font-family="sans-serif" font-size="72" font-weight="700" fill="#166534">Byblos</text>
  </svg>`;
  const buffer = await sharp(Buffer.from(svg)).png().toBuffer();
  return { name: 'logo.png', mimeType: 'image/png', buffer };
}

test('a logo and an Instagram link set in Settings show in the storefront header and footer @shop-wide', async ({
  page,
  request,
  signInAsAdmin,
}, testInfo) => {
  const settings = await settingsApi(request);
  await signInAsAdmin();
  try {
    await page.goto('/admin/settings');
    const main = page.getByRole('main');
    await main.getByLabel(/^Upload image/).setInputFiles(await logoPng());
    await expect(main.getByText('Replace image')).toBeVisible();
    await main.getByRole('textbox', { name: 'Instagram' }).fill('https://instagram.com/byblosgadgets');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(main.getByText('All changes saved')).toBeVisible();
    const shopName = await main.getByRole('textbox', { name: 'Shop name' }).inputValue();

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const logo = page.getByRole('banner').getByRole('img', { name: shopName });
      await expect(logo).toBeVisible();
      await expect(logo).toHaveAttribute('src', /^\/uploads\/.+\.webp$/);
      // Drawn by the server with its box: nothing moves when the picture arrives.
      expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await logo.boundingBox()).toMatchObject({ width: 160, height: 40 });
      const instagram = page.getByRole('contentinfo').getByRole('link', { name: 'Instagram (opens in a new tab)' });
      await expect(instagram).toHaveAttribute('href', 'https://instagram.com/byblosgadgets');
      await expect(instagram).toHaveAttribute('rel', 'noopener noreferrer me');
      await expect(instagram).toHaveAttribute('target', '_blank');
      await page.getByRole('banner').screenshot({ path: testInfo.outputPath(`site-header-${width}.png`) });
      await instagram.scrollIntoViewIfNeeded();
      await page.getByRole('contentinfo').screenshot({ path: testInfo.outputPath(`site-footer-${width}.png`) });
    }
    // The server's drawing carries the logo: no script needed to see it.
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/<img[^>]+src="\/uploads\/[^"]+\.webp"[^>]+width="160" height="40"/);
  } finally {
    await settings.restore();
  }
});
