import { and, eq, gt, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { categories } from '#server/categories/categories.table.ts';
import type { Db } from '#server/db/client.ts';
import { isDemoColumn } from '#server/db/demo-marks.ts';
import { containsPattern, countRows, pageOffset, sortDirection } from '#server/db/list-queries.ts';
import { notFound } from '#server/errors.ts';
import {
  type AdminProduct,
  type AdminProductsQuery,
  type AdminProductVariant,
  type StockState,
  stockStateOf,
} from '#shared/contracts/admin-products.ts';
import { buildPagination, type Pagination } from '#shared/contracts/common.ts';
import { loadVariantsByProduct } from './product-variants.mapper.ts';
import { productVariants } from './product-variants.table.ts';
import {
  type CategoryRef,
  headlineVariant,
  type ProductRow,
  type ProductVariantRow,
  toNullableNumber,
  toProduct,
  toProductVariant,
} from './products.mapper.ts';
import { products } from './products.table.ts';

function toAdminVariant(row: ProductVariantRow): AdminProductVariant {
  return {
    ...toProductVariant(row),
    cost_price: toNullableNumber(row.costPrice),
    is_active: row.isActive,
    stock_state: stockStateOf(row.stockQuantity, row.lowStockThreshold),
  };
}

/**
 * The product's stock state (docs/product.md#product, decision 012 §7): out when every active
 * variant is out (or none is active), low when any active one is at or below its threshold, else
 * in. listConditions' `stock` filter says the same in SQL.
 */
function productStockState(variants: readonly AdminProductVariant[]): StockState {
  const active = variants.filter((variant) => variant.is_active);
  if (active.every((variant) => variant.stock_state === 'out')) return 'out';
  return active.some((variant) => variant.stock_state !== 'in') ? 'low' : 'in';
}

/** A row in the panel's shape: the storefront product plus cost price, stock state and every variant. */
export function toAdminProduct(
  row: ProductRow,
  category: CategoryRef | null,
  variantRows: readonly ProductVariantRow[],
): AdminProduct {
  const product = toProduct(row, category, variantRows);
  const variants = variantRows.map(toAdminVariant);
  return {
    ...product,
    cost_price: toNullableNumber(headlineVariant(variantRows)?.costPrice),
    stock_state: productStockState(variants),
    variants,
  };
}

/** Rows with their category refs, and their variants read in one more query (never one per product). */
async function toAdminProducts(
  db: Db,
  rows: readonly { product: ProductRow; category: CategoryRef | null; isDemo?: boolean }[],
): Promise<AdminProduct[]> {
  const variants = await loadVariantsByProduct(
    db,
    rows.map((row) => row.product.id),
  );
  return rows.map((row) => ({
    ...toAdminProduct(row.product, row.category, variants.get(row.product.id) ?? []),
    ...(row.isDemo === undefined ? {} : { is_demo: row.isDemo }),
  }));
}

/** An active variant of the product at or below its low-stock threshold (out ones too). */
const anyActiveVariantLow = sql`exists (select 1 from ${productVariants} as v where v.product_id = ${products.id}
  and v.is_active and v.stock_quantity <= v.low_stock_threshold)`;

const categoryRef = { id: categories.id, name: categories.name, slug: categories.slug };

/**
 * A category (by id or slug, active or not: staff see everything) and all categories below it,
 * as a subquery, so the filter is one statement. An unknown category yields no ids, hence an
 * empty page rather than an error.
 */
function categoryTreeIds(idOrSlug: string): SQL {
  return sql`(
    with recursive tree as (
      select id from ${categories} where id::text = ${idOrSlug.toLowerCase()} or slug = ${idOrSlug.toLowerCase()}
      union
      select child.id from ${categories} child join tree on child.parent_id = tree.id
    )
    select id from tree
  )`;
}

function listConditions(query: AdminProductsQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = containsPattern(query.search);
    const match = or(
      ilike(products.name, pattern),
      ilike(products.sku, pattern),
      ilike(products.slug, pattern),
      ilike(products.brand, pattern),
      sql`array_to_string(${products.tags}, ' ') ilike ${pattern}`,
    );
    if (match) conditions.push(match);
  }
  if (query.category === 'none') conditions.push(isNull(products.categoryId));
  else if (query.category) conditions.push(sql`${products.categoryId} in ${categoryTreeIds(query.category)}`);
  if (query.brand) conditions.push(sql`lower(${products.brand}) = ${query.brand.toLowerCase()}`);
  if (query.status) conditions.push(eq(products.isActive, query.status === 'active'));
  if (query.featured !== undefined) conditions.push(eq(products.featured, query.featured));
  // products.stock_quantity is the sum over active variants (decision 012): 0 = every one is out.
  if (query.stock === 'out') conditions.push(lte(products.stockQuantity, 0));
  if (query.stock === 'low') conditions.push(gt(products.stockQuantity, 0), anyActiveVariantLow);
  if (query.stock === 'in') conditions.push(gt(products.stockQuantity, 0), sql`not ${anyActiveVariantLow}`);
  return conditions;
}

const SORT_COLUMNS = {
  created_at: products.createdAt,
  updated_at: products.updatedAt,
  // Case-insensitive, the way a person reads a list of names.
  name: sql`lower(${products.name})`,
  sku: sql`lower(${products.sku})`,
  price: products.price,
  stock_quantity: products.stockQuantity,
} as const;

/** `GET /admin/products`: every product, inactive too, filtered and sorted in SQL. */
export async function listAdminProducts(
  db: Db,
  query: AdminProductsQuery,
): Promise<{ data: AdminProduct[]; pagination: Pagination }> {
  const conditions = listConditions(query);
  const where = conditions.length ? and(...conditions) : undefined;
  const direction = sortDirection(query.sort_order);
  const [rows, total] = await Promise.all([
    db
      .select({ product: products, category: categoryRef, isDemo: isDemoColumn('products') })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      // id breaks ties, so pages never repeat or skip a product that shares a sort value.
      .orderBy(direction(SORT_COLUMNS[query.sort_by]), direction(products.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    countRows(db, products, where),
  ]);
  return {
    data: await toAdminProducts(db, rows),
    pagination: buildPagination(query.page, query.limit, total),
  };
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Products by id with their category refs, in no particular order. */
export async function loadAdminProducts(db: Db, ids: readonly string[]): Promise<AdminProduct[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ product: products, category: categoryRef })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, [...ids]));
  return toAdminProducts(db, rows);
}

/** `GET /admin/products/{id}`: one product by id or slug, whatever its status. */
export async function getAdminProduct(db: Db, idOrSlug: string): Promise<AdminProduct> {
  const match = UUID_PATTERN.test(idOrSlug) ? eq(products.id, idOrSlug) : eq(products.slug, idOrSlug.toLowerCase());
  const [row] = await db
    .select({ product: products, category: categoryRef })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(match)
    .limit(1);
  if (!row) throw notFound('Product');
  const [product] = await toAdminProducts(db, [row]);
  if (!product) throw notFound('Product');
  return product;
}
