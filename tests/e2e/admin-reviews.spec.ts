import {
  adminReview,
  deliveredOrder,
  postReview,
  productBySlug,
  productRating,
  reviewSettings,
  saveReviewSettings,
  signUpShopper,
  uniqueWord,
} from './review-helpers.ts';
import { expect, type Page, test } from './test.ts';

/**
 * Review moderation in the admin (docs/product.md#reviews-in-the-admin) against the real server:
 * shoppers write through the API, the admin moderates on /admin/reviews. Desktop and phone run in
 * one server, so each project uses products of its own (and no other spec's), and every review
 * carries a word unique to its test for the search box.
 */
const PRODUCTS = {
  approve: { desktop: 'bme280-pressure-temperature-humidity-sensor', phone: 'mpu6050-accelerometer-gyroscope' },
  reply: { desktop: 'capacitive-soil-moisture-sensor', phone: 'oled-display-0-96-inch-ssd1306' },
  bulk: { desktop: 'lcd-1602-i2c-display', phone: 'relay-module-4-channel-5v' },
} as const;
/** The settings test runs on the desktop only. */
const SETTINGS_PRODUCT = 'neo-6m-gps-module';

type Project = 'desktop' | 'phone';
const projectOf = (name: string): Project => (name === 'phone' ? 'phone' : 'desktop');

const pendingTab = (page: Page) =>
  page.getByRole('navigation', { name: 'Review status' }).getByRole('button', { name: /^Pending/ });

/**
 * The sidebar's Reviews link says that reviews wait (in the sidebar on a desktop, in the menu
 * drawer on a phone). Other tests add and decide reviews at the same time, so the number itself is
 * not checked here (the web tests check it follows the stats).
 */
