import { randomUUID } from 'node:crypto';
import { categories } from '#server/categories/categories.table.ts';
import type { Db } from '#server/db/client.ts';
import { products } from '#server/products/products.table.ts';

type CategoryInsert = typeof categories.$inferInsert;
type ProductInsert = typeof products.$inferInsert;

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

/** Inserts a product with sensible defaults (active, in stock, $10). */
export async function createProduct(db: Db, overrides: Partial<ProductInsert> = {}) {
  const suffix = unique();
  const [row] = await db
    .insert(products)
    .values({
      name: `Test Product ${suffix}`,
      slug: `test-product-${suffix}`,
      sku: `TST-${suffix.toUpperCase()}`,
      description: 'A product made by a test.',
      price: 10,
      stockQuantity: 10,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('product insert returned nothing');
  return row;
}
