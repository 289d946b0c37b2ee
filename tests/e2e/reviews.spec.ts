import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { ShopperSession } from '#shared/contracts/accounts.ts';
// biome-ignore lint/style/noRestrictedImports: the admin's storage key names, as test.ts reads them; a plain constant, no browser code runs here.
import { TOKEN_KEYS } from '#web/admin/auth/token-store.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './test.ts';

/**
 * Reviews on the storefront (docs/product.md#reviews-on-the-storefront) against the real server:
 * shoppers and their delivered orders are made through the API (sign-up, checkout with the bearer,
 * the admin's status endpoint), then the product page is used as a shopper would. Each project
 * reviews its own products, since the desktop and phone runs share one server.
 */
const PRODUCTS = {
  journey: { desktop: 'pinecil-v2-smart-soldering-iron', phone: 'knipex-self-adjusting-wire-stripper' },
  visitor: { desktop: 'ifixit-mako-precision-bit-set', phone: 'uni-t-ut33d-plus-digital-multimeter' },
  axe: { desktop: 'electrolytic-capacitor-kit-120-pcs', phone: 'tactile-push-button-kit-100-pcs' },
} as const;

const projectOf = (name: string) => (name === 'phone' ? 'phone' : 'desktop');

async function productId(request: APIRequestContext, slug: string): Promise<string> {
  const response = await request.get(`/api/products/${slug}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

async function signUp(request: APIRequestContext, name: string): Promise<ShopperSession> {
  const response = await request.post('/api/account/signup', {
    data: {
      email: `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`,
      password: 'cedar-Shopper-2026!',
      name,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { session: ShopperSession } }).data.session;
}

/**
 * The shop removes the product's demo reviews (every seeded product has some), so the journey
 * starts from a product nobody has reviewed yet. Each project has its own product.
 */
async function removeReviews(request: APIRequestContext, adminToken: string, id: string) {
  const headers = { Authorization: `Bearer ${adminToken}` };
  const listed = await request.get(`/api/admin/reviews?product_id=${id}&limit=100`, { headers });
  expect(listed.status(), await listed.text()).toBe(200);
  for (const review of ((await listed.json()) as { data: { id: string }[] }).data) {
    expect((await request.delete(`/api/admin/reviews/${review.id}`, { headers })).status()).toBe(204);
  }
}

/** An order of the product placed signed in, then taken to delivered by the shop: a verified purchase. */
async function deliveredOrder(request: APIRequestContext, adminToken: string, shopper: ShopperSession, id: string) {
  const placed = await request.post('/api/orders', {
    headers: { Authorization: `Bearer ${shopper.access_token}` },
    data: {
      items: [{ product_id: id, quantity: 1 }],
      customer: { name: shopper.user.name ?? 'Shopper', phone: '03 123 456' },
      shipping_address: { city: 'Beirut', street: 'Bliss Street', governorate: 'beirut' },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { data: { id: string } }).data.id;
  for (const status of ['confirmed', 'processing', 'shipped', 'delivered']) {
    const moved = await request.put(`/api/admin/orders/${orderId}`, {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { status },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}

/** Opens the shop signed in as `session` (the storage key the sign-in form fills). */
async function signInAs(page: Page, session: ShopperSession | null) {
  await page.goto('/robots.txt');
  await page.evaluate(
    (value) =>
      value
        ? localStorage.setItem('cedar-shopper-session', JSON.stringify(value))
        : localStorage.removeItem('cedar-shopper-session'),
    session,
  );
}

async function openReviews(page: Page, slug: string) {
  await page.goto(`/product/${slug}`);
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  const section = page.getByRole('region', { name: 'Reviews' });
  await expect(section.getByRole('status')).toHaveCount(0);
  return section;
}

test('a verified buyer writes a review, published at once with the new average; another shopper finds it helpful', async ({
  page,
  adminSession,
}, testInfo) => {
  test.setTimeout(120_000);
  const slug = PRODUCTS.journey[projectOf(testInfo.project.name)];
  const id = await productId(page.request, slug);
  const admin = await adminSession(page.request);
  const adminToken = admin.entries.find(([key]) => key === TOKEN_KEYS.accessToken)?.[1] ?? '';
  const buyer = await signUp(page.request, 'Rania');
  await deliveredOrder(page.request, adminToken, buyer, id);
  await removeReviews(page.request, adminToken, id);

  await signInAs(page, buyer);
  let section = await openReviews(page, slug);
  await expect(section).toContainText('No reviews yet. Be the first to review this product.');
  await section.getByRole('button', { name: 'Write a review' }).click();
  const form = section.getByRole('form', { name: 'Write a review' });

  // The stars are a radio group: Tab lands on it, the arrow keys choose.
  await form.getByRole('radio', { name: '1 star' }).focus();
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await form.getByRole('textbox', { name: 'Title' }).fill('Heats up in seconds');
  await form.getByRole('textbox', { name: 'Your review' }).fill('Light, hot in seconds, and the USB-C power is handy.');
  await form.getByRole('button', { name: '+ Add a pro' }).click();
  await form.getByRole('textbox', { name: 'Pros 1' }).fill('Fast');
  await form.getByRole('button', { name: '+ Add a con' }).click();
  await form.getByRole('textbox', { name: 'Cons 1' }).fill('Needs a good supply');
  await form.getByRole('button', { name: 'Submit review' }).click();

  // A verified purchase is approved at once (moderation `verified_auto`).
  await expect(page.getByText('Thanks! Your review is published.')).toBeVisible();
  const own = section.getByRole('region', { name: 'Your review' });
  await expect(own).toContainText('Published');
  await expect(own).toContainText('Verified purchase');
  await expect(section).toContainText('Based on 1 review');
  await expect(section.getByText('4.0 out of 5')).toBeVisible();
  const listed = section.getByRole('article', { name: 'Review by Rania' });
  await expect(listed).toContainText('Heats up in seconds');
  await expect(listed).toContainText('Your review');
  await expect(listed.getByRole('button')).toHaveCount(0);
  // The stars by the price follow (the product is read again).
  await expect(page.getByRole('link', { name: 'Rated 4 out of 5 1 review' })).toBeVisible();

  // Another shopper, without an order: their vote counts, and their own review waits for the shop.
  const reader = await signUp(page.request, 'Karim');
  await signInAs(page, reader);
  section = await openReviews(page, slug);
  const review = section.getByRole('article', { name: 'Review by Rania' });
  // The vote shows at once, before the server has it: reload only once it answered (on a busy
  // machine a reload in between dropped the request, and the page read the count without it).
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/helpful$/.test(new URL(response.url()).pathname),
  );
  await review.getByRole('button', { name: 'Yes (0)' }).click();
  await expect(review.getByRole('button', { name: 'Yes (1)' })).toHaveAttribute('aria-pressed', 'true');
  expect((await saved).status()).toBe(200);
  await page.reload();
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  await expect(
    page.getByRole('article', { name: 'Review by Rania' }).getByRole('button', { name: 'Yes (1)' }),
  ).toHaveAttribute('aria-pressed', 'true');

  section = page.getByRole('region', { name: 'Reviews' });
  await section.getByRole('button', { name: 'Write a review' }).click();
  const second = section.getByRole('form', { name: 'Write a review' });
  // Pointing at the second star and clicking it, as a mouse does.
  await second
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: '2 stars' }) })
    .click();
  await expect(second.getByRole('radio', { name: '2 stars' })).toBeChecked();
  await second.getByRole('button', { name: 'Submit review' }).click();
  await expect(section.getByRole('region', { name: 'Your review' })).toContainText('Awaiting approval');
  // Pending: not in the list, not in the count.
  await expect(section).toContainText('Based on 1 review');
  await expect(section.getByRole('article')).toHaveCount(1);
});

test('a visitor is asked to sign in to write or vote, and comes back to the reviews', async ({
  page,
  adminSession,
}, testInfo) => {
  test.setTimeout(90_000);
  const slug = PRODUCTS.visitor[projectOf(testInfo.project.name)];
  const id = await productId(page.request, slug);
  const admin = await adminSession(page.request);
  const adminToken = admin.entries.find(([key]) => key === TOKEN_KEYS.accessToken)?.[1] ?? '';
  const buyer = await signUp(page.request, 'Nadia');
  await deliveredOrder(page.request, adminToken, buyer, id);
  const posted = await page.request.post(`/api/reviews/products/${id}/reviews`, {
    headers: { Authorization: `Bearer ${buyer.access_token}` },
    data: { rating: 5, title: 'Every bit I needed', comment: 'Good case.\nSharp bits.', pros: ['Case'], cons: [] },
  });
  expect(posted.status(), await posted.text()).toBe(201);

  const section = await openReviews(page, slug);
  await expect(section.getByRole('article', { name: 'Review by Nadia' })).toContainText('Every bit I needed');
  const next = `/login?next=${encodeURIComponent(`/product/${slug}#reviews`)}`;
  await expect(section.getByRole('link', { name: 'Sign in to write a review' })).toHaveAttribute('href', next);
  await expect(section.getByRole('link', { name: /^Yes \(0\)\W+sign in to vote$/ })).toHaveAttribute('href', next);

  // Signing in brings the shopper back to the Reviews section, ready to write.
  const shopper = await signUp(page.request, 'Omar');
  await section.getByRole('link', { name: 'Sign in to write a review' }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.evaluate((value) => localStorage.setItem('cedar-shopper-session', JSON.stringify(value)), shopper);
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/product/${slug}#reviews$`));
  await expect(page.getByRole('button', { name: 'Write a review' })).toBeInViewport();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the Reviews section passes an axe scan in ${theme}`, async ({ page, adminSession }, testInfo) => {
    test.setTimeout(90_000);
    // Light and dark share the product: whichever runs first writes its review.
    const slug = PRODUCTS.axe[projectOf(testInfo.project.name)];
    const id = await productId(page.request, slug);
    const existing = await page.request.get(`/api/reviews/products/${id}/reviews/summary`);
    if (((await existing.json()) as { data: { total_reviews: number } }).data.total_reviews === 0) {
      const admin = await adminSession(page.request);
      const adminToken = admin.entries.find(([key]) => key === TOKEN_KEYS.accessToken)?.[1] ?? '';
      const buyer = await signUp(page.request, 'Lea');
      await deliveredOrder(page.request, adminToken, buyer, id);
      const posted = await page.request.post(`/api/reviews/products/${id}/reviews`, {
        headers: { Authorization: `Bearer ${buyer.access_token}` },
        data: { rating: 4, title: 'Plenty of wires', comment: 'All colours.', pros: ['Long'], cons: ['Loose pins'] },
      });
      expect([201, 409]).toContain(posted.status());
    }
    const reader = await signUp(page.request, 'Axe');
    await page.addInitScript(
      (value) => localStorage.setItem('preferences-storage', JSON.stringify({ state: { theme: value }, version: 1 })),
      theme,
    );
    await signInAs(page, reader);
    const section = await openReviews(page, slug);
    await expect(section.getByRole('article').first()).toBeVisible();
    await section.getByRole('button', { name: 'Write a review' }).click();
    await section.getByRole('button', { name: 'Submit review' }).click();
    await expect(section.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
    expect(await axeViolations(page, { include: '#reviews' })).toEqual([]);
  });
}

test('the reviews code is downloaded only when the section scrolls into view', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (/reviews-section|\/api\/reviews\//.test(request.url())) chunks.push(request.url());
  });
  await page.goto('/product/hakko-fx-888dx-soldering-station');
  await expect(page.locator('#reviews')).not.toBeInViewport();
  await page.waitForLoadState('networkidle');
  expect(chunks).toEqual([]);
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: 'Reviews' }).getByText(/No reviews yet|Based on/)).toBeVisible();
  expect(chunks.some((url) => /reviews-section-[\w-]+\.js$/.test(url))).toBe(true);
});
