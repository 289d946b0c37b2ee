import sharp from 'sharp';
import { toZonedInput } from '#shared/time-zone.ts';
import { TEST_NOW_HEADER } from '../helpers/clocks.ts';
import { adminApi, uniqueStamp } from './promo-helpers.ts';
import { expect, test } from './test.ts';

/** A real PNG of one colour (the server sniffs the bytes). */
async function png(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 1200, height: 630, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/**
 * The shop's clock `seconds` ahead, rounded up to the next whole minute, as a datetime-local value:
 * the date field is read in the shop's time zone (Asia/Beirut, the default), whatever the browser's.
 */
function shopMinuteAhead(seconds: number): string {
  const at = new Date(Math.ceil((Date.now() + seconds * 1000) / 60_000) * 60_000);
  return toZonedInput(at.toISOString(), 'Asia/Beirut');
}

test('an admin writes a post with an image and a product card, schedules it an hour ahead, and it is public once its time comes', async ({
  page,
  signInAsAdmin,
}) => {
  const stamp = uniqueStamp().toLowerCase();
  const title = `Bench power supply basics ${stamp}`;
  await signInAsAdmin();
  await page.goto('/admin/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await page.getByRole('link', { name: 'New post' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'New post' })).toBeVisible();

  await page.getByLabel('Title', { exact: true }).fill(title);
  await expect(page.getByLabel('Slug', { exact: true })).toHaveValue(`bench-power-supply-basics-${stamp}`);

  // The content, through the editor: a paragraph, an uploaded image and a product card.
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.click();
  await page.keyboard.type('A bench supply with current limiting saves boards from a wrong wire.');
  await page.getByRole('button', { name: 'Image', exact: true }).click();
  const imageDialog = page.getByRole('dialog', { name: 'Add an image' });
  await imageDialog.getByLabel('Image file').setInputFiles(await png('bench.png', '#1d4ed8'));
  await imageDialog.getByLabel('Alt text').fill('A bench power supply on a desk');
  await imageDialog.getByRole('button', { name: 'Insert image' }).click();
  await expect(imageDialog).toBeHidden();
  await expect(content.locator('img[src^="/uploads/"]')).toHaveCount(1);

  await page.getByRole('button', { name: 'Product card', exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Embed a product' });
  await picker.getByRole('searchbox', { name: 'Search products' }).fill('arduino uno');
  // The list keeps the unsearched products until the search answers: pick from the answer, or a
  // busy machine checks a product the search then replaces.
  await expect(picker.getByRole('radio').first()).toHaveAttribute('value', /arduino-uno/);
  await picker.getByRole('radio').first().check();
  const productSlug = await picker.getByRole('radio').first().getAttribute('value');
  await picker.getByRole('button', { name: 'Insert product card' }).click();
  await expect(picker).toBeHidden();
  // Inserting the card did not save the post.
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);

  await page.getByLabel(/^Upload image/).setInputFiles(await png('cover.png', '#15803d'));
  await expect(page.getByRole('figure').locator('img[src^="/uploads/"]').first()).toBeVisible();

  // The search and social previews follow the typing.
  await page.getByLabel('Meta description').fill(`Current limits, ripple and what to buy first (${stamp}).`);
  await expect(page.getByTestId('search-preview')).toContainText(title);
  await expect(page.getByTestId('social-preview')).toContainText(`what to buy first (${stamp})`);

  await page.getByLabel('Status', { exact: true }).selectOption('scheduled');
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Choose when the post goes out')).toBeVisible();
  await page.getByLabel('Publish on').fill(shopMinuteAhead(3600));
  await page.getByRole('button', { name: 'Schedule' }).click();

  await expect(page).toHaveURL(/\/admin\/blog\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('main').locator('span', { hasText: /^Scheduled$/ })).toBeVisible();
  const slug = await page.getByLabel('Slug', { exact: true }).inputValue();
  const id = page.url().split('/').at(-1) as string;

  // Not public before its time.
  expect((await page.request.get(`/api/blogs/posts/${slug}`)).status()).toBe(404);
  const before = (await (await page.request.get(`/api/blogs/posts?search=${stamp}`)).json()) as { data: unknown[] };
  expect(before.data).toEqual([]);

  // Before its time: the preview as the shopper will see it, and the list.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: title });
  await expect(preview.getByText('A bench supply with current limiting')).toBeVisible();
  // The featured picture and the one in the text (the product card draws the product's own picture).
  await expect(preview.locator('article img[alt="A bench power supply on a desk"]')).toHaveCount(1);
  await expect(
    preview.locator('article > img[src^="/uploads/"], article figure img[src^="/uploads/"]').first(),
  ).toBeVisible();
  await expect(preview.locator(`[data-product-card="${productSlug}"] a[href^="/product/"]`).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto(`/admin/blog?status=scheduled&search=${stamp}`);
  const row = page.getByRole('main').getByRole('link', { name: title, exact: true });
  await expect(row).toBeVisible();

  // Public once its time has come: from here on the server answers as if two hours had passed
  // (the E2E server's per-request clock, tests/helpers/clocks.ts), instead of the test waiting.
  await page.context().setExtraHTTPHeaders({ [TEST_NOW_HEADER]: new Date(Date.now() + 2 * 3_600_000).toISOString() });
  expect((await page.request.get(`/api/blogs/posts/${slug}`)).status()).toBe(200);
  const post = (await (await page.request.get(`/api/blogs/posts/${slug}`)).json()) as {
    data: { id: string; content: string; featured_image: string | null; status: string };
  };
  expect(post.data.id).toBe(id);
  expect(post.data.status).toBe('published');
  expect(post.data.featured_image).toMatch(/^\/uploads\//);
  expect(post.data.content).toMatch(/<img[^>]+src="\/uploads\/[^"]+"[^>]*alt="A bench power supply on a desk"/);
  expect(post.data.content).toContain(`<div data-product-card="${productSlug}"></div>`);
  const after = (await (await page.request.get(`/api/blogs/posts?search=${stamp}`)).json()) as {
    data: Array<{ slug: string }>;
  };
  expect(after.data.map((item) => item.slug)).toEqual([slug]);
  // The shop shows it: found on /blog, and its article draws the picture and the product card.
  await page.goto(`/blog?q=${stamp}`);
  await page.getByRole('main').getByRole('link', { name: title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('article img[alt="A bench power supply on a desk"]')).toBeVisible();
  await expect(page.locator(`article [data-product-card="${productSlug}"] a[href^="/product/"]`).first()).toBeVisible();

  // The admin list now calls it published, with its link on the site.
  await page.goto(`/admin/blog?search=${stamp}`);
  await expect(page.getByRole('link', { name: `View ${title} on the site` })).toHaveAttribute('href', `/blog/${slug}`);
  await adminApi(page, 'DELETE', `/blogs/admin/posts/${id}`);
});

test('blog categories: create, edit, and delete one holding a post by moving the post', async ({
  page,
  signInAsAdmin,
}) => {
  const stamp = uniqueStamp().toLowerCase();
  await signInAsAdmin();
  await page.goto('/admin/blog');
  await page.getByRole('main').getByRole('link', { name: 'Categories' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blog categories' })).toBeVisible();

  await page.getByRole('button', { name: 'New category' }).click();
  const create = page.getByRole('dialog', { name: 'New blog category' });
  await create.getByLabel('Name', { exact: true }).fill(`Repairs ${stamp}`);
  await create.getByRole('button', { name: 'Create category' }).click();
  await expect(create).toBeHidden();
  await page.getByRole('button', { name: `Edit Repairs ${stamp}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit Repairs ${stamp}` });
  await edit.getByLabel('Name', { exact: true }).fill(`Fixes ${stamp}`);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('main').getByText(`Fixes ${stamp}`, { exact: true })).toBeVisible();

  // A draft in it: drafts are not in the public count, so the server's 409 asks for the move.
  const categories = (await (await adminApi(page, 'GET', '/blogs/admin/categories')).json()) as {
    data: Array<{ id: string; name: string }>;
  };
  const mine = categories.data.find((category) => category.name === `Fixes ${stamp}`);
  const guides = categories.data.find((category) => category.name === 'Guides');
  if (!mine || !guides) throw new Error('categories missing');
  const draft = await adminApi(page, 'POST', '/blogs/admin/posts', {
    title: `Draft in a category ${stamp}`,
    category_id: mine.id,
    status: 'draft',
  });
  expect(draft.status()).toBe(201);
  const draftId = ((await draft.json()) as { data: { id: string } }).data.id;

  await page.getByRole('button', { name: `Delete Fixes ${stamp}` }).click();
  await page
    .getByRole('dialog', { name: `Delete Fixes ${stamp}?` })
    .getByRole('button', { name: 'Delete category' })
    .click();
  const move = page.getByRole('dialog', { name: `Delete Fixes ${stamp}?` });
  await expect(move.getByRole('alert')).toContainText('This category has 1 post');
  await move.getByLabel('Move the posts to').selectOption({ label: 'Guides' });
  await move.getByRole('button', { name: 'Move posts and delete' }).click();
  await expect(move).toBeHidden();
  await expect(page.getByRole('main').getByText(`Fixes ${stamp}`, { exact: true })).toHaveCount(0);
  const moved = (await (await adminApi(page, 'GET', `/blogs/admin/posts/${draftId}`)).json()) as {
    data: { category_id: string };
  };
  expect(moved.data.category_id).toBe(guides.id);
  await adminApi(page, 'DELETE', `/blogs/admin/posts/${draftId}`);
});

test('a fixed page edited in the admin changes for shoppers', async ({ page, signInAsAdmin }) => {
  test.slow();
  const stamp = uniqueStamp().toLowerCase();
  await signInAsAdmin();
  const original = (await (await adminApi(page, 'GET', '/admin/pages/warranty')).json()) as {
    data: { title: string; content: string; meta_title: string | null; meta_description: string | null };
  };
  try {
    await page.goto('/admin/pages');
    await page.getByRole('main').getByRole('link', { name: original.data.title }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: original.data.title })).toBeVisible();
    const content = page.getByRole('textbox', { name: 'Content' });
    await content.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type(`Checked by the e2e run ${stamp}.`);
    await page.getByLabel('Meta description').fill(`Warranty terms ${stamp}`);
    await expect(page.getByTestId('search-preview')).toContainText(`Warranty terms ${stamp}`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Page saved')).toBeVisible();

    const shopper = await page.request.get('/api/pages/warranty');
    expect(shopper.status()).toBe(200);
    expect(((await shopper.json()) as { data: { content: string } }).data.content).toContain(
      `Checked by the e2e run ${stamp}.`,
    );
    await page.goto('/pages/warranty');
    await expect(page.getByText(`Checked by the e2e run ${stamp}.`)).toBeVisible();
  } finally {
    await adminApi(page, 'PUT', '/admin/pages/warranty', original.data);
  }
});
