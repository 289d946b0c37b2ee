import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { products } from '#server/products/products.table.ts';
import type { Category } from '#shared/contracts/categories.ts';
import { categories } from './categories.table.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_PATTERN.test(value);

/**
 * Every active category by sort_order, each with its parent and the count of active products in it
 * and its active sub-categories: the number a shopper sees when the category's page opens.
 */
export async function listActiveCategories(db: Db): Promise<Category[]> {
  const activeCounts = db
    .select({ categoryId: products.categoryId, total: count().as('total') })
    .from(products)
    .where(eq(products.isActive, true))
    .groupBy(products.categoryId)
    .as('active_counts');
  const rows = await db
    .select({ category: categories, productCount: activeCounts.total })
    .from(categories)
    .leftJoin(activeCounts, eq(activeCounts.categoryId, categories.id))
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.sortOrder), asc(categories.name));
  const directCount = new Map(rows.map((row) => [row.category.id, Number(row.productCount ?? 0)]));
  const children = new Map<string, string[]>();
  for (const { category } of rows) {
    if (category.parentId) children.set(category.parentId, [...(children.get(category.parentId) ?? []), category.id]);
  }
  const subtreeCount = (id: string, seen = new Set<string>()): number => {
    if (seen.has(id)) return 0; // a cycle in stored data must not hang the request
    seen.add(id);
    return (
      (directCount.get(id) ?? 0) + (children.get(id) ?? []).reduce((sum, child) => sum + subtreeCount(child, seen), 0)
    );
  };
  return rows.map(({ category }) => ({
    id: category.id,
    name: category.name,
    slug: category.slug,
    description: category.description,
    image: category.image,
    parent_id: category.parentId,
    is_active: category.isActive,
    sort_order: category.sortOrder,
    product_count: subtreeCount(category.id),
    updated_at: category.updatedAt.toISOString(),
  }));
}

/**
 * The ids of an active category (by id or slug) and all its active descendants, so filtering by
 * "Development Boards" also finds what sits in "Arduino". Undefined when no such category.
 */
export async function resolveCategoryWithDescendants(db: Db, idOrSlug: string): Promise<string[] | undefined> {
  const rows = await db
    .select({ id: categories.id, parentId: categories.parentId, slug: categories.slug })
    .from(categories)
    .where(eq(categories.isActive, true));
  const root = rows.find((row) => row.slug === idOrSlug || (isUuid(idOrSlug) && row.id === idOrSlug));
  if (!root) return undefined;
  const ids = [root.id];
  for (let index = 0; index < ids.length; index++) {
    for (const row of rows) if (row.parentId === ids[index]) ids.push(row.id);
  }
  return ids;
}
