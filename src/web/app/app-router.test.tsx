import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Rendered, render, waitFor } from '#web/test/render.tsx';
import { AppProviders } from './providers.tsx';
import { AppRouter } from './router.tsx';

const product = {
  id: '10000000-0000-4000-8000-000000000001',
  slug: 'galaxy-s24',
  name: 'Galaxy S24',
  brand: 'Samsung',
  price: 899,
  compare_at_price: null,
  images: [],
  in_stock: true,
  stock_quantity: 10,
  low_stock_threshold: 5,
  description: 'A phone.',
  specs: [{ key: 'Storage', value: '256 GB' }],
  variations: [],
  category: null,
  sku: 'S24',
  rating: 0,
  review_count: 0,
};
const page = (data: unknown[]) => ({
  data,
  pagination: { page: 1, limit: 20, total: data.length, totalPages: 1, hasNext: false, hasPrev: false },
});

/** A fake API: the network boundary of the app. */
function fakeApi(url: string): Response {
  const { pathname } = new URL(url, 'http://shop.test');
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  if (pathname === '/api/categories') return json({ data: [] });
  if (pathname === '/api/products/featured') return json({ data: [product] });
  if (pathname === '/api/products/new-arrivals') return json({ data: [] });
  if (pathname === '/api/products') return json(page([product]));
  if (pathname === '/api/products/galaxy-s24') return json({ data: product });
  if (pathname === '/api/blogs/categories') return json({ data: [] });
  if (pathname === '/api/blogs/posts') return json(page([]));
  if (pathname === '/api/search') {
    const hit = {
      ...product,
      tags: [],
      excerpt: product.description,
      featured: false,
      created_at: '2026-01-01T00:00:00Z',
    };
    const facets = { category: {}, brand: { Samsung: 1 }, in_stock: { true: 1 } };
    return json({
      data: { hits: [hit], total: 1, processingTimeMs: 1, facets, facet_choices: facets, limit: 20, offset: 0 },
    });
  }
  return json({ message: 'Not found', statusCode: 404, code: 'NOT_FOUND', errors: [] }, 404);
}

let view: Rendered | undefined;
const fetchMock = vi.fn(async (input: string) => fakeApi(input));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  view?.unmount();
  fetchMock.mockClear();
  vi.unstubAllGlobals();
});

async function visit(path: string): Promise<HTMLElement> {
  window.history.pushState({}, '', path);
  view = await render(
    <AppProviders>
      <AppRouter />
    </AppProviders>,
  );
  return view.container;
}

/**
 * Waits for a heading. Generous: under test, /admin compiles the whole admin app on first import,
 * which took over the 1 s default on a loaded 2-core machine (it is about 1.5 s when quiet).
 */
async function waitForText(container: HTMLElement, selector: string, text: string) {
  await waitFor(() => expect(container.querySelector(selector)?.textContent).toContain(text), 15_000);
}

describe('app routes', () => {
  it('puts the skip link first and the landmarks in place', async () => {
    const app = await visit('/');
    const first = app.querySelector('a, button, input');
    expect(first?.textContent).toBe('Skip to main content');
    expect(first?.getAttribute('href')).toBe('#main-content');
    expect(app.querySelector('header nav#site-nav')).not.toBeNull();
    expect(app.querySelector('main#main-content')).not.toBeNull();
    expect(app.querySelector('input#site-search')?.getAttribute('aria-label')).toBe('Search products');
    // The footer loads right after the first paint (decision 004).
    await waitFor(() => expect(app.querySelector('footer')).not.toBeNull());
  });

  it('renders the home screen with its products', async () => {
    const app = await visit('/');
    await waitForText(app, 'h1', 'Cedar Shop');
    await waitFor(() => expect(app.querySelector('a[href="/product/galaxy-s24"]')).not.toBeNull());
    const paths = fetchMock.mock.calls.map(([url]) => url);
    // One featured list for the hero's picks and the Featured section; new arrivals leave those out.
    expect(paths).toContain('/api/products/featured?limit=9');
    expect(paths).toContain('/api/products/new-arrivals?limit=8');
    expect(paths).toContain('/api/categories');
  });

  it('renders a product page by slug, ready to add to the cart', async () => {
    const app = await visit('/product/galaxy-s24');
    await waitForText(app, 'h1', 'Galaxy S24');
    const addToCart = [...app.querySelectorAll('button')].find((button) => button.textContent?.includes('Add to cart'));
    expect(addToCart?.hasAttribute('disabled')).toBe(false);
    expect(app.querySelector('table')?.textContent).toContain('256 GB');
  });

  it('shows a friendly not-found view for a missing product', async () => {
    const app = await visit('/product/nope');
    await waitForText(app, 'h1', 'Product not found');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/products/nope')).toHaveLength(1);
  });

  it('shows the not-found page for an unknown path and for /admin without a session', async () => {
    for (const path of ['/no/such/page', '/admin', '/admin/products']) {
      const app = await visit(path);
      await waitForText(app, 'h1', 'Page not found');
      const back = [...app.querySelectorAll('main a')].find((a) => a.textContent === 'Back to the shop');
      expect(back?.getAttribute('href')).toBe('/');
      view?.unmount();
      view = undefined;
    }
  });

  it('sends a search to the store', async () => {
    const app = await visit('/');
    const input = app.querySelector<HTMLInputElement>('#site-search');
    if (!input) throw new Error('no search box');
    // Its first focus loads the combobox, which then handles the submit inside the app.
    await act(async () => input.focus());
    await waitFor(() => expect(input.getAttribute('role')).toBe('combobox'));
    input.value = 'galaxy s24';
    await act(async () => {
      input.form?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    expect(window.location.pathname + window.location.search).toBe('/store?q=galaxy+s24');
    await waitForText(app, 'h1', 'Results for “galaxy s24”');
  });

  it('shows the checkout (empty cart), the blog and the not-found screen of an unknown post', async () => {
    for (const [path, heading] of [
      ['/checkout', 'Your cart is empty'],
      ['/blog', 'blog'],
      ['/blog/some-post', 'Article not found'],
    ] as const) {
      const app = await visit(path);
      await waitForText(app, 'h1', heading);
      view?.unmount();
      view = undefined;
    }
  });
});
