import { count, sql } from 'drizzle-orm';
import { categories } from '#server/categories/categories.table.ts';
import type { Db } from '#server/db/client.ts';
import { markDemoRows } from '#server/db/demo-marks.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { productVariants } from '#server/products/product-variants.table.ts';
import { products } from '#server/products/products.table.ts';
import { SETTING_KEYS } from '#server/settings/setting-keys.ts';
import { getSetting, setSetting } from '#server/settings/settings.service.ts';
import { toCents } from '#shared/money.ts';
import { SEED_CATEGORIES, SEED_PRODUCTS, type SeedProduct } from './catalogue-data.ts';
import { DEMO_BLOG_CATEGORIES, DEMO_BLOG_POSTS } from './demo-blog.ts';
import { DEMO_CATALOGUE_AGE_OFFSET_DAYS, type DemoOrderProduct } from './demo-orders.ts';
import { DEMO_REVIEWER_EMAIL_PATTERN } from './demo-reviews.ts';
import { productImageNames } from './product-art.ts';
import { seedDemoBlog } from './seed-blog.ts';
import { seedDemoOrders } from './seed-orders.ts';
import { categoryPictureBase, SEED_PICTURE_JOBS } from './seed-pictures.ts';
import { seedDemoReviews } from './seed-reviews.ts';

const SEED_IMAGE_URL_PREFIX = '/uploads/seed';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long ago a demo product was added: its place in the catalogue's 0–120 days, moved back so the
 * catalogue grows over the six months of demo orders (an order is only for a product already there).
 */
function addedDaysAgo(product: SeedProduct): number {
  return product.createdDaysAgo + DEMO_CATALOGUE_AGE_OFFSET_DAYS;
}

/** The seeded products the demo orders may sell: active ones, with their active variants. */
async function demoOrderProducts(
  db: Db,
  inserted: readonly { id: string; sku: string; images: string[]; isActive: boolean }[],
): Promise<DemoOrderProduct[]> {
  const variants = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      sku: productVariants.sku,
      options: productVariants.options,
      price: productVariants.price,
      image: productVariants.image,
      isActive: productVariants.isActive,
    })
    .from(productVariants)
    .orderBy(productVariants.productId, productVariants.sortOrder);
  const seedBySku = new Map(SEED_PRODUCTS.map((product) => [product.sku, product]));
  return inserted.flatMap((row) => {
    const product = seedBySku.get(row.sku);
    if (!product || !row.isActive) return [];
    return [
      {
        id: row.id,
        name: product.name,
        image: row.images[0] ?? null,
        addedDaysAgo: addedDaysAgo(product),
        variations: product.variations,
        variants: variants
          .filter((variant) => variant.productId === row.id && variant.isActive)
          .map((variant) => ({
            id: variant.id,
            sku: variant.sku ?? product.sku,
            options: variant.options,
            priceCents: toCents(variant.price),
            image: variant.image,
          })),
      },
    ];
  });
}

export type SeedOutcome = 'seeded' | 'already-seeded' | 'shop-has-data';

/**
 * Seeds the demo catalogue (and the demo blog, seed-blog.ts) on a new shop. It runs once: the `demo_seed` setting marks it done (and
 * stays when the demo data is removed, #server/demo/remove-demo-data.ts), and a shop that already
 * has categories or products (real data) is never seeded over. Every row it writes is marked as
 * demo (#server/db/demo-marks.ts).
 */
