import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShopperSession } from '#shared/contracts/accounts.ts';
import type { RemoteCartRow } from '#shared/contracts/cart.ts';
import { PLAIN_ID, plainProduct, variantId } from '#web/storefront/catalogue-kit/test-fixtures.ts';
import { clearShopperSession, setShopperSession } from '#web/storefront/shopper-kit/shopper-session-store.ts';
import { CART_STORAGE_KEY, CART_VERSION, type CartItem, useCartStore } from '#web/stores/cart-store.ts';
import { READ_INTERVAL_MS, startCartSync, stopCartSync } from './cart-sync.ts';
import { useCartSyncStatus } from './sync-status.ts';

/**
 * The cart sync loop (docs/product.md#cart-sync) through its real stores and API client: only the
 * network is stubbed, answering by method and path, and fake timers drive the 5 s reads and the
 * 1 s / 2 s / 4 s backoff of a failed write.
 */

const ROW_ID = 'row-1';
const T0 = '2026-11-25T10:00:00.000Z';

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}
type Answer = (call: Call) => Response | Promise<Response>;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
const unavailable = () => json({ message: 'Service unavailable', statusCode: 503, code: 'UNAVAILABLE' }, 503);
const refused = () => json({ message: 'Out of stock', statusCode: 400, code: 'BAD_REQUEST', errors: [] }, 400);

const line: CartItem = {
  id: `${PLAIN_ID}-1`,
  productId: PLAIN_ID,
  variantId: variantId(99),
  sku: 'BB-1',
  name: 'Breadboard',
  price: 6,
  compareAtPrice: null,
  image: null,
  quantity: 2,
  inStock: true,
  maxQuantity: 8,
  selectedVariations: {},
  addedAt: T0,
};

const row = (overrides: Partial<RemoteCartRow> = {}): RemoteCartRow => ({
  id: ROW_ID,
  product_id: PLAIN_ID,
  variant_id: variantId(99),
  quantity: 2,
  selected_variations: {},
  created_at: T0,
  updated_at: T0,
  ...overrides,
});

const session = (): ShopperSession => ({
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  expires_in: 3600,
  // Far ahead: no refresh is attempted during the test.
  expires_at: Math.floor(Date.now() / 1000) + 365 * 24 * 3600,
  token_type: 'bearer',
  user: {
    id: 'user-1',
    email: 'shopper@example.com',
    phone: null,
    name: 'Shopper',
    email_verified: true,
    phone_verified: false,
    two_factor_enabled: false,
    created_at: T0,
    updated_at: T0,
  },
});

let calls: Call[] = [];
let answers: Record<string, Answer> = {};
const callsOf = (method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path).length;
const posts = () => callsOf('POST', '/api/cart/items');

/** Lets the awaited fetches and promise chains run, moving the fake clock by `ms`. */
const advance = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

async function signIn(): Promise<void> {
  setShopperSession(session());
  await advance();
}

beforeAll(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const call: Call = {
      method: init.method ?? 'GET',
      path: String(input).split('?')[0] ?? '',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return answers[`${call.method} ${call.path}`]?.(call) ?? json({ message: 'Not found' }, 404);
  });
  startCartSync();
});

beforeEach(() => {
  calls = [];
  answers = {
    'GET /api/cart': () => json({ data: [] }),
    'POST /api/cart/items': (call) => json({ data: row({ quantity: Number(call.body?.quantity) }) }, 201),
    [`GET /api/products/${PLAIN_ID}`]: () => json({ data: plainProduct() }),
  };
  useCartStore.setState({ items: [] });
  useCartSyncStatus.setState({ conflict: false });
});

afterEach(async () => {
  clearShopperSession();
  // Any wait still pending ends in a final refusal (no session): drain it.
  await advance(10_000);
});

