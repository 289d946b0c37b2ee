import { categories } from '#server/categories/categories.table.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { SEED_CATEGORIES, SEED_PRODUCTS } from '#server/db/seed/catalogue-data.ts';
import { productVariants } from '#server/products/product-variants.table.ts';
import { products } from '#server/products/products.table.ts';
import { promoCodes } from '#server/promo-codes/promo-codes.table.ts';
import { defaultSettings } from '#server/settings/settings-defaults.ts';
import { saveSettings, settingsSecretBox } from '#server/settings/shop-settings.service.ts';
import { type SettingsPatch, SettingsPatchSchema } from '#shared/contracts/settings.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;
/** Model names that make each generated product distinct but realistic ("Arduino Uno R3 Mk 17"). */
const EDITIONS = ['Mk', 'Gen', 'Series', 'Rev', 'Edition', 'Type'];

/**
 * Stock of generated product `index`: varied (some sold out) for the catalogue scenarios, but one
 * product in ten holds a huge stock so the order-placement scenario measures real orders (201)
 * for its whole run instead of 409s once the small stocks are gone.
 */
export const ORDER_BENCH_STOCK = 1_000_000;
function orderBenchStock(index: number): number {
  if (index % 10 === 3) return ORDER_BENCH_STOCK;
  return index % 11 === 0 ? 0 : (index * 13) % 90;
}

/**
 * Promo codes the checkout scenarios apply (unlimited uses, so every order can take one): 10 % off
 * the whole order, and 20 % off development boards and their subcategories (a `product` code:
 * eligibility and the category tree are looked up).
 */
export const BENCH_PROMO_CODES = ['BENCH10', 'BENCHBOARDS'] as const;

/**
 * Writes a catalogue of `count` products into DATA_DIR's embedded database before the server
 * starts: the demo's 16 categories and its 91 products repeated as numbered editions, with
 * varied prices, stock and dates. The server then finds a shop with data and does not seed.
 * Images are not drawn (the API bench never downloads them).
 */
/**
 * The shop's settings as a merchant sets them up (issue 33's budgets hold with delivery zones and
 * payment methods on): a delivery rate on several zones, a free-delivery threshold, and every
 * payment method but card on. Settings are read from memory: they add no query to an order.
 */
export const BENCH_SHOP_SETTINGS: SettingsPatch = SettingsPatchSchema.parse({
  shipping: {
    zones: { beirut: { rate: 3 }, mount_lebanon: { rate: 4 }, north: { rate: 5 } },
    free_delivery_threshold: 250,
  },
  payment: {
    bank_transfer: { enabled: true, instructions: 'IBAN LB00 0000 0000 0000' },
    money_transfer: { enabled: true, instructions: 'Whish 70 123 456' },
  },
});

export async function writeLargeCatalogue(dataDir: string, count: number): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ kind: 'pglite', dataDir: config.paths.database });
  try {
    await runMigrations(database);
    const db = database.db;
    const idBySlug = new Map<string, string>();
    const ordered = [...SEED_CATEGORIES].sort((a, b) => Number(a.parentSlug !== null) - Number(b.parentSlug !== null));
    for (const category of ordered) {
      const [row] = await db
        .insert(categories)
        .values({
          name: category.name,
          slug: category.slug,
          description: category.description,
          parentId: category.parentSlug ? (idBySlug.get(category.parentSlug) ?? null) : null,
          isActive: category.isActive,
          sortOrder: category.sortOrder,
        })
        .returning({ id: categories.id });
      if (row) idBySlug.set(category.slug, row.id);
    }
    const now = Date.now();
    for (let start = 0; start < count; start += BATCH) {
      const rows: (typeof products.$inferInsert)[] = [];
      for (let index = start; index < Math.min(count, start + BATCH); index++) {
        const base = SEED_PRODUCTS[index % SEED_PRODUCTS.length] as (typeof SEED_PRODUCTS)[number];
        const edition = `${EDITIONS[index % EDITIONS.length]} ${Math.floor(index / SEED_PRODUCTS.length) + 1}`;
        const price = Math.max(0.5, Math.round(base.price * (0.8 + ((index * 7919) % 41) / 100) * 100) / 100);
        const createdAt = new Date(now - ((index * 37) % 720) * DAY_MS - index * 1000);
        rows.push({
          name: `${base.name} ${edition}`,
          slug: `${base.slug}-${index}`,
          sku: `${base.sku}-${index}`,
          description: base.description,
          brand: base.brand,
          categoryId: idBySlug.get(base.categorySlug) ?? null,
          tags: base.tags,
          price,
          compareAtPrice: index % 5 === 0 ? Math.round(price * 120) / 100 : null,
          images: [`/uploads/seed/${base.slug}-1.webp`],
          stockQuantity: orderBenchStock(index),
          featured: index % 40 === 0,
          isActive: index % 50 !== 7,
          specs: base.specs,
          variations: base.variations,
          rating: base.rating,
          reviewCount: (index * 31) % 300,
          createdAt,
          updatedAt: createdAt,
        });
      }
      // Each product sells as one default variant holding its price and stock (decision 012);
      // the database refuses a product without one at commit.
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(products)
          .values(rows)
          .returning({ id: products.id, sku: products.sku, price: products.price, images: products.images });
        await tx.insert(productVariants).values(
          inserted.map((row, offset) => ({
            productId: row.id,
            sku: row.sku,
            price: row.price,
            compareAtPrice: rows[offset]?.compareAtPrice ?? null,
            stockQuantity: rows[offset]?.stockQuantity ?? 0,
            lowStockThreshold: SEED_PRODUCTS[(start + offset) % SEED_PRODUCTS.length]?.lowStockThreshold ?? 5,
            image: row.images[0] ?? null,
          })),
        );
      });
    }
    await db.insert(promoCodes).values([
      { code: 'BENCH10', discountType: 'percentage', discountValue: 10 },
      {
        code: 'BENCHBOARDS',
        discountType: 'percentage',
        discountValue: 20,
        appliesTo: 'product',
        categoryIds: [idBySlug.get('development-boards')].filter((id): id is string => id !== undefined),
        maximumDiscountAmount: 50,
      },
    ]);
    // No secret is saved here, so the box's key (the server's own JWT secret at run time) is moot.
    await saveSettings(db, BENCH_SHOP_SETTINGS, {
      box: settingsSecretBox('bench-catalogue-writes-no-secret-0123456789'),
      defaults: defaultSettings(config),
      context: { actor: null },
      pathsWithSection: true,
    });
  } finally {
    await database.close();
  }
}
