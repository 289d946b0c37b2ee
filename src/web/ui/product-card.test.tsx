import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type Rendered, render } from '#web/test/render.tsx';
import { ProductCard, type ProductCardData } from './product-card.tsx';

const product: ProductCardData = {
  id: '10000000-0000-4000-8000-000000000001',
  slug: 'galaxy-s24',
  name: 'Galaxy S24',
  brand: 'Samsung',
  price: 899.5,
  compare_at_price: 999,
  images: ['/uploads/products/galaxy-1-800.webp'],
  in_stock: true,
};

let view: Rendered | undefined;
afterEach(() => view?.unmount());

async function renderCard(data: ProductCardData, eager = false) {
  view = await render(
    <MemoryRouter>
      <ProductCard product={data} eager={eager} />
    </MemoryRouter>,
  );
  return view.container;
}

describe('ProductCard', () => {
  it('links to the product by slug and shows name, brand and price', async () => {
    const card = await renderCard(product);
    const link = card.querySelector('a');
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
});
