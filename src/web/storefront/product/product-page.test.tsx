import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '#shared/contracts/products.ts';
import { productKeys } from '#web/storefront/catalogue-kit/product-queries.ts';
import { PI_VARIANTS, piProduct, plainProduct } from '#web/storefront/catalogue-kit/test-fixtures.ts';
import { useCartStore } from '#web/stores/cart-store.ts';
import { type Rendered, render, waitFor } from '#web/test/render.tsx';
import { ProductPage } from './product-page.tsx';

/**
 * The product page with a product of several variants (decision 012 §6). The product answer is
 * in the query cache, as the server-drawn page leaves it; the API is the network boundary (fetch).
 */
const { twoBlack, fourBlack, fourWhite, eightBlack } = PI_VARIANTS;
let view: Rendered | undefined;
let location = '';

function Where() {
  const current = useLocation();
  location = `${current.pathname}${current.search}`;
  return null;
}

async function renderPage(product: Product, url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(productKeys.detail(product.slug), product);
  view = await render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/product/:id"
            element={
              <>
                <ProductPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return view.container;
}

beforeEach(() => {
  // Related products and add-to-cart reads: answered from the fixtures.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.includes('/products/raspberry') || url.includes(piProduct().id)) {
        return new Response(JSON.stringify({ data: piProduct() }), { status: 200 });
      }
      return new Response(JSON.stringify({ data: [], pagination: { page: 1, limit: 5, total: 0, totalPages: 0 } }), {
        status: 200,
      });
    }),
  );
  useCartStore.setState({ items: [] });
});
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const radio = (page: HTMLElement, value: string) =>
  page.querySelector<HTMLInputElement>(`input[type="radio"][value="${value}"]`);
const text = (page: HTMLElement) => page.textContent ?? '';
const mainImage = (page: HTMLElement) => page.querySelector('img')?.getAttribute('src');

