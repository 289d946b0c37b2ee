import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { adminTestSetup, click, type, where } from '#web/test/admin.tsx';
import { errorBody, json, pagination, recordedApi, route } from '#web/test/api.ts';
import { waitFor } from '#web/test/render.tsx';
import { BlogPostsPage } from './blog-posts-page.tsx';
import { ARDUINO_POST, DRAFT_POST, GUIDES, NEWS } from './test-fixtures.ts';

const SCHEDULED = {
  ...DRAFT_POST,
  id: '40000000-0000-4000-8000-000000000003',
  title: 'Router power for the cuts',
  status: 'scheduled' as const,
  published_at: '2030-01-02T08:30:00.000Z',
};

const { toasts, mountRoutes } = adminTestSetup();

const { calls, answers } = recordedApi((path) => {
  if (path === 'GET /api/blogs/admin/posts')
    return json({ data: [{ ...ARDUINO_POST, is_demo: true }, DRAFT_POST, SCHEDULED], pagination: pagination(3) });
  if (path === 'GET /api/blogs/admin/categories') return json({ data: [GUIDES, NEWS] });
  return errorBody('Not found', 404);
});

const ROUTES = {
  '/admin/blog': <BlogPostsPage />,
  '/admin/blog/:id': <p>Editor</p>,
};
const mount = (entry: string) => mountRoutes(ROUTES, entry);

const listCalls = () => calls.filter((call) => route(call) === 'GET /api/blogs/admin/posts').map((call) => call.url);
/** A filter bar select, found by its visually hidden label. */
const selectLabelled = (root: ParentNode, label: string) =>
  [...root.querySelectorAll('label')]
    .find((item) => item.querySelector('.sr-only')?.textContent === label)
    ?.querySelector('select') ?? null;
const buttonByText = (root: ParentNode, text: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')].find((button) => button.textContent?.trim().startsWith(text));

describe('BlogPostsPage', () => {
  it('lists every status with its thumb, slug, category, badge (a scheduled post with its date), views and actions', async () => {
    const root = await mount('/admin/blog');
    await waitFor(() => expect(root.querySelectorAll('tbody tr')).toHaveLength(3));
    const rows = [...root.querySelectorAll('tbody tr')];
    const cells = (index: number) => [...(rows[index]?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent);
    expect(cells(0)[0]).toBe('Choosing an Arduino board/blog/choosing-an-arduino-board');
    expect(cells(0)[1]).toBe('Guides');
    // The demo post (unchanged since the seed) is marked.
    expect(cells(0)[2]).toBe('PublishedDemo');
    expect(cells(0)[4]).toBe((1234).toLocaleString());
    expect(cells(1)[1]).toBe('—');
    expect(cells(1)[2]).toBe('Draft');
    expect(cells(2)[2]).toMatch(/^Scheduled.*2030/);
    expect(rows[0]?.querySelector('img')?.getAttribute('src')).toBe(ARDUINO_POST.featured_image);
    // View on site for the public post only, in a new tab.
    const view = root.querySelector<HTMLAnchorElement>('a[aria-label="View Choosing an Arduino board on the site"]');
    expect(view?.getAttribute('href')).toBe('/blog/choosing-an-arduino-board');
    expect(view?.target).toBe('_blank');
    expect(root.querySelector('a[aria-label="View Soldering starter kit on the site"]')).toBeNull();
    expect(root.querySelector(`a[aria-label="Edit Soldering starter kit"]`)?.getAttribute('href')).toBe(
      `/admin/blog/${DRAFT_POST.id}`,
    );
  });

  it('keeps the status tab, category, search and sort in the URL and asks the server for them', async () => {
    const root = await mount(`/admin/blog?category_id=${GUIDES.id}`);
    await waitFor(() => expect(root.querySelector('tbody tr')).not.toBeNull());
    expect(listCalls()[0]).toContain(`category_id=${GUIDES.id}`);
    // The category select offers the loaded categories and shows the URL's.
    const category = selectLabelled(root, 'Category');
    await waitFor(() => expect(category?.value).toBe(GUIDES.id));

    await click(buttonByText(root.querySelector('[aria-label="Post status"]') ?? root, 'Scheduled'));
    await waitFor(() => expect(where(root)).toContain('status=scheduled'));
    await waitFor(() => expect(listCalls().at(-1)).toContain('status=scheduled'));

    await type(selectLabelled(root, 'Sort posts'), 'view_count:desc');
    await waitFor(() => expect(where(root)).toContain('sort=view_count%3Adesc'));
    await waitFor(() => expect(listCalls().at(-1)).toMatch(/sort_by=view_count&sort_order=desc/));

    await type(root.querySelector('input[type="search"]'), 'arduino');
    await waitFor(() => expect(where(root)).toContain('search=arduino'), 2000);
    expect(where(root)).toContain(`category_id=${GUIDES.id}`);
  });

  it('deletes a post after a confirm', async () => {
    answers[`DELETE /api/blogs/admin/posts/${DRAFT_POST.id}`] = () => new Response(null, { status: 204 });
    const root = await mount('/admin/blog');
    await waitFor(() => expect(root.querySelector('tbody tr')).not.toBeNull());
    await click(root.querySelector('[aria-label="Delete Soldering starter kit"]'));
    const dialog = [...root.querySelectorAll('dialog')].find((item) =>
      item.textContent?.includes('Delete Soldering starter kit?'),
    );
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await act(async () => dialog?.querySelector('form')?.requestSubmit());
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Soldering starter kit deleted'));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      `/api/blogs/admin/posts/${DRAFT_POST.id}`,
    ]);
  });

  it('duplicates a post as a draft copy and opens it', async () => {
    answers[`GET /api/blogs/admin/posts/${ARDUINO_POST.id}`] = () => json({ data: ARDUINO_POST });
    answers['POST /api/blogs/admin/posts'] = (call) =>
      json({ data: { ...ARDUINO_POST, ...(call.body as object), id: 'copy-id' } }, 201);
    const root = await mount('/admin/blog');
    await waitFor(() => expect(root.querySelector('tbody tr')).not.toBeNull());
    await click(root.querySelector('[aria-label="Duplicate Choosing an Arduino board"]'));
    await waitFor(() => expect(where(root)).toBe('/admin/blog/copy-id'));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      title: 'Choosing an Arduino board (copy)',
      status: 'draft',
      content: ARDUINO_POST.content,
      category_id: GUIDES.id,
    });
  });

  it('invites to write the first post when there is none', async () => {
    answers['GET /api/blogs/admin/posts'] = () => json({ data: [], pagination: pagination(0) });
    const root = await mount('/admin/blog');
    await waitFor(() => expect(root.textContent).toContain('No posts yet.'));
    const links = [...root.querySelectorAll('a')].filter((link) => link.textContent === 'Write the first post');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/admin/blog/new']);
  });
});
