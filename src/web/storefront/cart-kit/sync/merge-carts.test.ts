import { describe, expect, it } from 'vitest';
import type { RemoteCartRow } from '#shared/contracts/cart.ts';
import { PI_ID, PI_VARIANTS, PLAIN_ID, piProduct, plainProduct } from '#web/storefront/catalogue-kit/test-fixtures.ts';
import type { CartItem } from '#web/stores/cart-store.ts';
import { itemKey, lineFromRow, mergeCarts, type SyncMeta } from './merge-carts.ts';

const EARLY = '2026-05-01T10:00:00.000Z';
const LATER = '2026-05-01T11:00:00.000Z';
const LATEST = '2026-05-01T12:00:00.000Z';

const item = (overrides: Partial<CartItem> = {}): CartItem => ({
  id: `${PLAIN_ID}-1`,
  productId: PLAIN_ID,
  variantId: null,
  sku: 'BB-1',
  name: 'Breadboard',
  price: 5,
  compareAtPrice: null,
  image: null,
  quantity: 2,
  inStock: true,
  maxQuantity: 8,
  selectedVariations: {},
  addedAt: EARLY,
  ...overrides,
});

const row = (overrides: Partial<RemoteCartRow> = {}): RemoteCartRow => ({
  id: 'row-1',
  product_id: PLAIN_ID,
  variant_id: null,
  quantity: 5,
  selected_variations: {},
  created_at: EARLY,
  updated_at: LATER,
  ...overrides,
});

describe('mergeCarts (docs/product.md#cart-sync)', () => {
  it('same line on both sides: the server row wins when it changed last', () => {
    const local = item();
    const result = mergeCarts([local], [row()], {
      [itemKey(local)]: { remoteId: 'row-1', updatedAt: EARLY, pending: false },
    });
    expect(result.items.map((line) => line.quantity)).toEqual([5]);
    expect(result.meta[itemKey(local)]).toEqual({ remoteId: 'row-1', updatedAt: LATER, pending: false });
    expect(result.missing).toEqual([]);
  });

  it('same line on both sides: a newer local change wins and stays owed to the server', () => {
    const local = item({ quantity: 3 });
    const meta: SyncMeta = { [itemKey(local)]: { remoteId: 'row-1', updatedAt: LATEST, pending: true } };
    const result = mergeCarts([local], [row()], meta);
    expect(result.items.map((line) => line.quantity)).toEqual([3]);
    expect(result.meta[itemKey(local)]).toEqual({ remoteId: 'row-1', updatedAt: LATEST, pending: true });
  });

  it('same line, no sync record yet: addedAt is the local time, and the server id is learnt', () => {
    const local = item({ addedAt: LATEST, quantity: 5 });
    const result = mergeCarts([local], [row()], {});
    expect(result.items[0]?.quantity).toBe(5);
    expect(result.meta[itemKey(local)]).toEqual({ remoteId: 'row-1', updatedAt: LATEST, pending: false });
  });

  it('matches lines by product and identical choices, whatever their order', () => {
    const local = item({ productId: PI_ID, selectedVariations: { Memory: '2 GB', Colour: 'Black' } });
    const other = row({ product_id: PI_ID, selected_variations: { Colour: 'Black', Memory: '2 GB' } });
    const different = row({ id: 'row-2', product_id: PI_ID, selected_variations: { Colour: 'White', Memory: '2 GB' } });
    const result = mergeCarts([local], [other, different], {});
    expect(result.items).toHaveLength(1);
    expect(result.items[0]?.quantity).toBe(5);
    expect(result.missing).toEqual([different]);
  });

  it('only local and never on the server: kept and owed', () => {
    const local = item();
    const result = mergeCarts([local], [], {});
    expect(result.items).toEqual([local]);
    expect(result.meta[itemKey(local)]).toMatchObject({ remoteId: null, pending: true });
  });

  it('only local, known to the server and unchanged here: removed on another device, so removed', () => {
    const local = item();
    const meta: SyncMeta = { [itemKey(local)]: { remoteId: 'row-1', updatedAt: EARLY, pending: false } };
    const result = mergeCarts([local], [], meta);
    expect(result.items).toEqual([]);
    expect(result.meta).toEqual({});
  });

  it('only local, known to the server but changed here since: kept and written again', () => {
    const local = item();
    const meta: SyncMeta = { [itemKey(local)]: { remoteId: 'row-1', updatedAt: LATEST, pending: true } };
    const result = mergeCarts([local], [], meta);
    expect(result.items).toEqual([local]);
    expect(result.meta[itemKey(local)]).toMatchObject({ remoteId: null, pending: true });
  });

  it('only on the server: handed back to be added here', () => {
    const remote = row();
    const result = mergeCarts([], [remote], {});
    expect(result.items).toEqual([]);
    expect(result.missing).toEqual([remote]);
    expect(result.meta[`${PLAIN_ID}|[]`]).toEqual({ remoteId: 'row-1', updatedAt: LATER, pending: false });
  });

  it('only on the server but removed here later: stays removed (the removal is still owed)', () => {
    const meta: SyncMeta = { [`${PLAIN_ID}|[]`]: { remoteId: null, updatedAt: LATEST, pending: true, removed: true } };
    const result = mergeCarts([], [row()], meta);
    expect(result.missing).toEqual([]);
    expect(result.meta[`${PLAIN_ID}|[]`]).toMatchObject({ remoteId: 'row-1', removed: true, pending: true });
  });

  it('only on the server, changed there after the local removal: comes back', () => {
    const meta: SyncMeta = {
      [`${PLAIN_ID}|[]`]: { remoteId: 'row-1', updatedAt: EARLY, pending: true, removed: true },
    };
    const result = mergeCarts([], [row()], meta);
    expect(result.missing).toHaveLength(1);
  });

  it("clamps the server's quantity to the line's maxQuantity", () => {
    const local = item({ maxQuantity: 3 });
    const result = mergeCarts([local], [row({ quantity: 9 })], {});
    expect(result.items[0]?.quantity).toBe(3);
  });
});

describe('lineFromRow', () => {
  it('builds a line from the product answer, clamped to the variant stock', () => {
    const line = lineFromRow(
      row({
        product_id: PI_ID,
        variant_id: PI_VARIANTS.eightBlack.id,
        selected_variations: { Memory: '8 GB', Colour: 'Black' },
        quantity: 6,
      }),
      piProduct(),
    );
    expect(line).toMatchObject({
      productId: PI_ID,
      variantId: PI_VARIANTS.eightBlack.id,
      price: 75,
      quantity: 2,
      maxQuantity: 2,
      image: '/uploads/pi-8gb.webp',
      addedAt: EARLY,
    });
  });

  it("lists the row's options in the product's order, not the database's (issue 32)", () => {
    const line = lineFromRow(
      row({
        product_id: PI_ID,
        variant_id: PI_VARIANTS.eightBlack.id,
        selected_variations: { Colour: 'Black', Memory: '8 GB' },
      }),
      piProduct(),
    );
    expect(Object.keys(line?.selectedVariations ?? {})).toEqual(['Memory', 'Colour']);
  });

  it('gives nothing for a product no longer sold', () => {
    expect(lineFromRow(row(), plainProduct({ is_active: false }))).toBeNull();
  });

  it("uses the product's default variant and its stock for a plain product", () => {
    expect(lineFromRow(row({ quantity: 30 }), plainProduct())).toMatchObject({ quantity: 8, maxQuantity: 8 });
  });
});
