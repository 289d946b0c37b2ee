import { adminApi, createPromoCode, uniqueStamp } from './promo-helpers.ts';
import { postReview, productBySlug, signUpShopper } from './review-helpers.ts';
import { expect, openInApp, type Page, test } from './test.ts';

/**
 * The admin on a 390 px phone: every screen fits the width. Nothing may widen the page, and no
 * region may hide columns behind a sideways scroll (lists are cards below `md`, detail pages stack
 * their side column). Phone project only (playwright.config.ts); the desktop layout is covered by
 * the other admin specs.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** A product no other spec orders from, so this test's one order changes nobody's stock. */
const PRODUCT_SLUG = 'hc-sr501-pir-motion-sensor';
/** Seeded with a Color variation sharing one stock (the migrated shape, decision 012 §2). */
const SHARED_STOCK_SLUG = 'samsung-t7-portable-ssd-1tb';
/** Reviewed here (a new shopper each run), and by no other spec. */
const REVIEW_SLUG = 'esp32-c3-supermini';

/** Elements wider than the screen, or scroll regions whose content is wider than themselves. */
async function overflowingElements(page: Page, ignore?: string): Promise<string[]> {
  return page.evaluate((ignored) => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) found.push(`page ${document.documentElement.scrollWidth}px`);
    for (const element of document.querySelectorAll<HTMLElement>('main *')) {
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden' || element.closest('dialog:not([open])')) continue;
      if (ignored && element.closest(ignored)) continue;
      const box = element.getBoundingClientRect();
      const name = `${element.tagName.toLowerCase()}${element.getAttribute('aria-label') ? `[${element.getAttribute('aria-label')}]` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
      if (box.width > 0 && box.right > width + 1) found.push(`${name} ends at ${Math.round(box.right)}px`);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (scrolls && element.scrollWidth > element.clientWidth + 1) {
        found.push(`${name} scrolls sideways (${element.scrollWidth} in ${element.clientWidth}px)`);
      }
    }
    return found;
  }, ignore);
}

async function expectFits(page: Page, path: string, heading: string | RegExp) {
  await openInApp(page, path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // Lists and details arrive after their query: wait until no skeleton is left.
  await expect(page.locator('main .animate-pulse')).toHaveCount(0);
  expect(await overflowingElements(page), `${path} at 390 px`).toEqual([]);
}

test('every admin screen fits a 390 px phone: no page overflow, no hidden columns', async ({ page, signInAsAdmin }) => {
  test.slow();
  // One order of our own, so the order and customer detail pages have content.
  const product = await page.request.get(`/api/products/${PRODUCT_SLUG}`);
  expect(product.ok()).toBe(true);
  const { data } = (await product.json()) as { data: { id: string } };
  const placed = await page.request.post('/api/orders', {
    data: {
      customer: {
        name: 'Maya Khoury-Abdelnour with a long family name',
        phone: `03 ${100 + Math.floor(Math.random() * 900)} ${100 + Math.floor(Math.random() * 900)}`,
        email: `maya.khoury.a.long.address.${Date.now()}@example-company-domain.com`,
      },
      shipping_address: {
        city: 'Jounieh',
        street: 'Rue Maameltein',
        building: 'Cedar Tower',
        floor: '2',
        governorate: 'mount_lebanon',
      },
      items: [{ product_id: data.id, quantity: 1 }],
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as { data: { id: string; customer_id?: string | null } };

  await signInAsAdmin();
  expect(await overflowingElements(page), 'dashboard at 390 px').toEqual([]);
  await expectFits(page, '/admin/orders', 'Orders');
  // Analytics and Reports (issue 36): the charts, the ranked lists and the report's preview as cards.
  await expectFits(page, '/admin/analytics', 'Analytics');
  await expect(page.getByRole('main').locator('.recharts-line-curve')).toBeVisible();
  expect(await overflowingElements(page), 'analytics with its charts at 390 px').toEqual([]);
  await expectFits(page, '/admin/reports', 'Reports');
  await expectFits(page, `/admin/orders/${order.data.id}`, /^Order CS-/);
  await expectFits(page, '/admin/orders/new', 'New order');
  await expectFits(page, '/admin/customers', 'Customers');
  await page
    .getByRole('main')
    .getByRole('link', { name: /Maya Khoury-Abdelnour with a long family name/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Maya Khoury-Abdelnour/ })).toBeVisible();
  await expect(page.locator('main .animate-pulse')).toHaveCount(0);
  expect(await overflowingElements(page), 'customer detail at 390 px').toEqual([]);
  await expectFits(page, '/admin/products', 'Products');
  await expectFits(page, '/admin/products?stock=low', 'Low stock');
  await expectFits(page, `/admin/products/${data.id}`, /HC-SR501/);
  await expectFits(page, '/admin/products/new', 'New product');
  await expectFits(page, '/admin/categories', 'Categories');
  await expectFits(page, '/admin/users', 'Staff');
  await expectFits(page, '/admin/security', 'Security');
  await expectFits(page, '/admin/settings', 'Settings');
  await expectFits(page, '/admin/settings/shipping', 'Settings');
  await expectFits(page, '/admin/settings/email', 'Settings');

  // Reviews (issue 23): a long review waiting, the list as cards, its own page and both dialogs.
  const reviewed = await productBySlug(page.request, REVIEW_SLUG);
  const shopper = await signUpShopper(page.request, 'Maya Khoury-Abdelnour with a long family name');
  const review = await postReview(page.request, shopper, reviewed.id, {
    rating: 3,
    title: 'A title long enough to wrap on a phone, with a verylongwordthatcannotbreakanywhere',
    comment: 'Good board overall. '.repeat(30).trim(),
    pros: ['Cheap', 'Small enough for a breadboard'],
    cons: ['The headers come unsoldered'],
  });
  await expectFits(page, '/admin/reviews?status=pending', 'Reviews');
  await page
    .getByRole('button', { name: /^Reply to “A title long enough/ })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Reply as the shop' })).toBeVisible();
  expect(await overflowingElements(page), 'review reply dialog at 390 px').toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Review settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Review settings' }).getByRole('radio')).toHaveCount(3);
  expect(await overflowingElements(page), 'review settings dialog at 390 px').toEqual([]);
  await page.keyboard.press('Escape');
  await expectFits(page, `/admin/reviews/${review.id}`, /A title long enough/);
  await expectFits(page, '/admin/account', /Account/);

  // Promo codes (issue 21): the list with a long code, the editor with the product picker open,
  // the import dialog, and the code's usage view.
  const promo = await createPromoCode(page, {
    code: `PHONE-${uniqueStamp()}-WITH-A-LONG-CODE`,
    description: 'Spring sale for the newsletter subscribers, with a description long enough to wrap',
    discount_type: 'percentage',
    discount_value: 10,
    maximum_discount_amount: 20,
    minimum_order_amount: 50,
    start_date: '2026-01-01',
    end_date: '2026-12-31',
  });
  await expectFits(page, '/admin/promo-codes', 'Promo codes');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Import promo codes' })).toBeVisible();
  expect(await overflowingElements(page), 'promo import dialog at 390 px').toEqual([]);
  await expectFits(page, `/admin/promo-codes/${promo.id}`, promo.code);
  await expectFits(page, `/admin/promo-codes/${promo.id}/edit`, `Edit ${promo.code}`);
  // Last: the changed form asks before the page is left.
  await expectFits(page, '/admin/promo-codes/new', 'New promo code');
  await page.getByRole('radio', { name: /Specific products/ }).check();
  await page.getByRole('searchbox', { name: 'Products (SKUs)' }).fill('arduino');
  await expect(page.getByRole('list', { name: 'Matching products' })).toBeVisible();
  expect(await overflowingElements(page), 'promo editor with the product picker at 390 px').toEqual([]);

  // The variant grid (decision 012 §7): a seeded product whose colours share one stock gets its
  // rows generated in the form. Not saved, so it needs nothing from the server but the product.
  const shared = await page.request.get(`/api/products/${SHARED_STOCK_SLUG}`);
  const { data: sharedProduct } = (await shared.json()) as { data: { id: string } };
  await expectFits(page, `/admin/products/${sharedProduct.id}`, /Samsung T7/);
  await expect(page.getByText('These options share one stock and price')).toBeVisible();
  await page.getByRole('button', { name: 'Give each option its own price and stock' }).click();
  await expect(page.getByRole('list', { name: 'Variants' }).getByRole('listitem')).toHaveCount(3);
  expect(await overflowingElements(page), 'variant grid at 390 px').toEqual([]);

  // A saved grid: the seeded Raspberry Pi 4 sells each Memory at its own price.
  const pi = await page.request.get('/api/products/raspberry-pi-4-model-b');
  const { data: piProduct } = (await pi.json()) as { data: { id: string } };
  await expectFits(page, `/admin/products/${piProduct.id}`, /Raspberry Pi 4 Model B/);
  await expect(page.getByRole('list', { name: 'Variants' }).getByRole('listitem')).toHaveCount(3);
  expect(await overflowingElements(page), 'saved variant grid at 390 px').toEqual([]);
});

test('the blog and fixed pages screens fit a 390 px phone (issue 24)', async ({ page, signInAsAdmin }) => {
  test.slow();
  await signInAsAdmin();
  await expectFits(page, '/admin/blog', 'Blog');
  const posts = await adminApi(page, 'GET', '/blogs/admin/posts?limit=1&sort_by=published_at&sort_order=asc');
  const { data } = (await posts.json()) as { data: Array<{ id: string; title: string }> };
  const post = data[0];
  if (!post) throw new Error('the demo seed has blog posts');
  // The rich-text editor's toolbar scrolls sideways on a phone by design (its own tools row).
  const toolbar = '[role="toolbar"]';
  await openInApp(page, `/admin/blog/${post.id}`);
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Content' })).toBeVisible();
  expect(await overflowingElements(page, toolbar), 'post editor with its content at 390 px').toEqual([]);
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: post.title });
  await expect(preview).toBeVisible();
  const box = await preview.boundingBox();
  // The whole screen on a phone.
  expect(box?.width).toBeGreaterThanOrEqual(389);
  await page.keyboard.press('Escape');
  await openInApp(page, '/admin/blog/new');
  await expect(page.getByRole('textbox', { name: 'Content' })).toBeVisible();
  expect(await overflowingElements(page, toolbar), 'new post at 390 px').toEqual([]);
  await expectFits(page, '/admin/blog/categories', 'Blog categories');
  await page.getByRole('button', { name: 'New category' }).click();
  await expect(page.getByRole('dialog', { name: 'New blog category' })).toBeVisible();
  expect(await overflowingElements(page), 'blog category dialog at 390 px').toEqual([]);
  await page.keyboard.press('Escape');
  await expectFits(page, '/admin/pages', 'Pages');
  await openInApp(page, '/admin/pages/delivery');
  await expect(page.getByRole('textbox', { name: 'Content' })).toBeVisible();
  expect(await overflowingElements(page, toolbar), 'page editor at 390 px').toEqual([]);
});
