import { axeViolations } from './axe.ts';
import { expect, type Page, test } from './test.ts';

/**
 * The shop's blog as a shopper meets it (docs/product.md#blog-pages): /blog and a post, drawn by
 * the server and hydrated. Uses the seeded demo posts by title; other specs add posts (an admin
 * writes and schedules some), so nothing here counts the posts on /blog.
 */
const ARDUINO = { title: 'Choosing an Arduino board', slug: 'choosing-an-arduino-board' };
const MULTIMETER = 'Reading a multimeter without fear';
const SENSORS = 'Five first projects with sensors';

/** React's hydration failures and any page error (as tests/e2e/ssr.spec.ts). */
function collectHydrationProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|Minified React error|react\.dev\/errors/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

const cardTitles = (page: Page) => page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();

test('a shopper browses the blog, filters, searches, reads a post and buys a product it mentions', async ({ page }) => {
  const problems = collectHydrationProblems(page);
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('blog');
  await expect(page.getByText('Featured', { exact: true })).toBeVisible();
  expect(await cardTitles(page)).toEqual(expect.arrayContaining([ARDUINO.title, MULTIMETER, SENSORS]));

  // A category chip filters through the URL.
  const chips = page.getByRole('navigation', { name: 'Blog categories' });
  await chips.getByRole('link', { name: /^Projects/ }).click();
  await expect(page).toHaveURL(/\/blog\?category=projects$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect.poll(() => cardTitles(page)).toContain(SENSORS);
  expect(await cardTitles(page)).not.toContain(ARDUINO.title);
  await expect(chips.getByRole('link', { name: /^Projects/ })).toHaveAttribute('aria-current', 'page');

  // Search (within the category, then everywhere).
  await chips.getByRole('link', { name: 'All articles' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  const search = page.getByRole('searchbox', { name: 'Search articles' });
  await search.fill('multimeter');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/blog\?q=multimeter$/);
  await expect.poll(() => cardTitles(page)).toEqual([MULTIMETER]);
  await search.fill('zzz no such words');
  await search.press('Enter');
  await expect(page.getByText('No articles match “zzz no such words”.')).toBeVisible();
  await page.getByRole('link', { name: 'Show all articles' }).click();
  await expect.poll(() => cardTitles(page)).toContain(ARDUINO.title);

  // Open a post.
  await page.getByRole('link', { name: ARDUINO.title }).first().click();
  await expect(page).toHaveURL(`/blog/${ARDUINO.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: ARDUINO.title })).toBeVisible();

  // The table of contents jumps to a section.
  const toc = page.getByRole('navigation', { name: 'In this article' });
  await toc.getByRole('link', { name: 'Going big: the Mega' }).click();
  await expect(page).toHaveURL(/#section-going-big-the-mega$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Going big: the Mega' })).toBeInViewport();

  // Share links, WhatsApp first.
  const share = page.getByRole('region', { name: 'Share this article' });
  const shareLinks = share.getByRole('link');
  await expect(shareLinks).toHaveCount(3);
  await expect(shareLinks.nth(0)).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\?text=Choosing%20an%20Arduino%20board%20http/,
  );
  await expect(shareLinks.nth(1)).toHaveAttribute('href', /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=http/);
  await expect(shareLinks.nth(2)).toHaveAttribute('href', /^https:\/\/x\.com\/intent\/post\?text=/);
  await expect(share.getByRole('button', { name: 'Copy link' })).toBeVisible();

  // The embedded product card and the products mentioned; related posts.
  await expect(page.locator('[data-product-card="arduino-uno-r3"]').getByRole('article')).toBeVisible();
  const related = page.getByRole('region', { name: 'Keep reading' });
  await expect(related.getByRole('article').first()).toBeVisible();
  expect(await related.getByRole('article').count()).toBeGreaterThanOrEqual(1);
  expect(await related.getByRole('article').count()).toBeLessThanOrEqual(5);
  const mentioned = page.getByRole('region', { name: 'Products mentioned' });
  const uno = mentioned.getByRole('article', { name: 'Arduino Uno R3', exact: true });
  await uno.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('button', { name: /^Cart, / })).toHaveAccessibleName('Cart, 1 item');
  expect(problems).toEqual([]);
});

test('a post and the list hydrate without a mismatch and count one view', async ({ page }) => {
  const problems = collectHydrationProblems(page);
  const views: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('increment_views=true')) views.push(request.url());
  });
  await page.goto('/blog');
  await page.waitForLoadState('networkidle');
  await page.goto(`/blog/${ARDUINO.slug}`);
  const title = page.getByRole('heading', { level: 1, name: ARDUINO.title });
  await title.evaluate((element) => element.setAttribute('data-from-server', 'yes'));
  await page.waitForLoadState('networkidle');
  // The server's heading is the one on screen: hydrated, not drawn again.
  await expect(page.locator('h1[data-from-server="yes"]')).toHaveCount(1);
  expect(views).toEqual([expect.stringContaining(`/api/blogs/posts/${ARDUINO.slug}?increment_views=true`)]);
  expect(problems).toEqual([]);
});

// An unknown post's 404 and not-found page: tests/api/blog-pages.test.ts (status and the drawn
// page) and blog-post-page.test.tsx (the screen). Link previews (Open Graph, Twitter, BlogPosting
// JSON-LD in the HTML a bot reads): tests/api/blog-pages.test.ts and bot-agents.test.ts.

test.describe('without JavaScript', () => {
  test('a post shows its text, headings and pictures from the HTML alone', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/blog/${ARDUINO.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: ARDUINO.title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Start with an Uno' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('they all run the same code');
    const picture = page.getByRole('main').locator('img').first();
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    // The share links work without the app.
    await expect(page.locator('[data-share="whatsapp"]')).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
    // The list, filtered by its URL.
    await page.goto('/blog?category=projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article').getByRole('heading', { name: SENSORS })).toBeVisible();
    await context.close();
  });
});

test.describe('axe scan (WCAG 2.0 A/AA, 2.1 AA)', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const path of ['/blog', `/blog/${ARDUINO.slug}`]) {
      test(`${path} in ${theme}`, async ({ page }) => {
        // A whole article page is a large tree for axe on a busy phone run.
        test.slow();
        await page.addInitScript(
          (state) => localStorage.setItem('preferences-storage', JSON.stringify({ state, version: 1 })),
          { theme },
        );
        await page.goto(path);
        await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  }
});
