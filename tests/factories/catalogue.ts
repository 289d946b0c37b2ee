import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { categories } from '#server/categories/categories.table.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { productVariants } from '#server/products/product-variants.table.ts';
import { products } from '#server/products/products.table.ts';

type CategoryInsert = typeof categories.$inferInsert;
type ProductInsert = typeof products.$inferInsert;
type VariantInsert = typeof productVariants.$inferInsert;

/** The product's columns, plus the default variant's own ones (decision 012: they live on the variant). */
export type ProductOverrides = Partial<ProductInsert> & Partial<Pick<VariantInsert, 'costPrice' | 'lowStockThreshold'>>;

const unique = () => randomUUID().slice(0, 8);

/** Inserts a category with sensible defaults; every slug is unique so tests never collide. */
export async function createCategory(db: Db, overrides: Partial<CategoryInsert> = {}) {
  const suffix = unique();
  const [row] = await db
    .insert(categories)
    .values({ name: `Category ${suffix}`, slug: `category-${suffix}`, ...overrides })
    .returning();
  if (!row) throw new Error('category insert returned nothing');
  return row;
}

/**
 * Inserts a product with sensible defaults (active, in stock, $10) and its one default variant
 * holding the price and stock (decision 012); returns the product row as the roll-up left it.
 */
export async function createProduct(db: Db, overrides: ProductOverrides = {}) {
  const suffix = unique();
  const { costPrice, lowStockThreshold, ...productOverrides } = overrides;
  return inTransaction(db, async (tx) => {
    const [inserted] = await tx
      .insert(products)
      .values({
        name: `Test Product ${suffix}`,
        slug: `test-product-${suffix}`,
        sku: `TST-${suffix.toUpperCase()}`,
        description: 'A product made by a test.',
        price: 10,
        stockQuantity: 10,
        ...productOverrides,
      })
      .returning();
    if (!inserted) throw new Error('product insert returned nothing');
    await tx.insert(productVariants).values({
      productId: inserted.id,
      sku: inserted.sku,
      options: {},
      price: inserted.price,
      compareAtPrice: inserted.compareAtPrice,
      costPrice: costPrice ?? null,
      stockQuantity: inserted.stockQuantity,
      lowStockThreshold: lowStockThreshold ?? 5,
      image: inserted.images[0] ?? null,
    });
    const [row] = await tx.select().from(products).where(eq(products.id, inserted.id));
    if (!row) throw new Error('product read back returned nothing');
    return row;
  });
}

/** The product's variants by sort_order (its one default variant unless a test added more). */
export async function variantsOf(db: Db, productId: string) {
  return db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(productVariants.sortOrder, productVariants.id);
}

/** The default variant of a product made by createProduct. */
export async function defaultVariantOf(db: Db, productId: string) {
  const [variant] = await variantsOf(db, productId);
  if (!variant) throw new Error(`product ${productId} has no variant`);
  return variant;
}

/**
 * Writes the product's default variant as psql or a script would (price, stock, …): the
 * roll-up trigger then derives the product's columns (decision 012: never write those directly).
 */
export async function updateDefaultVariant(db: Db, productId: string, values: Partial<VariantInsert>) {
  const variant = await defaultVariantOf(db, productId);
  await db.update(productVariants).set(values).where(eq(productVariants.id, variant.id));
  return variant.id;
}

export interface VariantSpec {
  options: Record<string, string>;
  price: number;
  stockQuantity: number;
  sku?: string;
  isActive?: boolean;
  image?: string | null;
}

/**
 * A product with its own variants (decision 012: one per combination of its variations, no
 * default), written straight into the tables in one transaction, since the shape rule is checked
 * at commit. Returns the product row as the roll-up left it and the variants in the given order.
 */
export async function createVariantProduct(
  db: Db,
  spec: { variations: { name: string; options: string[] }[]; variants: VariantSpec[] } & ProductOverrides,
) {
  const { variations, variants: wanted, ...overrides } = spec;
  const first = wanted[0];
  if (!first) throw new Error('a variant product needs variants');
  return inTransaction(db, async (tx) => {
    const product = await createProduct(tx, {
      price: first.price,
      stockQuantity: 0,
      ...overrides,
      variations,
    });
    await tx.delete(productVariants).where(eq(productVariants.productId, product.id));
    const variants = await tx
      .insert(productVariants)
      .values(
        wanted.map((variant, index) => ({
          productId: product.id,
          sku: variant.sku ?? `${product.sku}-${index + 1}`,
          options: variant.options,
          price: variant.price,
          stockQuantity: variant.stockQuantity,
          isActive: variant.isActive ?? true,
          image: variant.image ?? null,
          sortOrder: index,
        })),
      )
      .returning();
    const [row] = await tx.select().from(products).where(eq(products.id, product.id));
    if (!row) throw new Error('product read back returned nothing');
    return { product: row, variants };
  });
}