describe('product page with variants', () => {
  it('draws the variant named in ?variant= (what the server render reads): price, compare-at, stock, SKU, photo', async () => {
    const page = await renderPage(piProduct(), `/product/raspberry-pi-4?variant=${eightBlack.id}`);
    expect(radio(page, '8 GB')?.checked).toBe(true);
    expect(radio(page, 'Black')?.checked).toBe(true);
    expect(text(page)).toContain('$75.00');
    expect(page.querySelector('s')?.textContent).toContain('$85.00');
    expect(text(page)).toContain('Only 2 left in stock');
    expect(page.querySelector('.text-warning')?.textContent).toContain('Only 2 left');
    expect(text(page)).toContain(`SKU ${eightBlack.sku}`);
    expect(mainImage(page)).toContain('pi-8gb');
    expect(page.querySelector<HTMLInputElement>('input[type="number"]')?.max).toBe('2');
  });

  it('starts on the first variant in stock without ?variant=, and marks sold-out and unavailable values', async () => {
    const page = await renderPage(piProduct(), '/product/raspberry-pi-4');
    expect(radio(page, '2 GB')?.checked).toBe(true);
    expect(text(page)).toContain('$35.00');
    expect(text(page)).toContain('In stock');
    // 2 GB Black chosen: 4 GB Black is sold out, 8 GB Black is sold.
    expect(radio(page, '4 GB')?.getAttribute('data-state')).toBe('sold-out');
    expect(radio(page, '4 GB')?.getAttribute('aria-description')).toBe('Sold out');
    expect(radio(page, '4 GB')?.nextElementSibling?.className).toContain('line-through');
    expect(radio(page, '8 GB')?.getAttribute('data-state')).toBe('available');
    expect(radio(page, 'White')?.getAttribute('data-state')).toBe('available');
  });

  it('follows a choice: price, stock, SKU, photo and ?variant= (replaced, not pushed); a value not sold with the others moves them', async () => {
    const page = await renderPage(piProduct(), `/product/raspberry-pi-4?variant=${twoBlack.id}`);
    await act(async () => radio(page, 'White')?.click());
    expect(location).toBe(`/product/raspberry-pi-4?variant=${PI_VARIANTS.twoWhite.id}`);
    // With White chosen, 8 GB is not sold: dimmed and described, still clickable.
    const eight = radio(page, '8 GB');
    expect(eight?.getAttribute('data-state')).toBe('unavailable');
    expect(eight?.getAttribute('aria-description')).toBe('Not available with White');
    expect(eight?.disabled).toBe(false);
    await act(async () => radio(page, '4 GB')?.click());
    expect(location).toBe(`/product/raspberry-pi-4?variant=${fourWhite.id}`);
    expect(text(page)).toContain('$55.00');
    expect(text(page)).toContain('Only 3 left in stock');
    expect(text(page)).toContain(`SKU ${fourWhite.sku}`);
    await act(async () => radio(page, '8 GB')?.click());
    expect(location).toBe(`/product/raspberry-pi-4?variant=${eightBlack.id}`);
    expect(radio(page, 'Black')?.checked).toBe(true);
    expect(mainImage(page)).toContain('pi-8gb');
    expect(text(page)).toContain('$75.00');
  });

  it('turns Add to cart off for a sold-out variant, and adds the chosen one', async () => {
    const page = await renderPage(piProduct(), `/product/raspberry-pi-4?variant=${fourBlack.id}`);
    expect(text(page)).toContain('Out of stock');
    const add = () =>
      [...page.querySelectorAll<HTMLButtonElement>('button')].find((button) =>
        button.textContent?.includes('Add to cart'),
      );
    expect(add()?.disabled).toBe(true);
    await act(async () => radio(page, '8 GB')?.click());
    expect(add()?.disabled).toBe(false);
    await act(async () => add()?.click());
    await waitFor(() =>
      expect(useCartStore.getState().items).toEqual([
        expect.objectContaining({
          variantId: eightBlack.id,
          price: 75,
          selectedVariations: { Memory: '8 GB', Colour: 'Black' },
        }),
      ]),
    );
  });

  it('keeps free shared-stock choices for a product with only its default variant', async () => {
    const shared = plainProduct({
      slug: 'header-kit',
      variations: [{ name: 'Headers', options: ['Soldered', 'Loose'] }],
    });
    const page = await renderPage(shared, '/product/header-kit');
    expect(radio(page, 'Soldered')?.checked).toBe(true);
    expect(radio(page, 'Loose')?.getAttribute('data-state')).toBe('available');
    await act(async () => radio(page, 'Loose')?.click());
    expect(radio(page, 'Loose')?.checked).toBe(true);
    // The URL does not change: there is only one variant to name.
    expect(location).toBe('/product/header-kit');
  });
});

describe('a product never saved, opened offline (issue 32)', () => {
  afterEach(() => vi.restoreAllMocks());

  async function renderOffline(failFetch: () => Promise<Response>) {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal('fetch', vi.fn(failFetch));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    view = await render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/product/never-visited']}>
          <Routes>
            <Route path="/product/:id" element={<ProductPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return view.container;
  }

  it('says it is not available offline, with a way back to the store, instead of an error', async () => {
    // The service worker has no copy: the fetch fails as a network error does.
    const page = await renderOffline(async () => {
      throw new TypeError('Failed to fetch');
    });
    await waitFor(() => expect(page.querySelector('h1')?.textContent).toBe('Not available offline'));
    expect(page.querySelector('a[href="/store"]')?.textContent).toBe('Back to the store');
    expect(page.querySelector('[role="alert"]')).toBeNull();
  });

  it('shows the loading skeleton, not the message, while a saved copy may still answer', async () => {
    const page = await renderOffline(() => new Promise<Response>(() => {}));
    expect(page.querySelector('[role="status"]')?.textContent).toContain('Loading page');
    expect(page.textContent).not.toContain('Not available offline');
  });
});
