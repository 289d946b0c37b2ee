import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BlogPost } from '#shared/contracts/blog.ts';
import { plainProduct } from '#web/storefront/catalogue-kit/test-fixtures.ts';
import { mentionedProductRefs, postHeadings, splitPostHtml } from '#web/storefront/content-kit/post-content.ts';
import { advanceFakeTime, type Rendered, render, waitFor } from '#web/test/render.tsx';
import { blogPost, blogSummary } from './blog-fixtures.ts';
import { BlogPostPage } from './blog-post-page.tsx';

/** /blog/{slug} against a fake API at the network boundary (fetch). */
const LONG = blogPost(
  1,
  [
    '<p>Intro.</p>',
    '<h2 id="section-power">Power &amp; batteries</h2><p>Text.</p>',
    '<div data-product-card="breadboard"></div>',
    '<h3 id="section-cells">Cells</h3><p>See the <a href="/product/breadboard">breadboard</a> and the <a href="/product/gone-product">old one</a>.</p>',
    '<h2 id="section-wiring">Wiring</h2><p>Done.</p>',
    '<div data-product-card="gone-product"></div>',
  ].join(''),
  { title: 'Keeping the router on', slug: 'keeping-the-router-on' },
);
const SHORT = blogPost(2, '<h2 id="section-one">One</h2><p>a</p><h2 id="section-two">Two</h2><p>b</p>', {
  slug: 'short-one',
});
const RELATED = [blogSummary(3), blogSummary(4)];
let view: Rendered | undefined;
let calls: string[] = [];

