import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SITE_CONFIG_ELEMENT_ID } from '#shared/constants.ts';
import type { Product } from '#shared/contracts/products.ts';
import { plainProduct, variantId } from '#web/storefront/catalogue-kit/test-fixtures.ts';
import { useCartStore } from '#web/stores/cart-store.ts';
import { byRole } from '#web/test/queries.ts';
import { type Rendered, render, waitFor } from '#web/test/render.tsx';
import { ProductPage } from './product-page.tsx';

/**
 * The product page's rules that need no browser: the sale's saving, the stepper's limits, the
 * out-of-stock state, Ask on WhatsApp and the related products. They were E2E tests
 * (product.spec.ts, storefront-selling.spec.ts) that opened a seeded product each; the same
 * assertions here run on the page component with the product in the query cache, as the
 * server-drawn page leaves it. The API is the network boundary (fetch).
 */
let view: Rendered | undefined;

/** The shop's configuration as the server embeds it (the E2E server's defaults: a WhatsApp number, three notes). */
beforeAll(() => {
  const config = document.createElement('script');
  config.type = 'application/json';
  config.id = SITE_CONFIG_ELEMENT_ID;
  config.textContent = JSON.stringify({
    whatsappNumber: '+961 70 123 456',
    notes: { delivery: 'Delivery across Lebanon.', returns: 'Returns within 14 days.', warranty: 'One year.' },
  });
  document.head.append(config);
});

/** Products the related-products list answers with, by category slug. */
let listed: Product[] = [];

