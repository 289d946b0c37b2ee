import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VARIANT_OUT_OF_STOCK_MESSAGE, VARIANT_UNAVAILABLE_MESSAGE } from '#shared/contracts/orders.ts';
import { PI_ID, PI_VARIANTS, PLAIN_ID, piProduct, plainProduct } from '#web/storefront/catalogue-kit/test-fixtures.ts';
import { CART_STORAGE_KEY, newSessionId, rehydrateCart, repairCart, useCartStore } from '#web/stores/cart-store.ts';
import {
  addToCart,
  adoptVariants,
  CART_MESSAGES,
  clearCart,
  optionsText,
  reduceLineTo,
  removeFromCart,
  updateQuantity,
} from './cart-actions.ts';

/** The API as the network boundary: GET /api/products/{id} answers from this table. */
const catalogue: Record<string, object | undefined> = {};
const product = (id: string, overrides: object = {}) => ({
  id,
  name: `Product ${id}`,
  price: 12.5,
  compare_at_price: 15,
  images: [`/uploads/${id}.webp`],
  in_stock: true,
  stock_quantity: 3,
  is_active: true,
  ...overrides,
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const id = decodeURIComponent(url.split('/').pop() ?? '');
      const found = catalogue[id];
      return found
        ? new Response(JSON.stringify({ data: found }), { status: 200 })
        : new Response(JSON.stringify({ message: 'Product not found', statusCode: 404, code: 'NOT_FOUND' }), {
            status: 404,
          });
    }),
  );
  useCartStore.setState({ items: [], error: null, isLoading: false, lastSyncAt: null });
  catalogue.a = product('a');
  catalogue.b = product('b', { stock_quantity: 500 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const state = () => useCartStore.getState();

describe('addToCart', () => {
  it('adds a line from the server copy of the product and stamps the sync time', async () => {
    await addToCart('a', null, 2, { Color: 'Black' });
    expect(state().items).toEqual([
      expect.objectContaining({
        productId: 'a',
        name: 'Product a',
        price: 12.5,
        compareAtPrice: 15,
        image: '/uploads/a.webp',
        quantity: 2,
        maxQuantity: 3,
        inStock: true,
        selectedVariations: { Color: 'Black' },
      }),
    ]);
    expect(state().items[0]?.id).toMatch(/^a-\d+$/);
    expect(state()).toMatchObject({ isLoading: false, error: null });
    expect(state().lastSyncAt).not.toBeNull();
  });

  it('merges the same product with the same choices, and keeps other choices apart', async () => {
    await addToCart('a', null, 1, { Color: 'Black', Size: 'M' });
    await addToCart('a', null, 1, { Size: 'M', Color: 'Black' });
    await addToCart('a', null, 1, { Color: 'White', Size: 'M' });
    expect(state().items.map((item) => item.quantity)).toEqual([2, 1]);
  });

  it('refuses more than the stock, merged quantity included, with the message of docs/product.md#cart-messages kept and rethrown', async () => {
    await addToCart('a', null, 2);
    await expect(addToCart('a', null, 2)).rejects.toThrow('Cannot add more than 3 items');
    expect(state().error).toBe('Cannot add more than 3 items');
    expect(state().items[0]?.quantity).toBe(2);
    // Unknown stock or more than 100 in stock: at most 100.
    await expect(addToCart('b', null, 101)).rejects.toThrow('Cannot add more than 100 items');
  });

  it("stops at the product's max_per_order when it is below the stock (issue 18)", async () => {
    catalogue.m = product('m', { stock_quantity: 500, max_per_order: 10 });
    await expect(addToCart('m', null, 11)).rejects.toThrow('Cannot add more than 10 items');
    await addToCart('m', null, 6);
    await expect(addToCart('m', null, 5)).rejects.toThrow('Cannot add more than 10 items');
    await addToCart('m', null, 4);
    expect(state().items[0]).toMatchObject({ quantity: 10, maxQuantity: 10 });
    // The stock is the bound when it is the smaller one.
    catalogue.s = product('s', { stock_quantity: 2, max_per_order: 10 });
    await expect(addToCart('s', null, 3)).rejects.toThrow('Cannot add more than 2 items');
  });

  it('checks the product on the server: withdrawn, inactive and sold-out products are refused', async () => {
    await expect(addToCart('gone', null)).rejects.toThrow(CART_MESSAGES.notFound);
    catalogue.c = product('c', { is_active: false });
    await expect(addToCart('c', null)).rejects.toThrow(CART_MESSAGES.notFound);
    catalogue.d = product('d', { in_stock: false, stock_quantity: 0 });
    await expect(addToCart('d', null)).rejects.toThrow(CART_MESSAGES.outOfStock);
    expect(state().items).toEqual([]);
  });

  it('reports a network failure as the generic cart error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(addToCart('a', null)).rejects.toThrow(CART_MESSAGES.addFailed);
    expect(state().error).toBe(CART_MESSAGES.addFailed);
  });
});

describe('addToCart with variants (decision 012 §6)', () => {
  const { twoBlack, fourBlack, fourWhite, eightBlack } = PI_VARIANTS;
  beforeEach(() => {
    catalogue[PI_ID] = piProduct();
    catalogue[PLAIN_ID] = plainProduct();
  });

  it("adds the variant's price, SKU, photo and options, bounded by the variant's stock", async () => {
    await addToCart(PI_ID, eightBlack.id, 1);
    expect(state().items).toEqual([
      expect.objectContaining({
        productId: PI_ID,
        variantId: eightBlack.id,
        sku: eightBlack.sku,
        price: 75,
        compareAtPrice: 85,
        image: '/uploads/pi-8gb.webp',
        maxQuantity: 2,
        selectedVariations: { Memory: '8 GB', Colour: 'Black' },
      }),
    ]);
    await expect(addToCart(PI_ID, eightBlack.id, 2)).rejects.toThrow('Cannot add more than 2 items');
    // A variant without a photo of its own shows the product's first.
    await addToCart(PI_ID, fourWhite.id, 1);
    expect(state().items[1]?.image).toBe('/uploads/pi.webp');
  });

  it("keeps a line's options in the product's order, as its page shows them, not the database's (issue 32)", async () => {
    // jsonb hands a variant's options back in its own key order: Colour before Memory.
    const product = piProduct();
    catalogue[PI_ID] = {
      ...product,
      variants: product.variants.map((variant) => ({
        ...variant,
        options: { Colour: variant.options.Colour, Memory: variant.options.Memory },
      })),
    };
    // Quick view passes the variant's options as its choices, in that same order.
    await addToCart(PI_ID, eightBlack.id, 1, { Colour: 'Black', Memory: '8 GB' });
    const line = state().items[0];
    expect(Object.keys(line?.selectedVariations ?? {})).toEqual(['Memory', 'Colour']);
    expect(optionsText(line?.selectedVariations ?? {})).toBe('Memory: 8 GB · Colour: Black');
  });

  it('merges the same variant, and keeps two variants as two lines', async () => {
    await addToCart(PI_ID, twoBlack.id, 1, { Colour: 'Black', Memory: '2 GB' });
    await addToCart(PI_ID, twoBlack.id, 2);
    await addToCart(PI_ID, eightBlack.id, 1);
    expect(state().items.map((item) => [item.variantId, item.quantity])).toEqual([
      [twoBlack.id, 3],
      [eightBlack.id, 1],
    ]);
  });

  it("keeps all the product's lines together within its max_per_order", async () => {
    catalogue[PI_ID] = piProduct({ max_per_order: 4 });
    await addToCart(PI_ID, twoBlack.id, 3);
    await expect(addToCart(PI_ID, fourWhite.id, 2)).rejects.toThrow('Cannot add more than 4 items');
    await addToCart(PI_ID, fourWhite.id, 1);
    expect(state().items.reduce((sum, item) => sum + item.quantity, 0)).toBe(4);
  });

  it('refuses a sold-out or withdrawn variant with the words of docs/product.md#cart-messages', async () => {
    await expect(addToCart(PI_ID, fourBlack.id)).rejects.toThrow(VARIANT_OUT_OF_STOCK_MESSAGE);
    await expect(addToCart(PI_ID, '30000000-0000-4000-8000-00000000dead')).rejects.toThrow(VARIANT_UNAVAILABLE_MESSAGE);
    // The page loaded before the merchant deactivated 8 GB: the fresh read no longer lists it.
    catalogue[PI_ID] = piProduct({ variants: [twoBlack] });
    await expect(addToCart(PI_ID, eightBlack.id)).rejects.toThrow(VARIANT_UNAVAILABLE_MESSAGE);
    // A product whose one default variant is sold out keeps the product's words.
    catalogue[PLAIN_ID] = plainProduct({ stock_quantity: 0 });
    await expect(addToCart(PLAIN_ID, null)).rejects.toThrow(CART_MESSAGES.outOfStock);
    expect(state().items).toEqual([]);
  });

  it('merges into a line stored before variants existed, which then names its variant', async () => {
    const plain = plainProduct();
    const old = {
      id: 'old-1',
      productId: PLAIN_ID,
      name: 'Breadboard',
      price: 6,
      quantity: 2,
      maxQuantity: 8,
      addedAt: '2026-01-01T00:00:00Z',
    };
    useCartStore.setState(repairCart({ items: [old] }));
    expect(state().items[0]).toMatchObject({ variantId: null, sku: null, selectedVariations: {} });
    await addToCart(PLAIN_ID, plain.variants[0]?.id ?? null, 1);
    expect(state().items).toEqual([
      expect.objectContaining({ id: 'old-1', quantity: 3, variantId: plain.variants[0]?.id, sku: 'BB-1' }),
    ]);
  });

  it("fills an old line's variant from checkout's calculate answer", () => {
    const old = {
      id: 'old-1',
      productId: PI_ID,
      name: 'Pi',
      price: 35,
      quantity: 1,
      maxQuantity: 5,
      addedAt: '2026-01-01T00:00:00Z',
      selectedVariations: { Memory: '2 GB', Colour: 'Black' },
    };
    useCartStore.setState(repairCart({ items: [old] }));
    adoptVariants([{ product_id: 'another', variant_id: fourWhite.id, sku: 'X' }]);
    expect(state().items[0]?.variantId).toBeNull();
    adoptVariants([{ product_id: PI_ID, variant_id: twoBlack.id, sku: twoBlack.sku }]);
    expect(state().items[0]).toMatchObject({ variantId: twoBlack.id, sku: twoBlack.sku });
  });
});

describe('changing the cart', () => {
  beforeEach(async () => {
    await addToCart('a', null, 1);
    await addToCart('b', null, 1);
  });
  const lineOf = (productId: string) => state().items.find((item) => item.productId === productId)?.id ?? '';

  it('changes a quantity within the line maximum', async () => {
    await updateQuantity(lineOf('a'), 3);
    expect(state().items[0]?.quantity).toBe(3);
    await expect(updateQuantity(lineOf('a'), 4)).rejects.toThrow('Cannot exceed maximum quantity of 3');
    expect(state().error).toBe('Cannot exceed maximum quantity of 3');
  });

  it("reduces a line to checkout's fix and keeps it there (reduceLineTo)", async () => {
    await updateQuantity(lineOf('b'), 20);
    await reduceLineTo(lineOf('b'), 10);
    expect(state().items[1]).toMatchObject({ quantity: 10, maxQuantity: 10 });
    await expect(updateQuantity(lineOf('b'), 11)).rejects.toThrow('Cannot exceed maximum quantity of 10');
  });

  it('removes a line whose quantity goes below 1, or on request; clears everything', async () => {
    await updateQuantity(lineOf('a'), 0);
    expect(state().items.map((item) => item.productId)).toEqual(['b']);
    await removeFromCart(lineOf('b'));
    expect(state().items).toEqual([]);
    await addToCart('a', null);
    await clearCart();
    expect(state().items).toEqual([]);
    expect(state().error).toBeNull();
  });

  it('persists items, sessionId and lastSyncAt under cart-storage', async () => {
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null');
    expect(stored.version).toBe(1);
    expect(Object.keys(stored.state).sort()).toEqual(['items', 'lastSyncAt', 'sessionId']);
    expect(stored.state.items).toHaveLength(2);
    expect(stored.state.sessionId).toMatch(/^session_\d+_[a-z0-9]+$/);
  });
});

describe('the stored cart', () => {
  it('drops lines that are not lines and clamps quantities', () => {
    const good = {
      id: 'a-1',
      productId: 'a',
      name: 'A',
      price: 5,
      quantity: 500,
      maxQuantity: 300,
      addedAt: '2026-01-01T00:00:00Z',
    };
    const repaired = repairCart({ items: [good, { ...good, price: 'free' }, null, 42], sessionId: 7 });
    expect(repaired.items).toHaveLength(1);
    expect(repaired.items[0]).toMatchObject({ quantity: 100, maxQuantity: 100, image: null, selectedVariations: {} });
    expect(repaired.sessionId).toMatch(/^session_/);
    expect(repairCart('not a cart').items).toEqual([]);
  });

  it('reads a hand-edited or corrupt entry without failing', () => {
    localStorage.setItem(CART_STORAGE_KEY, '{"state":');
    rehydrateCart();
    expect(state().items).toEqual([]);
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ state: { items: [], sessionId: newSessionId(), lastSyncAt: null }, version: 1 }),
    );
    rehydrateCart();
    expect(state().sessionId).toMatch(/^session_/);
  });
});