function respond(url: URL): Response {
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  const missing = () => json({ success: false, error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  const posts: Record<string, BlogPost> = { [LONG.slug]: LONG, [SHORT.slug]: SHORT };
  const related = /^\/api\/blogs\/posts\/([^/]+)\/related$/.exec(url.pathname);
  if (related) return json({ data: RELATED });
  const post = /^\/api\/blogs\/posts\/([^/]+)$/.exec(url.pathname);
  if (post) return posts[post[1] ?? ''] ? json({ data: posts[post[1] ?? ''] }) : missing();
  if (url.pathname === '/api/products/breadboard') return json({ data: plainProduct() });
  if (url.pathname.startsWith('/api/products/')) return missing();
  throw new Error(`unexpected ${url}`);
}

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      calls.push(input);
      return respond(new URL(input, 'http://shop.test'));
    }),
  );
});
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function renderPost(slug: string, { strict = false } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const tree = (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/blog/${slug}`]}>
        <Routes>
          <Route path="/blog/:slug" element={<BlogPostPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>
  );
  view = await render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return view.container;
}

const viewCalls = () => calls.filter((url) => url.includes('increment_views=true'));

describe('/blog/{slug}', () => {
  it('draws the article: category link, title, author initial, date, reading time, eager featured image', async () => {
    const page = await renderPost(LONG.slug);
    await waitFor(() => expect(page.querySelector('h1')?.textContent).toBe('Keeping the router on'));
    const header = page.querySelector('header');
    expect(header?.querySelector('a')?.getAttribute('href')).toBe('/blog?category=guides');
    expect(header?.textContent).toContain('R');
    expect(header?.textContent).toContain('Rania Haddad');
    expect(header?.textContent).toContain('4 min read');
    expect(header?.querySelector('time')?.getAttribute('dateTime')).toBe(LONG.published_at);
    const image = page.querySelector('article > div img');
    expect(image?.getAttribute('loading')).toBe('eager');
    expect(image?.getAttribute('fetchpriority')).toBe('high');
  });

  it('has a table of contents from 3 headings, linking to their ids', async () => {
    const page = await renderPost(LONG.slug);
    await waitFor(() => expect(page.querySelector('nav[aria-labelledby="toc-title"]')).not.toBeNull());
    const links = [...page.querySelectorAll('nav[aria-labelledby="toc-title"] a')].map((link) => [
      link.textContent,
      link.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Power & batteries', '#section-power'],
      ['Cells', '#section-cells'],
      ['Wiring', '#section-wiring'],
    ]);
    expect(page.querySelector('#section-power')?.tagName).toBe('H2');
  });

  it('has no table of contents for a short post (2 headings)', async () => {
    const page = await renderPost(SHORT.slug);
    await waitFor(() => expect(page.querySelector('h1')).not.toBeNull());
    expect(page.querySelector('nav[aria-labelledby="toc-title"]')).toBeNull();
  });

  it('shares to WhatsApp, Facebook and X with plain links, in that order, then Copy link', async () => {
    const page = await renderPost(LONG.slug);
    await waitFor(() => expect(page.querySelector('[data-share="whatsapp"]')).not.toBeNull());
    const url = `${window.location.origin}/blog/keeping-the-router-on`;
    const shares = [...page.querySelectorAll('[data-share]')].map((item) => [
      item.getAttribute('data-share'),
      item.getAttribute('href'),
    ]);
    expect(shares).toEqual([
      ['whatsapp', `https://wa.me/?text=${encodeURIComponent(`Keeping the router on ${url}`)}`],
      ['facebook', `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`],
      ['x', `https://x.com/intent/post?text=Keeping+the+router+on&url=${encodeURIComponent(url)}`],
      ['copy', null],
    ]);
  });

  it('draws embedded product cards from the products it loads, leaves out a missing one, and lists the products mentioned', async () => {
    const page = await renderPost(LONG.slug);
    await waitFor(() => expect(page.querySelector('[data-product-card="breadboard"] article')).not.toBeNull());
    expect(page.querySelector('[data-product-card="breadboard"] a')?.getAttribute('href')).toBe('/product/breadboard');
    expect(page.querySelector('[data-product-card="gone-product"]')).toBeNull();
    // "Products mentioned" loads its own code (products-mentioned-lazy.tsx).
    await waitFor(() => expect(page.querySelector('[data-mentioned-product]')).not.toBeNull());
    const mentioned = [...page.querySelectorAll('[data-mentioned-product]')].map((item) =>
      item.getAttribute('data-mentioned-product'),
    );
    expect(mentioned).toEqual(['breadboard']);
    expect(page.querySelector('[data-mentioned-product] button')?.textContent).toContain('Add to cart');
    // One request per product named, each once, whichever way it is named.
    expect(calls.filter((url) => url.startsWith('/api/products/'))).toEqual([
      '/api/products/breadboard',
      '/api/products/gone-product',
    ]);
  });

  it('shows related posts as small cards', async () => {
    const page = await renderPost(LONG.slug);
    await waitFor(() => expect(page.querySelector('section[aria-labelledby="related-title"]')).not.toBeNull());
    const links = [...page.querySelectorAll('section[aria-labelledby="related-title"] h3 a')].map((link) =>
      link.getAttribute('href'),
    );
    expect(links).toEqual(['/blog/post-3', '/blog/post-4']);
  });

  it('counts one view per page load, from the browser, even with effects run twice (StrictMode)', async () => {
    vi.useFakeTimers();
    const page = await renderPost(LONG.slug, { strict: true });
    await waitFor(() => expect(page.querySelector('h1')).not.toBeNull());
    await waitFor(() => expect(viewCalls()).toHaveLength(1));
    await advanceFakeTime(10_000);
    expect(viewCalls()).toHaveLength(1);
    expect(viewCalls()[0]).toBe('/api/blogs/posts/keeping-the-router-on?increment_views=true');
  });

  it('shows the not-found screen for an unknown slug, counting nothing', async () => {
    const page = await renderPost('no-such-post');
    await waitFor(() => expect(page.querySelector('h1')?.textContent).toBe('Article not found'));
    expect(viewCalls()).toHaveLength(0);
  });
});

describe('reading a post’s HTML', () => {
  it('finds headings, the products named, and the cards that stand between blocks', () => {
    expect(postHeadings(LONG.content).map((heading) => heading.level)).toEqual([2, 3, 2]);
    expect(mentionedProductRefs(LONG.content)).toEqual(['breadboard', 'gone-product']);
    const segments = splitPostHtml(
      '<p>a</p><div data-product-card="x"></div><ul><li><div data-product-card="y"></div></li></ul>',
    );
    expect(segments.map((segment) => segment.type)).toEqual(['html', 'card', 'html']);
    expect(segments[2]).toMatchObject({ html: '<ul><li><div data-product-card="y"></div></li></ul>' });
  });
});
