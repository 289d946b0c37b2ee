import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Product } from '#shared/contracts/products.ts';
import { resetPreferences, updateProductView } from '#web/storefront/shopper-kit/preference-actions.ts';
import { type Rendered, render, waitFor } from '#web/test/render.tsx';
import { ProductCard } from './product-card.tsx';
import type { ProductCardData } from './product-card-data.ts';
import { productKeys } from './product-queries.ts';

const product: ProductCardData = {
  id: '10000000-0000-4000-8000-000000000001',
  slug: 'galaxy-s24',
  name: 'Galaxy S24',
  brand: 'Samsung',
  price: 899.5,
  price_max: 899.5,
  compare_at_price: 999,
  images: ['/uploads/products/galaxy-1-800.webp'],
  in_stock: true,
  rating: 0,
  review_count: 0,
};

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  resetPreferences();
  localStorage.clear();
});

async function renderCard(data: ProductCardData, eager = false, queryClient = new QueryClient()) {
  view = await render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ProductCard product={data} eager={eager} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return view.container;
}

const quickViewButton = (card: HTMLElement) => card.querySelector<HTMLButtonElement>('button[aria-haspopup="dialog"]');

describe('ProductCard', () => {
  it('links to the product by slug and shows name, brand and price', async () => {
    const card = await renderCard(product);
    const link = card.querySelector('h3 a');
    expect(link?.getAttribute('href')).toBe('/product/galaxy-s24');
    expect(link?.textContent).toBe('Galaxy S24');
    expect(card.textContent).toContain('Samsung');
    expect(card.textContent).toContain('$899.50');
  });

  it('strikes through a higher compare-at price and shows the saving', async () => {
    const card = await renderCard(product);
    expect(card.querySelector('s')?.textContent).toContain('$999.00');
    expect(card.textContent).toContain('Save 10%');
  });

  it('shows from–to when the variants have different prices (decision 012)', async () => {
    const card = await renderCard({ ...product, price: 35, price_max: 75, compare_at_price: null });
    expect(card.textContent).toContain('$35.00 – $75.00');
    view?.unmount();
    expect((await renderCard({ ...product, compare_at_price: null })).textContent).not.toContain('–');
  });

  it('shows the stars and the review count when the product has reviews (docs/product.md#reviews-on-the-storefront)', async () => {
    expect((await renderCard(product)).querySelector('[role="img"]')).toBeNull();
    view?.unmount();
    const card = await renderCard({ ...product, rating: 4.46, review_count: 12 });
    const stars = card.querySelector('[role="img"]');
    expect(stars?.getAttribute('aria-label')).toBe('Rated 4.5 out of 5');
    // The filled layer is cut at 4.5 of 5 stars.
    expect(stars?.querySelectorAll('svg')[1]?.getAttribute('style')).toContain('inset(0 10% 0 0)');
    expect(stars?.parentElement?.textContent).toBe('(12 reviews)');
    view?.unmount();
    const one = await renderCard({ ...product, rating: 5, review_count: 1 });
    expect(one.querySelector('[role="img"]')?.parentElement?.textContent).toBe('(1 review)');
  });

  it('has no sale marks without a higher compare-at price', async () => {
    const card = await renderCard({ ...product, compare_at_price: null });
    expect(card.querySelector('s')).toBeNull();
    expect(card.textContent).not.toContain('Save');
  });

  it('draws a responsive image that loads lazily unless it is in the first row', async () => {
    const img = (await renderCard(product)).querySelector('img');
    expect(img?.getAttribute('srcset')).toBe(
      '/uploads/products/galaxy-1-400.webp 400w, /uploads/products/galaxy-1-800.webp 800w',
    );
    expect(img?.getAttribute('sizes')).toBeTruthy();
    expect(img?.getAttribute('width')).toBe('800');
    expect(img?.getAttribute('height')).toBe('800');
    expect(img?.getAttribute('loading')).toBe('lazy');
    view?.unmount();
    expect((await renderCard(product, true)).querySelector('img')?.getAttribute('loading')).toBe('eager');
  });

  it('marks a product that is out of stock', async () => {
    const card = await renderCard({ ...product, in_stock: false });
    expect(card.textContent).toContain('Out of stock');
    expect(card.textContent).not.toContain('Save');
  });

  it('shows a placeholder for a product without images', async () => {
    const card = await renderCard({ ...product, images: [] });
    expect(card.querySelector('img')).toBeNull();
    expect(card.querySelector('svg')).not.toBeNull();
  });

  it('hides the original price and the saving when the shopper turned them off', async () => {
    updateProductView({ showComparePrice: false });
    const card = await renderCard(product);
    expect(card.querySelector('s')).toBeNull();
    expect(card.textContent).not.toContain('Save');
    expect(card.textContent).toContain('$899.50');
  });

  it('has a quick-view button named after the product, unless quick view is turned off', async () => {
    const card = await renderCard(product);
    expect(quickViewButton(card)?.getAttribute('aria-label')).toBe('Quick view: Galaxy S24');
    view?.unmount();
    updateProductView({ enableQuickView: false });
    expect(quickViewButton(await renderCard(product))).toBeNull();
  });

  it('quick view opens a dialog with the summary and a link to the product, and gives focus back on close', async () => {
    // Seeded and never stale, so the dialog reads the cache and makes no request.
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    queryClient.setQueryData<Partial<Product>>(productKeys.detail('galaxy-s24'), {
      ...product,
      description: 'A bright 6.2-inch phone.\n\nSecond paragraph that the summary leaves out.',
      stock_quantity: 3,
      low_stock_threshold: 5,
    });
    const card = await renderCard(product, false, queryClient);
    const button = quickViewButton(card);
    await act(async () => button?.click());
    let dialog: HTMLDialogElement | null = null;
    await waitFor(() => {
      dialog = document.querySelector('dialog');
      expect(dialog?.open).toBe(true);
    });
    const opened = dialog as unknown as HTMLDialogElement;
    const title = opened.querySelector(`#${CSS.escape(opened.getAttribute('aria-labelledby') ?? '')}`);
    expect(title?.textContent).toBe('Galaxy S24');
    expect(opened.textContent).toContain('$899.50');
    expect(opened.textContent).toContain('Only 3 left in stock');
    expect(opened.textContent).toContain('A bright 6.2-inch phone.');
    expect(opened.textContent).not.toContain('Second paragraph');
    expect(opened.querySelector('a')?.getAttribute('href')).toBe('/product/galaxy-s24');

    const close = opened.querySelector<HTMLButtonElement>('button[aria-label="Close"]');
    await act(async () => close?.click());
    expect(document.querySelector('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('shows no Lebanese-pound price while the shop does not (the default)', async () => {
    const card = await renderCard(product);
    expect(card.textContent).not.toContain('LBP');
  });
});
