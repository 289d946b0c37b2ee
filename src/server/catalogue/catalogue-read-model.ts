import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { categories } from '#server/categories/categories.table.ts';
import type { Database, Db, Subscription } from '#server/db/client.ts';
import { loadVariantsByProduct } from '#server/products/product-variants.mapper.ts';
import { type ProductRow, toProduct } from '#server/products/products.mapper.ts';
import { products } from '#server/products/products.table.ts';
import { CatalogueIndex, type IndexedCategory, type IndexedProduct, type StockLevel } from './catalogue-index.ts';

/** The NOTIFY channel the catalogue triggers of migrations 0001, 0008 and 0009 speak on. */
export const CATALOGUE_CHANNEL = 'cedar_catalogue';

type PendingChange = { kind: 'all' } | { kind: 'some'; categories: boolean; productIds: Set<string> };

/**
 * Keeps a CatalogueIndex in step with the database. The database stays the only source of truth
 * and every write goes there; triggers announce each committed change (NOTIFY):
 * - a change to stock only (an order, a cancellation, an admin stock edit) arrives with the new
 *   values ('stock:…' per variant, migrations 0008 and 0009) and is patched in by the next read without a query, so
 *   reads never wait for the database (on PGlite, behind the orders on its one connection);
 * - any other change names the rows, which the next read fetches and patches in (only those rows,
 *   not a reload), waiting for that fetch: an admin sees their own write on the next read.
 *
 * Read-your-writes: on PGlite notifications arrive synchronously with the write; on PostgreSQL
 * `subscription.sync()` (one round trip on the listening connection) runs before each read, so a
 * change committed by any process is seen by the next request everywhere.
 */
export class CatalogueReadModel {
  private index = new CatalogueIndex();
  private pending: PendingChange = { kind: 'all' };
  /** Stock levels announced by the database, newest per variant, applied by the next read. */
  private pendingStock = new Map<string, StockLevel>();
  private refreshing: Promise<void> | undefined;
  private subscription: Subscription | undefined;

