import { and, asc, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { isUuid, resolveCategoryWithDescendants } from '#server/categories/categories.service.ts';
import { categories } from '#server/categories/categories.table.ts';
import type { Db } from '#server/db/client.ts';
import { notFound } from '#server/errors.ts';
import { buildPagination, type Pagination } from '#shared/contracts/common.ts';
import type { Product, ProductListQuery, ProductSort } from '#shared/contracts/products.ts';
import { toProduct } from './products.mapper.ts';
import { products } from './products.table.ts';

const categoryRef = { id: categories.id, name: categories.name, slug: categories.slug };

const ORDER_BY: Record<ProductSort, SQL[]> = {
  featured: [desc(products.featured), desc(products.createdAt), asc(products.id)],
  newest: [desc(products.createdAt), asc(products.id)],
  price_asc: [asc(products.price), asc(products.id)],
  price_desc: [desc(products.price), asc(products.id)],
  name: [asc(products.name), asc(products.id)],
  rating: [desc(products.rating), desc(products.reviewCount), asc(products.id)],
  relevance: [desc(products.featured), desc(products.createdAt), asc(products.id)],
};

function selectProductsWithCategory(db: Db) {
  return db
    .select({ product: products, category: categoryRef })
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id));
}

/** `GET /products`: active products only, default order featured first then newest. */
export async function listProducts(
  db: Db,
  query: ProductListQuery,
): Promise<{ data: Product[]; pagination: Pagination }> {
  const conditions: SQL[] = [eq(products.isActive, true)];
  if (query.featured !== undefined) conditions.push(eq(products.featured, query.featured));
  if (query.category) {
    const categoryIds = await resolveCategoryWithDescendants(db, query.category);
    if (!categoryIds) return { data: [], pagination: buildPagination(query.page, query.limit, 0) };
    conditions.push(inArray(products.categoryId, categoryIds));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectProductsWithCategory(db)
      .where(where)
      .orderBy(...ORDER_BY[query.sort ?? 'featured'])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(products).where(where),
  ]);
  return {
    data: rows.map((row) => toProduct(row.product, row.category)),
    pagination: buildPagination(query.page, query.limit, total?.value ?? 0),
  };
}

/** `GET /products/featured`: the featured active products, newest first. */
export async function listFeaturedProducts(db: Db, limit: number): Promise<Product[]> {
  const rows = await selectProductsWithCategory(db)
    .where(and(eq(products.isActive, true), eq(products.featured, true)))
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(limit);
  return rows.map((row) => toProduct(row.product, row.category));
}

/** `GET /products/{id}` by id or slug; inactive and unknown products are both "not found". */
export async function getActiveProduct(db: Db, idOrSlug: string): Promise<Product> {
  const match = isUuid(idOrSlug)
    ? or(eq(products.id, idOrSlug), eq(products.slug, idOrSlug))
    : eq(products.slug, idOrSlug);
  const [row] = await selectProductsWithCategory(db)
    .where(and(match, eq(products.isActive, true)))
    .limit(1);
  if (!row) throw notFound('Product');
  return toProduct(row.product, row.category);
}