afterAll(() => {
  stopCartSync();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('cart sync (docs/product.md#cart-sync)', () => {
  it('writes a local add with POST /api/cart/items', async () => {
    await signIn();
    useCartStore.setState({ items: [line] });
    await advance();

    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/cart/items');
    expect(post?.body).toEqual({
      product_id: PLAIN_ID,
      quantity: 2,
      variant_id: variantId(99),
      selected_variations: {},
    });
    expect(posts()).toBe(1);
    expect(useCartSyncStatus.getState().conflict).toBe(false);
  });

  it('does not send again a cart another tab wrote (that tab owns it, and may have just signed out)', async () => {
    answers['GET /api/cart'] = () => json({ data: [row()] });
    await signIn();
    await advance();
    expect(useCartStore.getState().items).toHaveLength(1);
    calls = [];

    // The other tab signed out and emptied its cart: this tab follows the empty cart from storage.
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ state: { items: [], sessionId: 'session_1_x', lastSyncAt: null }, version: CART_VERSION }),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, storageArea: localStorage }));
    await advance();

    expect(useCartStore.getState().items).toEqual([]);
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
  });

  it('retries a 503 after 1 s, 2 s and 4 s, then sets the conflict flag; it clears once the write lands', async () => {
    // The server is away for reads too, so only the backoff writes (no read re-queues the line).
    answers['GET /api/cart'] = unavailable;
    answers['POST /api/cart/items'] = unavailable;
    await signIn();
    useCartStore.setState({ items: [line] });
    await advance();
    expect(posts()).toBe(1);

    await advance(999);
    expect(posts()).toBe(1);
    await advance(1);
    expect(posts()).toBe(2);

    await advance(1999);
    expect(posts()).toBe(2);
    await advance(1);
    expect(posts()).toBe(3);

    await advance(3999);
    expect(posts()).toBe(3);
    expect(useCartSyncStatus.getState().conflict).toBe(false);
    await advance(1);
    expect(posts()).toBe(4);
    expect(useCartSyncStatus.getState().conflict).toBe(true);

    // Three retries and no more.
    await advance(READ_INTERVAL_MS * 2);
    expect(posts()).toBe(4);
    expect(useCartSyncStatus.getState().conflict).toBe(true);

    // The server is back: the next 5 s read finds the line still owed, writes it, and the flag clears.
    answers['GET /api/cart'] = () => json({ data: [] });
    answers['POST /api/cart/items'] = (call) => json({ data: row({ quantity: Number(call.body?.quantity) }) }, 201);
    await advance(READ_INTERVAL_MS);
    expect(posts()).toBe(5);
    expect(useCartSyncStatus.getState().conflict).toBe(false);
    expect(useCartStore.getState().items.map((item) => item.quantity)).toEqual([2]);
  });

  it('does not retry a 4xx refusal (the conflict flag is set at once)', async () => {
    answers['GET /api/cart'] = unavailable;
    answers['POST /api/cart/items'] = refused;
    await signIn();
    useCartStore.setState({ items: [line] });
    await advance();
    expect(posts()).toBe(1);
    expect(useCartSyncStatus.getState().conflict).toBe(true);

    await advance(1000 + 2000 + 4000 + 1000);
    expect(posts()).toBe(1);
    // The refused line stays in the local cart.
    expect(useCartStore.getState().items.map((item) => item.productId)).toEqual([PLAIN_ID]);
  });

  it('merges a line only the server has on the next 5 s read', async () => {
    await signIn();
    expect(callsOf('GET', '/api/cart')).toBe(1);
    expect(useCartStore.getState().items).toEqual([]);

    answers['GET /api/cart'] = () => json({ data: [row({ quantity: 3 })] });
    await advance(READ_INTERVAL_MS);

    expect(callsOf('GET', '/api/cart')).toBe(2);
    const items = useCartStore.getState().items;
    expect(items.map((item) => [item.productId, item.quantity, item.name])).toEqual([[PLAIN_ID, 3, 'Breadboard']]);
    // Taken from the server: nothing is written back.
    expect(posts()).toBe(0);
    expect(callsOf('PUT', `/api/cart/items/${ROW_ID}`)).toBe(0);
  });

  it('empties the local cart when the session is cleared', async () => {
    await signIn();
    useCartStore.setState({ items: [line] });
    await advance();
    expect(useCartStore.getState().items).toHaveLength(1);

    clearShopperSession();
    await advance();
    expect(useCartStore.getState().items).toEqual([]);
    expect(useCartSyncStatus.getState().conflict).toBe(false);

    // Signed out: no more reads or writes.
    const before = calls.length;
    await advance(READ_INTERVAL_MS * 2);
    expect(calls.length).toBe(before);
  });
});
