import type { ShopperSession } from '#shared/contracts/accounts.ts';
import type { RemoteCartRow } from '#shared/contracts/cart.ts';
import type { Product } from '#shared/contracts/products.ts';
import { ApiError, apiGet } from '#web/lib/api-client.ts';
import { shopperRequest } from '#web/storefront/shopper-kit/shopper-api.ts';
import {
  clearShopperSession,
  SHOPPER_SESSION_KEY,
  useShopperSessionStore,
} from '#web/storefront/shopper-kit/shopper-session-store.ts';
import { type CartItem, isFollowingOtherTab, useCartStore } from '#web/stores/cart-store.ts';
import { itemKey, lineFromRow, mergeCarts, rowKey, type SyncMeta } from './merge-carts.ts';
import { useCartSyncStatus } from './sync-status.ts';

/**
 * The cart sync loop (docs/product.md#cart-sync): while a shopper is signed in and the browser is
 * online, the server cart is read every READ_INTERVAL_MS and merged into the local one; local
 * changes are written with the same calls. A failed write is tried again after 1, 2 and 4 s; after
 * that the conflict flag is set and the drawer offers a choice, while the merge goes on meanwhile.
 */
export const READ_INTERVAL_MS = 5000;
export const RETRY_DELAYS_MS = [1000, 2000, 4000] as const;
/** Which account the local lines were last merged with, and what is known of each line. */
export const SYNC_STORAGE_KEY = 'cedar-cart-sync';

interface SyncState {
  userId: string | null;
  lines: SyncMeta;
}

let state: SyncState = readState();
/** True while the sync itself writes the store, so its own changes are not taken for the shopper's. */
let applying = false;
/** Bumped on every local change: a read that started before one is not applied. */
let localVersion = 0;
let flushing: Promise<void> | null = null;
let flushAgain = false;
let timer: ReturnType<typeof setInterval> | undefined;

function readState(): SyncState {
  try {
    const value = JSON.parse(localStorage.getItem(SYNC_STORAGE_KEY) ?? 'null') as Partial<SyncState> | null;
    if (value && typeof value === 'object' && value.lines && typeof value.lines === 'object') {
      return { userId: typeof value.userId === 'string' ? value.userId : null, lines: value.lines };
    }
  } catch {
    // Broken storage: start over (the next read rebuilds what is known).
  }
  return { userId: null, lines: {} };
}

