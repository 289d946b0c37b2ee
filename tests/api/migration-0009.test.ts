import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/client.ts';
import { MIGRATIONS_DIR, runMigrations } from '#server/db/migrate.ts';
import { updateAdminOrder } from '#server/orders/order-transitions.ts';
import { createScratchDatabase } from '../helpers/postgres.ts';

/**
 * Migration 0009 (decision 012 §2) on a database that lived at 0008 with products, variations, an
 * archived product and orders: every product becomes one default variant holding what it had, every
 * line names its variant, no money moves, and the derived product columns equal the old ones.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL (docs/testing.md).
 */

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Database['db'], query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/** A migrations folder holding 0000…0008 and a journal cut after entry 8: drizzle's migrator stops there. */
async function migrationsUpTo0008(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cedar-migrations-0008-'));
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const kept = journal.entries.filter((entry) => entry.idx <= 8);
  expect(kept.map((entry) => entry.idx)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  await cp(path.join(MIGRATIONS_DIR, 'meta'), path.join(dir, 'meta'), { recursive: true });
  await writeFile(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  for (const entry of kept) await cp(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

async function migrateFolder(database: Database, migrationsFolder: string): Promise<void> {
  await database.runExclusive(async (db) => {
    if (database.kind === 'pglite') {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db as never, { migrationsFolder });
    } else {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(db as never, { migrationsFolder });
    }
  });
}

interface OldProduct {
  id: string;
  sku: string;
  price: string;
  compare_at_price: string | null;
  cost_price: string | null;
  stock_quantity: number;
  in_stock: boolean;
  low_stock_threshold: number;
  images: string[];
  variations: unknown;
  is_active: boolean;
}

describe('migration 0009: products and orders become default variants', () => {
  let database: Database;
  let cleanup: () => Promise<void> = async () => {};
  const ids = {} as Record<'plain' | 'shirt' | 'archived' | 'pending' | 'cancelled', string>;
  let oldProducts: OldProduct[] = [];
  let oldLines: Record<string, unknown>[] = [];
  let oldOrders: Record<string, unknown>[] = [];
  let oldSum = '';

  beforeAll(async () => {
    const folder = await migrationsUpTo0008();
    if (process.env.TEST_DATABASE_URL) {
      const scratch = await createScratchDatabase('cedar_m0009');
      database = await openDatabase({ kind: 'postgres', url: scratch.url, maxConnections: 2 });
      cleanup = async () => {
        await database.close();
        await scratch.drop();
      };
    } else {
      database = await openDatabase({ kind: 'pglite' });
      cleanup = () => database.close();
    }
    try {
      await migrateFolder(database, folder.dir);
    } finally {
      await folder.remove();
    }
    const db = database.db;
    const insertProduct = async (values: ReturnType<typeof sql>) =>
      (await rowsOf<{ id: string }>(db, sql`insert into products ${values} returning id`))[0]?.id as string;
    ids.plain = await insertProduct(sql`(name, slug, sku, price, compare_at_price, cost_price, stock_quantity,
      low_stock_threshold, images) values ('Plain Board', 'plain-board', 'PLAIN-1', 24.5, 29.99, 12.25, 40, 7,
      array['/uploads/plain-a.webp', '/uploads/plain-b.webp'])`);
    ids.shirt = await insertProduct(sql`(name, slug, sku, price, stock_quantity, variations) values
      ('Maker Shirt', 'maker-shirt', 'SHIRT-1', 15, 100,
      '[{"name":"Color","options":["Black","White"]},{"name":"Size","options":["S","M"]}]'::jsonb)`);
    ids.archived = await insertProduct(sql`(name, slug, sku, price, cost_price, stock_quantity, is_active) values
      ('Old Kit', 'old-kit', 'OLD-1', 9.99, 4, 3, false)`);

    const insertOrder = async (number: string, status: string, subtotal: number) => {
      const tax = Math.round(subtotal * 11) / 100;
      const [row] = await rowsOf<{ id: string }>(
        db,
        sql`insert into orders (order_number, status, customer_name, customer_phone, shipping_address, subtotal,
          tax, total, access_token) values (${number}, ${status}, 'Rami', '+9613123456',
          '{"city":"Beirut","street":"Bliss"}'::jsonb, ${subtotal}, ${tax}, ${subtotal + tax}, ${`token-${number}`})
          returning id`,
      );
      return row?.id as string;
    };
    ids.pending = await insertOrder('CS-100001', 'pending', 79);
    ids.cancelled = await insertOrder('CS-100002', 'cancelled', 9.99);
    const line = (
      order: string,
      product: string,
      name: string,
      sku: string,
      price: number,
      qty: number,
      chosen: object,
      position: number,
    ) =>
      db.execute(sql`insert into order_items (order_id, product_id, product_name, sku, image, unit_price, quantity,
        selected_variations, line_total, position) values (${order}, ${product}, ${name}, ${sku}, null, ${price},
        ${qty}, ${JSON.stringify(chosen)}::jsonb, ${price * qty}, ${position})`);
    // One product twice with different choices (shared stock), as carts could before 0009.
    await line(ids.pending, ids.plain, 'Plain Board', 'PLAIN-1', 24.5, 1, {}, 0);
    await line(ids.pending, ids.shirt, 'Maker Shirt', 'SHIRT-1', 15, 2, { Color: 'Black', Size: 'S' }, 1);
    await line(ids.pending, ids.shirt, 'Maker Shirt', 'SHIRT-1', 15, 1, { Color: 'White', Size: 'M' }, 2);
    await line(ids.pending, ids.plain, 'Plain Board', 'PLAIN-1', 24.5, 1, {}, 3);
    await line(ids.cancelled, ids.archived, 'Old Kit', 'OLD-1', 9.99, 1, {}, 0);

    oldProducts = await rowsOf<OldProduct>(
      db,
      sql`select id, sku, price::text, compare_at_price::text, cost_price::text, stock_quantity, in_stock,
        low_stock_threshold, images, variations, is_active from products order by id`,
    );
    oldLines = await rowsOf(
      db,
      sql`select id, product_id, sku, selected_variations, unit_price::text, quantity, line_total::text from order_items order by id`,
    );
    oldOrders = await rowsOf(db, sql`select id, subtotal::text, tax::text, total::text from orders order by id`);
    oldSum = (await rowsOf<{ sum: string }>(db, sql`select sum(total)::text as sum from orders`))[0]?.sum ?? '';

    await runMigrations(database); // applies 0009 only
  });
  afterAll(() => cleanup());

  it('gives every product, archived too, one default variant with its sku, money, stock, threshold and first image', async () => {
    const variants = await rowsOf<Record<string, unknown>>(
      database.db,
      sql`select product_id, sku, options, price::text, compare_at_price::text, cost_price::text, stock_quantity,
        low_stock_threshold, image, is_active, sort_order from product_variants order by product_id`,
    );
    expect(variants).toEqual(
      oldProducts.map((product) => ({
        product_id: product.id,
        sku: product.sku,
        options: {},
        price: product.price,
        compare_at_price: product.compare_at_price,
        cost_price: product.cost_price,
        stock_quantity: product.stock_quantity,
        low_stock_threshold: product.low_stock_threshold,
        image: product.images[0] ?? null,
        is_active: true,
        sort_order: 0,
      })),
    );
  });

  it('keeps variations and the derived product columns as they were; the moved columns are gone', async () => {
    const now = await rowsOf<Record<string, unknown>>(
      database.db,
      sql`select id, sku, price::text, compare_at_price::text, price_max::text, stock_quantity, in_stock, variations,
        is_active from products order by id`,
    );
    expect(now).toEqual(
      oldProducts.map((product) => ({
        id: product.id,
        sku: product.sku,
        price: product.price,
        compare_at_price: product.compare_at_price,
        price_max: product.price,
        stock_quantity: product.stock_quantity,
        in_stock: product.in_stock,
        variations: product.variations,
        is_active: product.is_active,
      })),
    );
    const columns = await rowsOf<{ column_name: string }>(
      database.db,
      sql`select column_name from information_schema.columns where table_name = 'products'
        and column_name in ('cost_price', 'low_stock_threshold')`,
    );
    expect(columns).toEqual([]);
  });

  it('gives every order line its variant and leaves sku, choices, money and totals untouched', async () => {
    const lines = await rowsOf<Record<string, unknown> & { variant_id: string | null; product_id: string }>(
      database.db,
      sql`select i.id, i.product_id, i.sku, i.selected_variations, i.unit_price::text, i.quantity, i.line_total::text,
        i.variant_id, v.product_id as variant_product from order_items i
        left join product_variants v on v.id = i.variant_id order by i.id`,
    );
    expect(lines.map(({ variant_id: _v, variant_product: _p, ...rest }) => rest)).toEqual(oldLines);
    for (const line of lines) expect(line.variant_product).toBe(line.product_id);
    expect(
      await rowsOf(database.db, sql`select id, subtotal::text, tax::text, total::text from orders order by id`),
    ).toEqual(oldOrders);
    const [sum] = await rowsOf<{ sum: string }>(database.db, sql`select sum(total)::text as sum from orders`);
    expect(sum?.sum).toBe(oldSum);
  });

  it('returns a cancelled order’s stock to its variants, and the roll-up to the products', async () => {
    const db = database.db;
    // The service the admin's cancel goes through (order-transitions.ts `returnStock`).
    await updateAdminOrder(db, ids.pending, { status: 'cancelled' }, { actor: null });
    const stock = await rowsOf<{ id: string; variant: number; product: number }>(
      db,
      sql`select p.id, v.stock_quantity as variant, p.stock_quantity as product from products p
        join product_variants v on v.product_id = p.id where p.id in (${ids.plain}, ${ids.shirt}) order by p.sku`,
    );
    expect(stock).toEqual([
      { id: ids.plain, variant: 42, product: 42 },
      { id: ids.shirt, variant: 103, product: 103 },
    ]);
  });

  it('holds the shape rule from now on: a product without a variant is refused at commit', async () => {
    const attempt = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into products (name, slug, sku, price) values ('Bare', 'bare', 'BARE-1', 5)`);
    });
    await expect(attempt).rejects.toThrow();
    const [left] = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from products where sku = 'BARE-1'`,
    );
    expect(left?.n).toBe(0);
  });

  it('counts active variants only: an ordered default kept inactive beside combinations, is_active checked too', async () => {
    const db = database.db;
    const shirt = ids.shirt;
    // Split the shared-stock shirt: its default (ordered) is deactivated, two combinations added.
    await db.transaction(async (tx) => {
      await tx.execute(sql`update product_variants set is_active = false where product_id = ${shirt}`);
      await tx.execute(sql`insert into product_variants (product_id, sku, options, price, stock_quantity) values
        (${shirt}, 'SHIRT-1-BS', '{"Color":"Black","Size":"S"}', 18, 5),
        (${shirt}, 'SHIRT-1-WM', '{"Color":"White","Size":"M"}', 16, 7)`);
    });
    const [rolled] = await rowsOf<{ price: string; stock_quantity: number }>(
      db,
      sql`select price, stock_quantity from products where id = ${shirt}`,
    );
    // The headline is the cheapest active variant, not the inactive $15 default; stock sums the active ones.
    expect(rolled).toEqual({ price: '16.00', stock_quantity: 12 });
    const [line] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from order_items i join product_variants v on v.id = i.variant_id
        where v.product_id = ${shirt} and v.options = '{}'::jsonb`,
    );
    expect(line?.n).toBe(2);
    // An inactive combination of a value the variations no longer list is free.
    await db.execute(sql`insert into product_variants (product_id, sku, options, price, is_active)
      values (${shirt}, 'SHIRT-1-RS', '{"Color":"Red","Size":"S"}', 18, false)`);
    // Turning the default on again beside active combinations breaks the rule: refused at commit.
    await expect(
      db.execute(sql`update product_variants set is_active = true where product_id = ${shirt} and options = '{}'`),
    ).rejects.toThrow();
    // So does turning on the combination of a value no longer listed.
    await expect(
      db.execute(sql`update product_variants set is_active = true where sku = 'SHIRT-1-RS'`),
    ).rejects.toThrow();
    const [active] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from product_variants where product_id = ${shirt} and is_active`,
    );
    expect(active?.n).toBe(2);
  });
});