  constructor(
    private readonly database: Database,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /**
   * Subscribes to changes, then starts loading everything without waiting for it: the server can
   * listen (and answer /api/health) meanwhile, and every reader waits for the load in `fresh()`,
   * so nobody sees an empty shop. A failed load is retried by the next read.
   */
  async start(): Promise<void> {
    this.subscription = await this.database.listen(CATALOGUE_CHANNEL, {
      onMessage: (payload) => this.noteChange(payload),
      onGap: () => {
        this.pending = { kind: 'all' };
      },
    });
    this.fresh().catch((error: unknown) =>
      this.log?.warn({ err: error }, 'catalogue load failed; the next read retries'),
    );
  }

  async stop(): Promise<void> {
    // A load still running must end before the database closes under it.
    await this.refreshing?.catch(() => {});
    await this.subscription?.close();
    this.subscription = undefined;
  }

  /**
   * The index as it is now, without waiting for changes not yet applied: for callers that check
   * what they read against the database anyway (order placement's price and stock guard).
   */
  get current(): CatalogueIndex {
    return this.index;
  }

  /** The index with every committed change applied. */
  async fresh(): Promise<CatalogueIndex> {
    await this.subscription?.sync();
    for (;;) {
      // A batch already being applied may hold changes this reader must see (the first load above
      // all): wait for it even when nothing new is pending. Stock levels announced while rows were
      // being fetched are newer than what the fetch may have read: they are applied after it.
      if (this.refreshing) {
        await this.refreshing;
        continue;
      }
      this.applyPendingStock();
      if (!this.hasPending()) return this.index;
      this.refreshing = this.applyPending().finally(() => {
        this.refreshing = undefined;
      });
    }
  }

  private hasPending(): boolean {
    return this.pending.kind === 'all' || this.pending.categories || this.pending.productIds.size > 0;
  }

  private noteChange(payload: string): void {
    if (this.pending.kind === 'all') return;
    if (payload.startsWith('stock:')) {
      const levels = parseStockLevels(payload.slice('stock:'.length));
      if (!levels) {
        this.log?.warn('unreadable stock notification; reloading the catalogue');
        this.pending = { kind: 'all' };
        return;
      }
      for (const [variantId, level] of levels) {
        // A product waiting to be fetched will be read as it is now, newer than this level.
        if (!this.pending.productIds.has(level.product_id)) this.pendingStock.set(variantId, level);
      }
    } else if (payload === 'categories') {
      this.pending.categories = true;
    } else if (payload.startsWith('products:') && payload !== 'products:*') {
      for (const id of payload.slice('products:'.length).split(',')) {
        if (!id) continue;
        this.pending.productIds.add(id);
        // The fetch reads newer rows of this product's variants.
        for (const [variantId, level] of this.pendingStock) {
          if (level.product_id === id) this.pendingStock.delete(variantId);
        }
      }
    } else {
      this.pending = { kind: 'all' };
    }
  }

  /** Patches announced stock levels into the index: no query, no rebuild (CatalogueIndex.updateStock). */
  private applyPendingStock(): void {
    if (this.pendingStock.size === 0) return;
    for (const [id, level] of this.pendingStock) this.index.updateStock(id, level);
    this.pendingStock.clear();
  }

  private async applyPending(): Promise<void> {
    // Take the current batch; changes announced while it loads start the next one.
    const change = this.pending;
    this.pending = { kind: 'some', categories: false, productIds: new Set() };
    // A reload reads every row as it is now: stock announced before it is already in it.
    if (change.kind === 'all') this.pendingStock.clear();
    const db = this.database.db;
    try {
      if (change.kind === 'all') {
        const started = performance.now();
        const [categoryRows, productRows] = await Promise.all([loadCategories(db), loadActiveProducts(db)]);
        this.index = new CatalogueIndex(categoryRows, productRows);
        this.log?.debug(
          { products: productRows.length, ms: Math.round(performance.now() - started) },
          'catalogue loaded',
        );
        return;
      }
      if (change.categories) this.index.replaceCategories(await loadCategories(db));
      if (change.productIds.size > 0) {
        const ids = [...change.productIds];
        const rows = await loadProducts(db, ids);
        const found = new Set(rows.map((row) => row.id));
        for (const row of rows) this.index.upsertProduct(row);
        for (const id of ids) if (!found.has(id)) this.index.removeProduct(id);
      }
    } catch (error) {
      // Nothing was applied from this batch: keep it (as a full reload) for the next read.
      this.pending = { kind: 'all' };
      throw error;
    }
  }
}

/**
 * 'variantId:productId:quantity:t|f:updatedMs,…' (migration 0009) → levels by variant id;
 * undefined if malformed (the caller reloads everything).
 */
export function parseStockLevels(text: string): Map<string, StockLevel> | undefined {
  const levels = new Map<string, StockLevel>();
  for (const entry of text.split(',')) {
    const [id, productId, quantity, inStock, updatedMs, extra] = entry.split(':');
    const stock = Number(quantity);
    const updated = Number(updatedMs);
    if (!id || !productId || extra !== undefined || quantity === '' || !Number.isInteger(stock)) return undefined;
    if (updatedMs === undefined || updatedMs === '' || !Number.isFinite(updated)) return undefined;
    if (inStock !== 't' && inStock !== 'f') return undefined;
    levels.set(id, {
      product_id: productId,
      stock_quantity: stock,
      in_stock: inStock === 't',
      updated_at: new Date(updated).toISOString(),
    });
  }
  return levels;
}

async function loadCategories(db: Db): Promise<IndexedCategory[]> {
  const rows = await db.select().from(categories);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    image: row.image,
    parentId: row.parentId,
    isActive: row.isActive,
    sortOrder: row.sortOrder,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** Rows with their variants, read in one more query for the whole batch (decision 012 §4). */
async function toIndexed(db: Db, rows: readonly ProductRow[]): Promise<IndexedProduct[]> {
  const variants = await loadVariantsByProduct(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const { category: _category, ...product } = toProduct(row, null, variants.get(row.id) ?? []);
    return product;
  });
}

/** Rows per query of a full load; see loadActiveProducts. */
const LOAD_BATCH = 500;

/**
 * Every active product, in batches by id: on the embedded database a query's whole result is
 * built in PGlite's WebAssembly memory, which never shrinks, so one 10,000-row select would keep
 * ~50 MB of RSS for good; batches of 500 keep that to a few MB and let other requests (health
 * checks) in between.
 */
async function loadActiveProducts(db: Db): Promise<IndexedProduct[]> {
  const loaded: IndexedProduct[] = [];
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(products)
      .where(
        after === undefined ? eq(products.isActive, true) : and(eq(products.isActive, true), gt(products.id, after)),
      )
      .orderBy(asc(products.id))
      .limit(LOAD_BATCH);
    loaded.push(...(await toIndexed(db, rows)));
    if (rows.length < LOAD_BATCH) return loaded;
    after = rows[rows.length - 1]?.id;
  }
}

/** Changed products, active or not (the index drops the inactive ones). */
async function loadProducts(db: Db, ids: string[]): Promise<IndexedProduct[]> {
  const rows = await db.select().from(products).where(inArray(products.id, ids));
  return toIndexed(db, rows);
}
