import type { RemoteCartRow } from '#shared/contracts/cart.ts';
import type { Product } from '#shared/contracts/products.ts';
import { inVariationOrder, optionsKey } from '#shared/product-variants.ts';
import { maxQuantityOf, variantOfLine } from '#web/storefront/cart-kit/cart-actions.ts';
import { offerOf } from '#web/storefront/catalogue-kit/variant-selection.ts';
import type { CartItem } from '#web/stores/cart-store.ts';

/**
 * The merge of docs/product.md#cart-sync, as pure functions: the browser's lines and the server's
 * rows meet by product and identical selected variations (the line key); the newer side wins.
 */

/** What the sync knows of one line key: its server row, when it last changed, and whether a write is owed. */
export interface LineSync {
  /** The server row's id, once known. */
  remoteId: string | null;
  /** When this side last changed the line (a local edit) or took the server's (a row's updated_at). */
  updatedAt: string;
  /** A local change the server has not taken yet (flush writes it). */
  pending: boolean;
  /** The local change was a removal. */
  removed?: boolean;
}
export type SyncMeta = Record<string, LineSync>;

export const lineKey = (productId: string, selected: Readonly<Record<string, string>>): string =>
  `${productId}|${optionsKey(selected)}`;
export const itemKey = (item: Pick<CartItem, 'productId' | 'selectedVariations'>) =>
  lineKey(item.productId, item.selectedVariations);
export const rowKey = (row: Pick<RemoteCartRow, 'product_id' | 'selected_variations'>) =>
  lineKey(row.product_id, row.selected_variations);

const time = (iso: string | undefined): number => {
  const value = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(value) ? 0 : value;
};

export interface MergeResult {
  items: CartItem[];
  meta: SyncMeta;
  /** Rows only the server has: the caller reads their products and adds them with `lineFromRow`. */
  missing: RemoteCartRow[];
}

/**
 * Merges the server's rows into the local lines:
 * - both sides: the newer one's quantity (local: the last edit, else addedAt; server: updated_at),
 *   never above the line's maxQuantity; an older local edit still owed is dropped;
 * - only local, never on the server or changed since: kept (flush writes it);
 * - only local, known to the server and unchanged here: removed elsewhere, so removed here;
 * - only on the server, removed here later than the row's last change: stays removed (flush
 *   deletes it); otherwise it is added here (`missing`).
 */
export function mergeCarts(local: readonly CartItem[], remote: readonly RemoteCartRow[], meta: SyncMeta): MergeResult {
  const rows = new Map(remote.map((row) => [rowKey(row), row]));
  const next: SyncMeta = {};
  const items: CartItem[] = [];
  for (const item of local) {
    const key = itemKey(item);
    const known = meta[key];
    const row = rows.get(key);
    rows.delete(key);
    if (!row) {
      if (known?.remoteId && !known.pending) continue;
      next[key] = { remoteId: null, updatedAt: known?.updatedAt ?? item.addedAt, pending: true };
      items.push(item);
      continue;
    }
    const localTime = time(known?.updatedAt ?? item.addedAt);
    if (time(row.updated_at) > localTime) {
      items.push({ ...item, quantity: Math.max(1, Math.min(row.quantity, item.maxQuantity)) });
      next[key] = { remoteId: row.id, updatedAt: row.updated_at, pending: false };
    } else {
      items.push(item);
      const owed = row.quantity !== item.quantity;
      next[key] = { remoteId: row.id, updatedAt: known?.updatedAt ?? item.addedAt, pending: owed };
    }
  }
  const missing: RemoteCartRow[] = [];
  for (const [key, row] of rows) {
    const known = meta[key];
    if (known?.removed && known.pending && time(known.updatedAt) >= time(row.updated_at)) {
      next[key] = { ...known, remoteId: row.id };
      continue;
    }
    missing.push(row);
    next[key] = { remoteId: row.id, updatedAt: row.updated_at, pending: false };
  }
  // Removals still owed whose rows are already gone need no more work.
  return { items, meta: next, missing };
}

/**
 * A local line for a server row, from the product as the store API answers it; null when the
 * product or its variant is no longer sold. The quantity is clamped to the line's maximum.
 */
export function lineFromRow(row: RemoteCartRow, product: Product): CartItem | null {
  if (!product.is_active) return null;
  const variant = variantOfLine(product, row.variant_id, row.selected_variations);
  if (!variant && (product.variants ?? []).length > 0) return null;
  const offer = offerOf(product, variant);
  const max = maxQuantityOf(product, offer);
  return {
    id: `${product.id}-${Date.parse(row.created_at) || Date.now()}`,
    productId: product.id,
    variantId: variant?.id ?? row.variant_id,
    sku: offer.sku ?? null,
    name: product.name,
    price: offer.price,
    compareAtPrice: offer.compare_at_price,
    image: variant?.image ?? product.images[0] ?? null,
    quantity: Math.max(1, Math.min(row.quantity, max)),
    inStock: offer.in_stock,
    maxQuantity: max,
    // The server's row keeps its options in the database's key order; the line shows the product's.
    selectedVariations: inVariationOrder(row.selected_variations, product.variations),
    addedAt: row.created_at,
  };
}