export async function seedDemoCatalogue(db: Db, now = new Date()): Promise<SeedOutcome> {
  if (await getSetting(db, SETTING_KEYS.demoSeed)) return 'already-seeded';
  const [productCount] = await db.select({ value: count() }).from(products);
  const [categoryCount] = await db.select({ value: count() }).from(categories);
  if ((productCount?.value ?? 0) > 0 || (categoryCount?.value ?? 0) > 0) return 'shop-has-data';

  // The rows name their pictures now; seed-pictures.ts draws the files once the shop is serving.
  const toUrl = (fileName: string) => `${SEED_IMAGE_URL_PREFIX}/${fileName}`;
  const pictures = new Map(SEED_PICTURE_JOBS.map((job) => [job.baseName, productImageNames(job.baseName, job.count)]));
  const categoryImages = SEED_CATEGORIES.map((category) => pictures.get(categoryPictureBase(category.slug)) ?? []);
  const productImages = SEED_PRODUCTS.map((product) => pictures.get(product.slug) ?? []);

  await inTransaction(db, async (tx) => {
    const idBySlug = new Map<string, string>();
    // Parents before children, so each child can reference an inserted parent.
    const ordered = [...SEED_CATEGORIES].sort((a, b) => Number(a.parentSlug !== null) - Number(b.parentSlug !== null));
    for (const category of ordered) {
      const index = SEED_CATEGORIES.indexOf(category);
      const [row] = await tx
        .insert(categories)
        .values({
          name: category.name,
          slug: category.slug,
          description: category.description,
          image: categoryImages[index]?.[0] ? toUrl(categoryImages[index][0]) : null,
          parentId: category.parentSlug ? (idBySlug.get(category.parentSlug) ?? null) : null,
          isActive: category.isActive,
          sortOrder: category.sortOrder,
        })
        .returning({ id: categories.id });
      if (row) idBySlug.set(category.slug, row.id);
    }

    const inserted = await tx
      .insert(products)
      .values(
        SEED_PRODUCTS.map((product, index) => {
          const createdAt = new Date(now.getTime() - addedDaysAgo(product) * DAY_MS);
          return {
            name: product.name,
            slug: product.slug,
            sku: product.sku,
            description: product.description,
            brand: product.brand,
            categoryId: idBySlug.get(product.categorySlug) ?? null,
            tags: product.tags,
            price: product.price,
            compareAtPrice: product.compareAtPrice,
            images: (productImages[index] ?? []).map(toUrl),
            stockQuantity: product.stock,
            featured: product.featured,
            isActive: product.isActive,
            specs: product.specs,
            variations: product.variations,
            weight: product.weightKg,
            createdAt,
            updatedAt: createdAt,
          };
        }),
      )
      .returning({ id: products.id, sku: products.sku, images: products.images, isActive: products.isActive });
    // Most products sell as their one default variant, which holds their price and stock (decision
    // 012); products with variations keep them as shared-stock options, as migration 0009 leaves
    // existing ones. Two sell their own variants, each with its picture (catalogue-data.ts). The
    // roll-up trigger then derives the products' price and stock from the rows.
    const seedBySku = new Map(SEED_PRODUCTS.map((product) => [product.sku, product]));
    await tx.insert(productVariants).values(
      inserted.flatMap((row) => {
        const product = seedBySku.get(row.sku);
        if (!product) throw new Error(`seed product ${row.sku} was not inserted`);
        if (product.variants) {
          return product.variants.map((variant, sortOrder) => ({
            productId: row.id,
            sku: variant.sku,
            options: variant.options,
            price: variant.price,
            compareAtPrice: variant.compareAtPrice,
            costPrice: variant.costPrice,
            stockQuantity: variant.stock,
            lowStockThreshold: variant.lowStockThreshold,
            image: row.images[variant.imageIndex] ?? null,
            sortOrder,
          }));
        }
        return [
          {
            productId: row.id,
            sku: row.sku,
            options: {},
            price: product.price,
            compareAtPrice: product.compareAtPrice,
            costPrice: product.costPrice,
            stockQuantity: product.stock,
            lowStockThreshold: product.lowStockThreshold,
            image: row.images[0] ?? null,
          },
        ];
      }),
    );
    await seedDemoReviews(
      tx,
      inserted.flatMap((row) => {
        const index = SEED_PRODUCTS.findIndex((product) => product.sku === row.sku);
        const product = SEED_PRODUCTS[index];
        return product && row.isActive
          ? [
              {
                index,
                productId: row.id,
                rating: product.rating,
                reviewCount: product.reviewCount,
                createdDaysAgo: addedDaysAgo(product),
              },
            ]
          : [];
      }),
      now,
    );
    await seedDemoBlog(tx, now, toUrl);
    const orderCount = await seedDemoOrders(tx, await demoOrderProducts(tx, inserted), now);
    // Last: every row as seeded is demo until the merchant changes it (demo-marks.ts). The shop
    // had no catalogue before this transaction, so every product, category and review is ours; the
    // blog rows by their slugs, the accounts by their reserved addresses.
    await markDemoRows(tx, 'products');
    await markDemoRows(tx, 'categories');
    await markDemoRows(tx, 'reviews');
    await markDemoRows(tx, 'blog_posts', sql`t.slug in ${DEMO_BLOG_POSTS.map((post) => post.slug)}`);
    await markDemoRows(tx, 'blog_categories', sql`t.slug in ${DEMO_BLOG_CATEGORIES.map((category) => category.slug)}`);
    await markDemoRows(tx, 'users', sql`t.email like ${DEMO_REVIEWER_EMAIL_PATTERN} and t.role = 'customer'`);
    await setSetting(tx, SETTING_KEYS.demoSeed, {
      at: now.toISOString(),
      products: SEED_PRODUCTS.length,
      orders: orderCount,
    });
  });
  return 'seeded';
}
