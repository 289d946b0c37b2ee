import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '#shared/contracts/products.ts';
import { useCartStore } from '#web/stores/cart-store.ts';
import { type Rendered, render, waitFor } from '#web/test/render.tsx';
import { productKeys } from './product-queries.ts';
import { QuickViewDialog, stockText } from './quick-view-dialog.tsx';
import { PI_VARIANTS, piProduct } from './test-fixtures.ts';

describe('quick view', () => {
  it('says how many are left at or under the low-stock threshold', () => {
    expect(stockText(true, { stock_quantity: 2, low_stock_threshold: 5 })).toBe('Only 2 left in stock');
    expect(stockText(true, { stock_quantity: 9, low_stock_threshold: 5 })).toBe('In stock');
    expect(stockText(false)).toBe('Out of stock');
  });
});

describe('quick view of a product with variants (decision 012 §6)', () => {
  let view: Rendered | undefined;
  let location = '';
  function Where() {
    const current = useLocation();
    location = `${current.pathname}${current.search}`;
    return null;
  }
  beforeEach(() => {
    // Add to cart reads the product fresh: the API answers with the fixture.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: piProduct() }), { status: 200 })),
    );
    useCartStore.setState({ items: [] });
  });
  afterEach(() => {
    view?.unmount();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  async function open(product: Product) {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    client.setQueryData(productKeys.detail(product.slug), product);
    view = await render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/store']}>
          <QuickViewDialog product={product} onClose={() => undefined} />
          <Where />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const dialog = document.querySelector('dialog');
    if (!dialog) throw new Error('no dialog');
    return dialog;
  }
  const radio = (dialog: HTMLElement, value: string) =>
    dialog.querySelector<HTMLInputElement>(`input[type="radio"][value="${value}"]`);

  it('uses the same picker, follows the choice without changing the URL, and adds the chosen variant', async () => {
    const dialog = await open(piProduct());
    expect(radio(dialog, '2 GB')?.checked).toBe(true);
    expect(radio(dialog, '4 GB')?.getAttribute('data-state')).toBe('sold-out');
    await act(async () => radio(dialog, '8 GB')?.click());
    expect(dialog.textContent).toContain('$75.00');
    expect(dialog.textContent).toContain('Only 2 left in stock');
    expect(dialog.querySelector('img')?.getAttribute('src')).toContain('pi-8gb');
    expect(location).toBe('/store');

    const add = [...dialog.querySelectorAll<HTMLButtonElement>('button')].find((button) =>
      button.textContent?.includes('Add to cart'),
    );
    await act(async () => add?.click());
    await waitFor(() =>
      expect(useCartStore.getState().items).toEqual([
        expect.objectContaining({ variantId: PI_VARIANTS.eightBlack.id, quantity: 1, price: 75 }),
      ]),
    );
  });
});
