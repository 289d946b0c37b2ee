import { act } from 'react';
import { Link } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BLOG_MESSAGES } from '#shared/blog.ts';
import { adminTestSetup, click, fieldLabelled, type, where } from '#web/test/admin.tsx';
import { errorBody, json, pagination, recordedApi } from '#web/test/api.ts';
import { buttonByText } from '#web/test/queries.ts';
import { waitFor } from '#web/test/render.tsx';
import { SOLDERING_IRON } from '../editor/test-fixtures.ts';
import { SCHEDULE_MESSAGES, shopInputToIso, toShopInput } from './blog-form-values.ts';
import { BlogPostEditorPage } from './blog-post-editor-page.tsx';
import { ARDUINO_POST, GUIDES, NEWS } from './test-fixtures.ts';

const { toasts, mountRoutes } = adminTestSetup();

const { calls, answers } = recordedApi((path) => {
  if (path === 'GET /api/blogs/admin/categories') return json({ data: [GUIDES, NEWS] });
  if (path === `GET /api/blogs/admin/posts/${ARDUINO_POST.id}`) return json({ data: ARDUINO_POST });
  return errorBody('Not found', 404);
});
afterEach(() => vi.restoreAllMocks());

const ROUTES = {
  '/admin/blog/new': <BlogPostEditorPage />,
  '/admin/blog/:id': <BlogPostEditorPage />,
  '/admin/blog': <p>Posts list</p>,
};
const mount = (entry: string) => mountRoutes(ROUTES, entry, <Link to="/admin/blog">Elsewhere</Link>);

async function openNew() {
  const root = await mount('/admin/blog/new');
  await waitFor(() => expect(fieldLabelled(root, 'Title')).not.toBeNull());
  return root;
}

async function waitForElement(root: ParentNode, selector: string): Promise<HTMLElement> {
  await waitFor(() => expect(root.querySelector(selector)).not.toBeNull());
  return root.querySelector(selector) as HTMLElement;
}
/** The unsaved-changes confirmation, while it is open. */
const leaveDialog = (root: ParentNode) =>
  [...root.querySelectorAll('dialog[open]')].find((item) => item.textContent?.includes('Leave without saving?'));

const posts = () => calls.filter((call) => call.method === 'POST' || call.method === 'PUT');
const errorOf = (root: ParentNode, label: string) => {
  const field = fieldLabelled(root, label);
  const ids = field?.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => root.querySelector(`[id="${CSS.escape(id)}"]`)?.textContent).find((text) => text) ?? null;
};
/** A moment `minutes` from now as the date field takes it. */
const localIn = (minutes: number) => toShopInput(new Date(Date.now() + minutes * 60_000).toISOString());

describe("the date field, on the shop's clock (Asia/Beirut by default)", () => {
  it("goes to ISO 8601 with the shop's offset and back to the same value, whatever the browser's zone", () => {
    const iso = shopInputToIso('2030-05-04T13:45');
    // Summer time in Beirut: UTC+3; winter: UTC+2.
    expect(iso).toBe('2030-05-04T13:45:00+03:00');
    expect(shopInputToIso('2030-12-04T13:45')).toBe('2030-12-04T13:45:00+02:00');
    expect(toShopInput(iso)).toBe('2030-05-04T13:45');
    expect(toShopInput('2030-12-04T22:30:00Z')).toBe('2030-12-05T00:30');
    expect(shopInputToIso('tomorrow')).toBeNull();
  });
});