function saveState(next: SyncState): void {
  state = next;
  try {
    localStorage.setItem(SYNC_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Not saved: the sync still works in this tab.
  }
}

function setItems(items: CartItem[]): void {
  applying = true;
  try {
    useCartStore.setState({ items });
  } finally {
    applying = false;
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const signedIn = () => useShopperSessionStore.getState().session !== null;

/** Runs a write, trying again after each of RETRY_DELAYS_MS; a refusal (4xx) is final at once. */
async function withRetries<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      const final = error instanceof ApiError && error.isClientError;
      const delay = RETRY_DELAYS_MS[attempt];
      if (final || delay === undefined || !signedIn()) throw error;
      await wait(delay);
    }
  }
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

function addRow(item: CartItem, quantity: number) {
  return shopperRequest<RemoteCartRow>('/cart/items', {
    method: 'POST',
    body: {
      product_id: item.productId,
      quantity,
      ...(item.variantId ? { variant_id: item.variantId } : {}),
      selected_variations: item.selectedVariations,
    },
  });
}

/** Makes the server's line equal this local line (set, not add); the row it ends as. */
async function pushLine(item: CartItem, remoteId: string | null): Promise<RemoteCartRow> {
  if (remoteId) {
    try {
      const row = await shopperRequest<RemoteCartRow | null>(`/cart/items/${remoteId}`, {
        method: 'PUT',
        body: { quantity: item.quantity },
      });
      if (row) return row;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
  const row = await addRow(item, item.quantity);
  if (row.quantity === item.quantity) return row;
  // The server already had this line (another device added it meanwhile): set it to ours.
  const set = await shopperRequest<RemoteCartRow | null>(`/cart/items/${row.id}`, {
    method: 'PUT',
    body: { quantity: item.quantity },
  });
  return set ?? row;
}

async function deleteRow(remoteId: string): Promise<void> {
  try {
    await shopperRequest(`/cart/items/${remoteId}`, { method: 'DELETE' });
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}

/** Writes every owed line; clears the conflict flag when all landed, sets it when one failed for good. */
async function flushOnce(): Promise<void> {
  let failed = false;
  for (const [key, line] of Object.entries(state.lines)) {
    if (!line.pending || !signedIn()) continue;
    const item = useCartStore.getState().items.find((candidate) => itemKey(candidate) === key);
    try {
      if (!item) {
        if (line.remoteId) await withRetries(() => deleteRow(line.remoteId as string));
        const { [key]: _gone, ...rest } = state.lines;
        saveState({ ...state, lines: rest });
        continue;
      }
      const row = await withRetries(() => pushLine(item, line.remoteId));
      const now = useCartStore.getState().items.find((candidate) => itemKey(candidate) === key);
      // Changed again while writing: stays owed, with the row's id known.
      const settled = now?.quantity === item.quantity;
      saveState({
        ...state,
        lines: { ...state.lines, [key]: { ...line, remoteId: row.id, pending: !settled, removed: false } },
      });
    } catch {
      failed = true;
    }
  }
  if (failed) useCartSyncStatus.setState({ conflict: true });
  else if (!Object.values(state.lines).some((line) => line.pending)) useCartSyncStatus.setState({ conflict: false });
}

/** One flush at a time; a change during one runs another after it. */
function flush(): Promise<void> {
  if (flushing) {
    flushAgain = true;
    return flushing;
  }
  flushing = flushOnce().finally(() => {
    flushing = null;
    if (flushAgain) {
      flushAgain = false;
      void flush();
    }
  });
  return flushing;
}

async function productsFor(rows: readonly RemoteCartRow[]): Promise<CartItem[]> {
  const lines = await Promise.all(
    rows.map((row) =>
      apiGet<Product>(`/products/${encodeURIComponent(row.product_id)}`)
        .then((product) => lineFromRow(row, product))
        .catch(() => null),
    ),
  );
  return lines.filter((line) => line !== null);
}

let reading = false;
/** Reads the server cart and merges it in (skipped while offline or while a read runs). */
export async function readAndMerge(): Promise<void> {
  if (reading || !signedIn() || !navigator.onLine) return;
  reading = true;
  try {
    const version = localVersion;
    const rows = await shopperRequest<RemoteCartRow[]>('/cart');
    const merged = mergeCarts(useCartStore.getState().items, rows, state.lines);
    const added = await productsFor(merged.missing);
    // The shopper changed the cart meanwhile: the next read merges with that instead.
    if (version !== localVersion || !signedIn()) return;
    setItems([...merged.items, ...added]);
    saveState({ ...state, lines: merged.meta });
    if (Object.values(merged.meta).some((line) => line.pending)) void flush();
  } catch {
    // Offline or the server is away: the next tick tries again.
  } finally {
    reading = false;
  }
}

/** A local change (add, quantity, remove, clear): each line it touched is owed to the server. */
function onLocalChange(items: readonly CartItem[], previous: readonly CartItem[]): void {
  if (applying || isFollowingOtherTab() || !signedIn() || items === previous) return;
  const before = new Map(previous.map((item) => [itemKey(item), item.quantity]));
  const after = new Map(items.map((item) => [itemKey(item), item.quantity]));
  const now = new Date().toISOString();
  const lines = { ...state.lines };
  let changed = false;
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    if (before.get(key) === after.get(key)) continue;
    changed = true;
    lines[key] = { remoteId: lines[key]?.remoteId ?? null, updatedAt: now, pending: true, removed: !after.has(key) };
  }
  if (!changed) return;
  localVersion += 1;
  saveState({ ...state, lines });
  void flush();
}

/**
 * Signing in: the guest's lines are added to the account's (quantities summed by the server, within
 * its limits), once per account; then the usual read brings the account's other lines.
 */
async function mergeGuestCart(session: ShopperSession): Promise<void> {
  saveState({ userId: session.user.id, lines: {} });
  const items = useCartStore.getState().items;
  const lines: SyncMeta = {};
  const kept: CartItem[] = [];
  for (const item of items) {
    try {
      const row = await addRow(item, item.quantity);
      lines[itemKey(item)] = { remoteId: row.id, updatedAt: row.updated_at, pending: false };
      kept.push({ ...item, quantity: Math.max(1, Math.min(row.quantity, item.maxQuantity)) });
    } catch (error) {
      // Refused (sold out, over the limit): the line stays here, and is written as the local one.
      kept.push(item);
      if (!(error instanceof ApiError && error.isClientError)) lines[itemKey(item)] = pendingLine(item);
    }
  }
  if (useShopperSessionStore.getState().session?.user.id !== session.user.id) return;
  setItems(kept);
  saveState({ userId: session.user.id, lines });
}

const pendingLine = (item: CartItem) => ({ remoteId: null, updatedAt: item.addedAt, pending: true });

/** Signing out leaves an empty local cart (the server keeps the account's). */
function signOut(): void {
  setItems([]);
  saveState({ userId: null, lines: {} });
  useCartSyncStatus.setState({ conflict: false });
}

async function onSession(session: ShopperSession | null): Promise<void> {
  if (!session) {
    if (state.userId) signOut();
    return;
  }
  if (state.userId !== session.user.id) await mergeGuestCart(session);
  await readAndMerge();
}

/** "Keep this device's cart": the server cart becomes the local one. */
export async function keepThisDevice(): Promise<void> {
  useCartSyncStatus.setState({ resolving: true });
  try {
    const rows = await shopperRequest<RemoteCartRow[]>('/cart');
    const items = useCartStore.getState().items;
    const local = new Set(items.map(itemKey));
    await Promise.all(rows.filter((row) => !local.has(rowKey(row))).map((row) => deleteRow(row.id)));
    const remoteIds = new Map(rows.map((row) => [rowKey(row), row.id]));
    const lines: SyncMeta = {};
    for (const item of items) {
      const key = itemKey(item);
      lines[key] = { remoteId: remoteIds.get(key) ?? null, updatedAt: new Date().toISOString(), pending: true };
    }
    saveState({ ...state, lines });
    await flush();
  } finally {
    useCartSyncStatus.setState({ resolving: false });
  }
}

/** "Use the saved cart": the local cart becomes the server's. */
export async function takeSavedCart(): Promise<void> {
  useCartSyncStatus.setState({ resolving: true });
  try {
    const rows = await shopperRequest<RemoteCartRow[]>('/cart');
    const items = await productsFor(rows);
    const lines: SyncMeta = {};
    for (const row of rows) lines[rowKey(row)] = { remoteId: row.id, updatedAt: row.updated_at, pending: false };
    localVersion += 1;
    setItems(items);
    saveState({ ...state, lines });
    useCartSyncStatus.setState({ conflict: false });
  } finally {
    useCartSyncStatus.setState({ resolving: false });
  }
}

let started = false;
/** Starts the sync once per page (start.ts calls it when a session is stored). */
export function startCartSync(): void {
  if (started) return;
  started = true;
  useCartStore.subscribe((next, previous) => onLocalChange(next.items, previous.items));
  useShopperSessionStore.subscribe((next, previous) => {
    if (next.session?.user.id !== previous.session?.user.id) void onSession(next.session);
  });
  // Signed out in another tab: this one signs out too.
  window.addEventListener('storage', (event) => {
    if (event.key === SHOPPER_SESSION_KEY && event.newValue === null) clearShopperSession();
  });
  window.addEventListener('online', () => void readAndMerge());
  timer = setInterval(() => void readAndMerge(), READ_INTERVAL_MS);
  void onSession(useShopperSessionStore.getState().session);
}

/** For tests: stops the loop. */
export function stopCartSync(): void {
  clearInterval(timer);
}
