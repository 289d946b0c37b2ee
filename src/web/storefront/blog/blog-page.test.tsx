import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BlogPostSummary } from '#shared/contracts/blog.ts';
import { type Rendered, render, waitFor } from '#web/test/render.tsx';
import { blogSummary, EMPTY, GUIDES, NEWS } from './blog-fixtures.ts';
import { BlogPage } from './blog-page.tsx';

/**
 * /blog against a fake API at the network boundary (fetch): 14 posts, the third featured, the
 * 14th in News. The list's state is its URL.
 */
const POSTS: BlogPostSummary[] = Array.from({ length: 14 }, (_, index) =>
  blogSummary(index + 1, {
    is_featured: index === 2,
    ...(index === 13 && { category_id: NEWS.id, category: { id: NEWS.id, name: NEWS.name, slug: NEWS.slug } }),
  }),
);
const PAGE_SIZE = 12;
let view: Rendered | undefined;
let location = '';
let listCalls: URL[] = [];

function Where() {
  const current = useLocation();
  location = `${current.pathname}${current.search}`;
  return null;
}

function answer(url: URL): unknown {
  if (url.pathname === '/api/blogs/categories') return { data: [GUIDES, NEWS, EMPTY] };
  if (url.pathname === '/api/blogs/posts') {
    listCalls.push(url);
    const page = Number(url.searchParams.get('page') ?? 1);
    const search = url.searchParams.get('search')?.toLowerCase();
    const categoryId = url.searchParams.get('category_id');
    const matching = POSTS.filter(
      (post) =>
        (!search || post.title.toLowerCase().includes(search)) && (!categoryId || post.category_id === categoryId),
    );
    const data = matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    const totalPages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
    return {
      data,
      pagination: {
        page,
        limit: PAGE_SIZE,
        total: matching.length,
        totalPages,
        hasNext: page < totalPages,
        hasPrev: page > 1,
      },
    };
  }
  throw new Error(`unexpected ${url}`);
}

beforeEach(() => {
  listCalls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => new Response(JSON.stringify(answer(new URL(input, 'http://shop.test'))))),
  );
});
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
});

async function renderBlog(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  view = await render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/blog"
            element={
              <>
                <BlogPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const page = view.container;
  await waitFor(() => expect(page.querySelector('[aria-busy="true"]')).toBeNull());
  return page;
}

const cardTitles = (page: HTMLElement) => [...page.querySelectorAll('ul h2 a')].map((link) => link.textContent);
const chips = (page: HTMLElement) =>
  [...page.querySelectorAll('nav[aria-label="Blog categories"] a')].map((link) => ({
    text: link.textContent,
    href: link.getAttribute('href'),
    current: link.getAttribute('aria-current'),
  }));

describe('/blog', () => {
  it('shows the newest featured post large on page 1 and the others as cards, with their details', async () => {
    const page = await renderBlog('/blog');
    const featured = page.querySelector('article:not(ul article)');
    expect(featured?.textContent).toContain('Featured');
    expect(featured?.querySelector('h2 a')?.getAttribute('href')).toBe('/blog/post-3');
    expect(featured?.querySelector('img')?.getAttribute('loading')).toBe('eager');
    const titles = cardTitles(page);
    expect(titles).toHaveLength(11);
    expect(titles).not.toContain('Post number 3');
    const card = page.querySelector('ul article');
    expect(card?.textContent).toContain('Guides');
    expect(card?.textContent).toContain('The excerpt of post 1.');
    expect(card?.textContent).toContain('4 min read');
    expect(card?.querySelector('time')?.getAttribute('dateTime')).toBe(POSTS[0]?.published_at);
    expect(card?.querySelector('img')?.getAttribute('srcset')).toContain('post-1-400.webp 400w');
  });

  it('offers a chip per category with posts (not the empty one), links that filter through the URL', async () => {
    const page = await renderBlog('/blog');
    expect(chips(page)).toEqual([
      { text: 'All articles', href: '/blog', current: 'page' },
      { text: 'Guides3', href: '/blog?category=guides', current: null },
      { text: 'News1', href: '/blog?category=news', current: null },
    ]);
    await act(async () => page.querySelector<HTMLAnchorElement>('a[href="/blog?category=news"]')?.click());
    await waitFor(() => expect(cardTitles(page)).toEqual(['Post number 14']));
    expect(location).toBe('/blog?category=news');
    expect(listCalls.at(-1)?.searchParams.get('category_id')).toBe(NEWS.id);
    // A filtered list has no featured post; the chip is marked current and the heading follows it.
    expect(page.textContent).not.toContain('Featured');
    expect(chips(page).find((chip) => chip.current === 'page')?.text).toBe('News1');
    expect(page.querySelector('h1')?.textContent).toBe('News');
  });

  it('searches with a GET form (works without JavaScript) and says when nothing matches, with a way back', async () => {
    const page = await renderBlog('/blog?category=guides');
    const form = page.querySelector('search form');
    expect(form?.getAttribute('action')).toBe('/blog');
    expect(form?.getAttribute('method')).toBe('get');
    expect(form?.querySelector<HTMLInputElement>('input[type="hidden"][name="category"]')?.value).toBe('guides');
    const box = form?.querySelector<HTMLInputElement>('input[name="q"]');
    expect(box?.labels?.[0]?.textContent).toBe('Search articles');
    if (box) box.value = 'nothing like this';
    await act(async () => form?.querySelector<HTMLButtonElement>('button[type="submit"]')?.click());
    await waitFor(() => expect(page.textContent).toContain('No articles match “nothing like this” in Guides.'));
    expect(location).toBe('/blog?category=guides&q=nothing+like+this');
    expect(page.querySelector('a[href="/blog"].btn-secondary')?.textContent).toBe('Show all articles');
  });

  it('pages with links: page 2 shows the rest, no featured post, and a link back to page 1', async () => {
    const page = await renderBlog('/blog?page=2');
    expect(cardTitles(page)).toEqual(['Post number 13', 'Post number 14']);
    expect(page.textContent).not.toContain('Featured');
    const pager = page.querySelector('nav[aria-label="Pagination"]');
    expect(pager?.querySelector('[aria-current="page"]')?.textContent).toBe('Page 2');
    expect(pager?.querySelector('a[rel="prev"]')?.getAttribute('href')).toBe('/blog');
    expect(pager?.querySelector('a[aria-label="Page 1"]')?.getAttribute('href')).toBe('/blog');
    expect(pager?.querySelector('a[rel="next"]')).toBeNull();
  });

  it('says so for a category that does not exist', async () => {
    const page = await renderBlog('/blog?category=nope');
    expect(page.textContent).toContain('There is no blog category “nope”.');
    expect(listCalls).toHaveLength(0);
  });
});