describe('BlogPostForm', () => {
  it('makes the slug from the title until the slug is edited, showing the /blog/ address, and sends none of its own', async () => {
    answers['POST /api/blogs/admin/posts'] = (call) =>
      json({ data: { ...ARDUINO_POST, ...(call.body as object), id: 'new-id', slug: 'cafe-creme-guide' } }, 201);
    const root = await openNew();
    await type(fieldLabelled(root, 'Title'), 'Café Crème guide');
    const slug = fieldLabelled(root, 'Slug');
    expect(slug?.value).toBe('cafe-creme-guide');
    expect(root.textContent).toContain('/blog/cafe-creme-guide');
    expect(root.textContent).toContain('made from the title until you change it');

    await click(buttonByText(root, 'Publish'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    // Left to the server, which adds -2 on a clash.
    expect(posts()[0]?.body).toMatchObject({ title: 'Café Crème guide', status: 'published', published_at: null });
    expect(posts()[0]?.body).not.toHaveProperty('slug');
    await waitFor(() => expect(where(root)).toBe('/admin/blog/new-id'));
    expect(toasts.some((item) => item.title === 'Post published')).toBe(true);
  });

  it('keeps a typed slug when the title changes afterwards', async () => {
    const root = await openNew();
    await type(fieldLabelled(root, 'Title'), 'First title');
    await type(fieldLabelled(root, 'Slug'), 'my-own-slug');
    await type(fieldLabelled(root, 'Title'), 'Second title');
    expect(fieldLabelled(root, 'Slug')?.value).toBe('my-own-slug');
    expect(root.textContent).toContain('/blog/my-own-slug');
  });

  it('saves a draft with "Save draft", whatever the status select says', async () => {
    answers['POST /api/blogs/admin/posts'] = (call) =>
      json({ data: { ...ARDUINO_POST, ...(call.body as object), id: 'draft-id' } }, 201);
    const root = await openNew();
    await type(fieldLabelled(root, 'Title'), 'Just an idea');
    await click(buttonByText(root, 'Save draft'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({ status: 'draft', published_at: null });
  });

  it('refuses to schedule without a date or with a past one, then schedules a future date with its offset', async () => {
    answers['POST /api/blogs/admin/posts'] = (call) =>
      json({ data: { ...ARDUINO_POST, ...(call.body as object), id: 'sched-id', status: 'scheduled' } }, 201);
    const root = await openNew();
    await type(fieldLabelled(root, 'Title'), 'Coming soon');
    await type(fieldLabelled<HTMLSelectElement>(root, 'Status'), 'scheduled');
    expect(buttonByText(root, 'Schedule')).toBeDefined();
    await click(buttonByText(root, 'Schedule'));
    await waitFor(() => expect(errorOf(root, 'Publish on')).toBe(SCHEDULE_MESSAGES.needsDate));

    await type(fieldLabelled(root, 'Publish on'), localIn(-60));
    await click(buttonByText(root, 'Schedule'));
    await waitFor(() => expect(errorOf(root, 'Publish on')).toBe(SCHEDULE_MESSAGES.inPast));
    expect(posts()).toHaveLength(0);

    const when = localIn(24 * 60);
    await type(fieldLabelled(root, 'Publish on'), when);
    await click(buttonByText(root, 'Schedule'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const sent = posts()[0]?.body as { status: string; published_at: string };
    expect(sent.status).toBe('scheduled');
    expect(sent.published_at).toMatch(/[+-]\d{2}:\d{2}$/);
    expect(toShopInput(sent.published_at)).toBe(when);
    await waitFor(() => expect(toasts.some((item) => item.title === 'Post scheduled')).toBe(true));
  });

  it('calls publishing with a future date "Schedule"', async () => {
    const root = await openNew();
    expect(buttonByText(root, 'Publish')).toBeDefined();
    await type(fieldLabelled(root, 'Publish date'), localIn(120));
    expect(buttonByText(root, 'Publish')).toBeUndefined();
    expect(buttonByText(root, 'Schedule')).toBeDefined();
  });

  it('updates the search and social previews as the fields are typed, cut like a search result', async () => {
    const root = await openNew();
    const search = () => root.querySelector('[data-testid="search-preview"]')?.textContent ?? '';
    const social = () => root.querySelector('[data-testid="social-preview"]')?.textContent ?? '';
    await type(fieldLabelled(root, 'Title'), 'Soldering starter kit');
    expect(search()).toContain('Soldering starter kit');
    expect(search()).toContain('blog › soldering-starter-kit');
    await type(
      fieldLabelled(root, 'Meta title'),
      'The soldering kit every beginner needs, and the few extras worth buying later on',
    );
    expect(search()).toContain('The soldering kit every beginner needs, and the few extras…');
    expect(social()).toContain('The soldering kit every beginner needs, and the few extras worth buying later on');
    expect(root.textContent).toContain('80 / 120 characters · search engines show about 60');
    await type(fieldLabelled<HTMLTextAreaElement>(root, 'Meta description'), 'Iron, solder, flux.');
    expect(search()).toContain('Iron, solder, flux.');
    expect(social()).toContain('Iron, solder, flux.');
  });

  it("asks before leaving with unsaved changes in the kit's dialog, stays on Cancel and leaves on Leave page", async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const root = await openNew();
    await click([...root.querySelectorAll('a')].find((link) => link.textContent === 'Elsewhere'));
    expect(leaveDialog(root)).toBeUndefined();
    expect(where(root)).toBe('/admin/blog');
    // Back to a clean editor, then type something.
    const again = await openNew();
    await type(fieldLabelled(again, 'Title'), 'Half written');
    await click([...again.querySelectorAll('a')].find((link) => link.textContent === 'Elsewhere'));
    expect(leaveDialog(again)?.textContent).toContain('You have unsaved changes.');
    await click(buttonByText(leaveDialog(again) ?? again, 'Cancel'));
    expect(leaveDialog(again)).toBeUndefined();
    expect(where(again)).toBe('/admin/blog/new');
    await click([...again.querySelectorAll('a')].find((link) => link.textContent === 'Elsewhere'));
    await click(buttonByText(leaveDialog(again) ?? again, 'Leave page'));
    expect(where(again)).toBe('/admin/blog');
    // The browser's own prompt is never used.
    expect(confirm).not.toHaveBeenCalled();
  });

  it('shows a taken slug (409) under the slug, and other server refusals under their fields', async () => {
    answers[`PUT /api/blogs/admin/posts/${ARDUINO_POST.id}`] = () =>
      json(
        {
          message: BLOG_MESSAGES.postSlugTaken,
          statusCode: 409,
          code: 'CONFLICT',
          errors: [{ path: 'slug', message: BLOG_MESSAGES.postSlugTaken }],
        },
        409,
      );
    const root = await mount(`/admin/blog/${ARDUINO_POST.id}`);
    await waitFor(() => expect(fieldLabelled(root, 'Slug')?.value).toBe(ARDUINO_POST.slug));
    expect(fieldLabelled(root, 'Title')?.value).toBe(ARDUINO_POST.title);
    await type(fieldLabelled(root, 'Slug'), 'soldering-starter-kit');
    await click(buttonByText(root, 'Update'));
    await waitFor(() => expect(errorOf(root, 'Slug')).toBe(BLOG_MESSAGES.postSlugTaken));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ slug: 'soldering-starter-kit' });

    answers[`PUT /api/blogs/admin/posts/${ARDUINO_POST.id}`] = () =>
      json(
        {
          message: 'Validation failed',
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          errors: [{ path: 'category_id', message: BLOG_MESSAGES.categoryMissing }],
        },
        400,
      );
    await type(fieldLabelled(root, 'Slug'), 'another-slug');
    await click(buttonByText(root, 'Update'));
    await waitFor(() => expect(errorOf(root, 'Category')).toBe(BLOG_MESSAGES.categoryMissing));
  });

  it('opens the preview with the typed title and content, and the product cards asked from the admin products API', async () => {
    answers['GET /api/admin/products/arduino-uno-r3'] = () => errorBody('Not found', 404);
    const root = await mount(`/admin/blog/${ARDUINO_POST.id}`);
    await waitFor(() => expect(fieldLabelled(root, 'Title')).not.toBeNull());
    await type(fieldLabelled(root, 'Title'), 'A new title');
    await click(buttonByText(root, 'Preview'));
    const dialog = [...root.querySelectorAll('dialog')].find((item) =>
      item.textContent?.includes('as shoppers see it'),
    );
    await waitFor(() => expect(dialog?.querySelector('h2')?.textContent).toBe('A new title'));
    await waitFor(() => expect(dialog?.textContent).toContain('The classic board.'));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/admin/products/arduino-uno-r3')).toBe(true));
    await act(async () => buttonByText(root, 'Close preview')?.click());
  });

  it("inserts a product card through the editor's dialog without saving the post", async () => {
    answers['GET /api/admin/products'] = () => json({ data: [SOLDERING_IRON], pagination: pagination(1, 1, 8) });
    answers['GET /api/admin/products/soldering-iron'] = () => json({ data: SOLDERING_IRON });
    const root = await openNew();
    await type(fieldLabelled(root, 'Title'), 'Tools');
    const tool = await waitForElement(root, 'button[aria-label="Product card"]');
    await click(tool);
    // The editor's dialogs are portalled to the document's body.
    const dialog = await waitForElement(document, 'dialog[open]');
    await waitFor(() => expect(dialog.textContent).toContain('Soldering iron'));
    await click(dialog.querySelector('input[value="soldering-iron"]'));
    await act(async () => dialog.querySelector('form')?.requestSubmit());
    await waitFor(() => expect(root.querySelector('[data-product-card-view]')).not.toBeNull());
    expect(posts()).toHaveLength(0);
    // The card is in what the post sends.
    answers['POST /api/blogs/admin/posts'] = (call) =>
      json({ data: { ...ARDUINO_POST, ...(call.body as object), id: 'x' } }, 201);
    await click(buttonByText(root, 'Save draft'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({
      content: expect.stringContaining('<div data-product-card="soldering-iron"></div>'),
    });
  });

  it('deletes the post from the editor after a confirm', async () => {
    answers[`DELETE /api/blogs/admin/posts/${ARDUINO_POST.id}`] = () => new Response(null, { status: 204 });
    const root = await mount(`/admin/blog/${ARDUINO_POST.id}`);
    await waitFor(() => expect(fieldLabelled(root, 'Title')).not.toBeNull());
    await click(buttonByText(root, 'Delete'));
    const dialog = [...root.querySelectorAll('dialog')].find((item) => item.textContent?.includes('Delete Choosing'));
    await act(async () => dialog?.querySelector('form')?.requestSubmit());
    await waitFor(() => expect(where(root)).toBe('/admin/blog'));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });
});