beforeEach(() => {
  listed = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const address = new URL(url, 'http://shop.test');
      const data = address.pathname.endsWith('/products') ? listed : [];
      return new Response(
        JSON.stringify({ data, pagination: { page: 1, limit: 5, total: data.length, totalPages: 1 } }),
        { status: 200 },
      );
    }),
  );
  useCartStore.setState({ items: [] });
});
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function renderPage(product: Product): Promise<HTMLElement> {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  const { productKeys } = await import('#web/storefront/catalogue-kit/product-queries.ts');
  client.setQueryData(productKeys.detail(product.slug), product);
  view = await render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/product/${product.slug}`]}>
        <Routes>
          <Route path="/product/:id" element={<ProductPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return view.container;
}

/** A product of one default variant with its own price, compare-at price and stock. */
function productWith({ price, compareAt, stock }: { price: number; compareAt: number | null; stock: number }) {
  const product = plainProduct({ stock_quantity: stock, price, compare_at_price: compareAt });
  return {
    ...product,
    variants: product.variants.map((variant) => ({ ...variant, price, compare_at_price: compareAt })),
  };
}

const quantityOf = (page: HTMLElement) =>
  page.querySelector<HTMLInputElement>('input[type="number"]') as HTMLInputElement;
const stepButton = (page: HTMLElement, name: 'Increase quantity' | 'Decrease quantity') =>
  byRole<HTMLButtonElement>(page, 'button', name) as HTMLButtonElement;
/** Unavailable to the shopper: `disabled`, or `aria-disabled` (what Playwright's toBeDisabled read). */
const isUnavailable = (button: HTMLButtonElement) => button.disabled || button.getAttribute('aria-disabled') === 'true';
const stepperNotice = (page: HTMLElement) =>
  [...page.querySelectorAll('[role="status"]')].map((element) => element.textContent ?? '').join('|');

async function leave(input: HTMLInputElement, typed: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, typed);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => input.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
}

describe('product page rules', () => {
  it('a sale shows the saving in money and percent', async () => {
    // $55.00 → $48.00: $7.00, 12.7 % rounded.
    const page = await renderPage(productWith({ price: 48, compareAt: 55, stock: 8 }));
    expect(page.textContent).toContain('Save $7.00 (13%)');
    // The struck-through original price (its "Was" is for screen readers).
    expect(page.querySelector('s')?.textContent).toContain('$55.00');
  });

  it('the quantity stepper stays between 1 and the stock, and a typed number is clamped when the field is left', async () => {
    const page = await renderPage(productWith({ price: 20, compareAt: null, stock: 3 }));
    const quantity = quantityOf(page);
    const increase = stepButton(page, 'Increase quantity');
    const decrease = stepButton(page, 'Decrease quantity');
    expect(quantity.value).toBe('1');
    expect(isUnavailable(decrease)).toBe(true);

    for (const expected of ['2', '3']) {
      await act(async () => increase.click());
      expect(quantity.value).toBe(expected);
    }
    expect(isUnavailable(increase)).toBe(true);
    await act(async () => decrease.click());
    expect(quantity.value).toBe('2');

    // Clamped on leaving the field, and the shopper is told (the words of docs/product.md#cart-messages).
    await leave(quantity, '50');
    expect(quantity.value).toBe('3');
    expect(stepperNotice(page)).toContain('Cannot add more than 3 items');
    expect(isUnavailable(increase)).toBe(true);
    await leave(quantity, '0');
    expect(quantity.value).toBe('1');
    expect(isUnavailable(decrease)).toBe(true);

    // Reaching a limit keeps the keyboard focus on the button: it is only aria-disabled there, a
    // real `disabled` would drop the focus of someone who just pressed it.
    await act(async () => increase.focus());
    await act(async () => increase.click());
    expect(quantity.value).toBe('2');
    await act(async () => decrease.focus());
    await act(async () => decrease.click());
    expect(quantity.value).toBe('1');
    expect(isUnavailable(decrease)).toBe(true);
    expect(decrease.disabled).toBe(false);
    expect(document.activeElement).toBe(decrease);
  });

  it('add to cart is enabled in stock; out of stock disables it and the stepper', async () => {
    let page = await renderPage(productWith({ price: 20, compareAt: null, stock: 8 }));
    expect((byRole<HTMLButtonElement>(page, 'button', 'Add to cart') as HTMLButtonElement).disabled).toBe(false);
    view?.unmount();

    page = await renderPage(productWith({ price: 20, compareAt: null, stock: 0 }));
    expect(page.textContent).toContain('Out of stock');
    expect(quantityOf(page).disabled).toBe(true);
    expect(isUnavailable(stepButton(page, 'Increase quantity'))).toBe(true);
    expect(isUnavailable(stepButton(page, 'Decrease quantity'))).toBe(true);
    expect((byRole<HTMLButtonElement>(page, 'button', 'Add to cart') as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks on WhatsApp with the product name and its link, above the delivery, returns and warranty lines', async () => {
    const product = productWith({ price: 20, compareAt: null, stock: 8 });
    const page = await renderPage(product);
    const ask = byRole<HTMLAnchorElement>(page, 'link', /Ask on WhatsApp/) as HTMLAnchorElement;
    expect(ask.target).toBe('_blank');
    // The full address is the browser's (filled in after hydration; the server does not know it).
    const href = new URL(ask.href);
    expect(`${href.origin}${href.pathname} ${href.searchParams.get('text')}`).toBe(
      `https://wa.me/96170123456 Hello! I have a question about ${product.name}: ${window.location.origin}/product/${product.slug}`,
    );
    const notes = page.querySelector('ul[aria-label="Delivery, returns and warranty"]');
    expect(notes?.querySelectorAll('li')).toHaveLength(3);
  });

  it('related products are up to four other products of the same category', async () => {
    const category = { id: '40000000-0000-4000-8000-000000000001', name: 'Arduino', slug: 'arduino' };
    const product = { ...productWith({ price: 20, compareAt: null, stock: 8 }), category_id: category.id, category };
    const others = [1, 2, 3, 4, 5].map((n) =>
      plainProduct({ id: variantId(200 + n), name: `Arduino board ${n}`, slug: `arduino-board-${n}`, category }),
    );
    // The list (of the category) includes the product itself, which the section leaves out.
    listed = [others[0] as Product, product, ...others.slice(1)];
    const page = await renderPage(product);
    await waitFor(() => expect(page.querySelector('section[aria-labelledby="related-title"]')).not.toBeNull());
    const related = page.querySelector('section[aria-labelledby="related-title"]') as HTMLElement;
    const names = [...related.querySelectorAll('article h3, article h2')].map((heading) => heading.textContent?.trim());
    expect(names).toEqual(['Arduino board 1', 'Arduino board 2', 'Arduino board 3', 'Arduino board 4']);
    // The request asked for the product's category.
    const asked = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(asked.some((url) => url.includes('/products?') && url.includes('category=arduino'))).toBe(true);
    // Below the fold: their images load lazily.
    for (const image of related.querySelectorAll('img')) expect(image.getAttribute('loading')).toBe('lazy');
  });
});