async function expectSidebarPending(page: Page, project: Project) {
  const name = /^Reviews, [1-9]\d* pending$/;
  if (project === 'desktop') {
    await expect(page.getByRole('complementary').getByRole('link', { name })).toBeVisible();
    return;
  }
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Admin menu' });
  await expect(menu.getByRole('link', { name })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

async function openReviews(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  await expect(page.locator('main .animate-pulse')).toHaveCount(0);
}

test('a shopper’s review waits; the admin is told live, approves it, and the product page counts it', async ({
  page,
  request,
  signInAsAdmin,
}, testInfo) => {
  test.setTimeout(120_000);
  const project = projectOf(testInfo.project.name);
  const slug = PRODUCTS.approve[project];
  const product = await productBySlug(request, slug);
  const shopper = await signUpShopper(request, 'Nadia Live');
  const title = `Solid sensor ${uniqueWord()}`;
  // The demo shop's reviews of it (seeded), to know its new average and count.
  const seeded = await productRating(request, slug);

  await signInAsAdmin();
  await openReviews(page, '/admin/reviews?status=pending');
  // Live: the bell's socket is connected before the shopper writes.
  await expect(page.getByRole('button', { name: /^Notifications, \d+ unread, Connected$/ })).toBeVisible();

  // No delivered order: under the default moderation the review waits.
  const review = await postReview(request, shopper, product.id, {
    rating: 4,
    title,
    comment: 'Accurate readings after a short warm-up.',
    pros: ['Small'],
    cons: [],
  });
  expect(review.status).toBe('pending');

  await expect(page.getByText(`New review: ★4 for ${product.name}`)).toBeVisible();
  // Other tests add and decide reviews meanwhile: the counts are checked to show waiting reviews.
  await expect(pendingTab(page)).toHaveText(/^Pending\s*[1-9]\d*$/);
  await expectSidebarPending(page, project);
  const approve = page.getByRole('button', { name: `Approve “${title}” by Nadia Live` });
  await expect(approve).toBeVisible();
  await approve.click();
  await expect(page.getByText('Review approved')).toBeVisible();
  await expect(approve).toBeHidden();

  // The catalogue counts approved reviews only: one more for this product, in its average too.
  const after = await productRating(request, slug);
  expect(after.review_count).toBe(seeded.review_count + 1);
  expect(after.rating).toBeCloseTo((seeded.sum + 4) / (seeded.review_count + 1), 2);
  await page.goto(`/product/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const stars = Math.round(after.rating * 10) / 10;
  const count = `${after.review_count} ${after.review_count === 1 ? 'review' : 'reviews'}`;
  await expect(page.getByRole('link', { name: `Rated ${stars} out of 5 ${count}` })).toBeVisible();
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  const section = page.getByRole('region', { name: 'Reviews' });
  await expect(section.getByRole('article', { name: 'Review by Nadia Live' })).toContainText(title);
  await expect(section).toContainText(`Based on ${count}`);
});

test('the shop replies, hides and shows again a review, and removes its reply', async ({
  page,
  request,
  signInAsAdmin,
}, testInfo) => {
  test.setTimeout(120_000);
  const product = await productBySlug(request, PRODUCTS.reply[projectOf(testInfo.project.name)]);
  const shopper = await signUpShopper(request, 'Karim Reply');
  const word = uniqueWord();
  const title = `Stopped after a week ${word}`;
  const review = await postReview(request, shopper, product.id, {
    rating: 2,
    title,
    comment: 'The probe corroded quickly.',
    pros: [],
    cons: ['Corrodes'],
  });
  const name = `“${title}” by Karim Reply`;

  await signInAsAdmin();
  await openReviews(page, `/admin/reviews?search=${word}`);
  await page.getByRole('button', { name: `Reply to ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Reply as the shop' });
  await dialog.getByRole('textbox', { name: 'Reply' }).fill('Sorry to hear that: write to us and we will replace it.');
  await dialog.getByRole('button', { name: 'Save reply' }).click();
  await expect(page.getByText('Reply saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect((await adminReview(page, review.id)).shop_reply?.text).toBe(
    'Sorry to hear that: write to us and we will replace it.',
  );

  await page.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(page.getByText('Review approved')).toBeVisible();
  await page.getByRole('button', { name: `Hide ${name}` }).click();
  await expect(page.getByText('Review hidden')).toBeVisible();
  await expect(page.getByRole('button', { name: `Unhide ${name}` })).toBeVisible();
  // Hidden: gone from the shop.
  expect((await request.get(`/api/reviews/reviews/${review.id}`)).status()).toBe(404);

  await page.getByRole('button', { name: `Unhide ${name}` }).click();
  await expect(page.getByText('Review shown again')).toBeVisible();
  const shown = await request.get(`/api/reviews/reviews/${review.id}`);
  expect(shown.status()).toBe(200);
  expect(((await shown.json()) as { data: { shop_reply: { text: string } | null } }).data.shop_reply?.text).toBe(
    'Sorry to hear that: write to us and we will replace it.',
  );

  // The review's own page: the whole text, and a blank reply removes it.
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('The probe corroded quickly.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Review' })).toContainText('Corrodes');
  await page.getByRole('button', { name: 'Edit reply' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the shop’s reply' });
  await edit.getByRole('textbox', { name: 'Reply' }).fill('');
  await edit.getByRole('button', { name: 'Remove reply' }).click();
  await expect(page.getByText('Reply removed')).toBeVisible();
  await expect(page.getByRole('region', { name: 'The shop’s reply' })).toContainText('No reply yet');
  expect((await adminReview(page, review.id)).shop_reply).toBeNull();
});

test('selected reviews are rejected in one go', async ({ page, request, signInAsAdmin }, testInfo) => {
  test.setTimeout(120_000);
  const product = await productBySlug(request, PRODUCTS.bulk[projectOf(testInfo.project.name)]);
  const word = uniqueWord();
  const ids: string[] = [];
  for (const name of ['Bulk One', 'Bulk Two']) {
    const shopper = await signUpShopper(request, name);
    const review = await postReview(request, shopper, product.id, {
      rating: 1,
      title: `Spam offer ${word}`,
      comment: `Visit my shop ${word}`,
      pros: [],
      cons: [],
    });
    ids.push(review.id);
  }

  await signInAsAdmin();
  await openReviews(page, `/admin/reviews?search=${word}`);
  await expect(page.getByRole('button', { name: /^Approve “Spam offer/ })).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select every review on this page' }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText('2 reviews selected');
  await bar.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(page.getByText('2 reviews rejected')).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(page.getByRole('button', { name: /^Reject “Spam offer/ })).toHaveCount(0);
  for (const id of ids) expect((await adminReview(page, id)).status).toBe('rejected');
});

// Tagged @shop-wide: the settings are the shop's, and other tests (reviews.spec.ts) rely on the
// default, so this runs alone after every other test (playwright.config.ts, project shop-wide).
test('review settings hold every review and banned words, checked before saving @shop-wide', async ({
  page,
  request,
  signInAsAdmin,
}) => {
  test.setTimeout(150_000);
  const product = await productBySlug(request, SETTINGS_PRODUCT);
  const word = uniqueWord();
  const banned = uniqueWord();
  await signInAsAdmin();
  const original = await reviewSettings(page);
  // Everything that is not about the settings first: the settings are the shop's, and other specs
  // (reviews.spec.ts) rely on the default while they run, so they change for as short as can be.
  const buyer = await signUpShopper(request, 'Verified Buyer');
  await deliveredOrder(page, buyer, product.id);
  const other = await signUpShopper(request, 'Banned Writer');
  try {
    await openReviews(page, `/admin/reviews?search=${word}`);
    await page.getByRole('button', { name: 'Review settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review settings' });
    const words = dialog.getByRole('textbox', { name: /Banned words/ });
    await expect(dialog.getByRole('radio', { name: /Approve verified purchases at once/ })).toBeChecked();
    await words.fill([...original.banned_words, 'x'.repeat(51)].join('\n'));
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await expect(dialog).toContainText(
      `Line ${original.banned_words.length + 1}: A banned word must be at most 50 characters`,
    );
    await words.fill([...original.banned_words, banned].join('\n'));
    await dialog.getByRole('radio', { name: /Hold every review for approval/ }).check();
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Review settings saved')).toBeVisible();
    expect(await reviewSettings(page)).toEqual({ moderation: 'all', banned_words: [...original.banned_words, banned] });

    // "all": even a verified purchase waits.
    const verified = await postReview(request, buyer, product.id, {
      rating: 5,
      title: `Locks on fast ${word}`,
      comment: 'Fix in under a minute outdoors.',
      pros: [],
      cons: [],
    });
    expect(verified.verified_purchase).toBe(true);
    expect(verified.status).toBe('pending');
    // A banned word holds a review whatever the mode, and the list says why.
    await postReview(request, other, product.id, {
      rating: 3,
      title: `Okay module ${word}`,
      comment: `Contains ${banned} in the text.`,
      pros: [],
      cons: [],
    });
    await page.getByRole('button', { name: 'Review settings' }).click();
    await expect(dialog.getByRole('radio', { name: /Hold every review for approval/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  } finally {
    await saveReviewSettings(page, original);
  }

  await page.reload();
  await expect(page.getByRole('button', { name: `Approve “Locks on fast ${word}” by Verified Buyer` })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('Verified purchase', { exact: true })).toHaveCount(1);
  await expect(main.getByText('Held: banned word', { exact: true })).toHaveCount(1);
});
