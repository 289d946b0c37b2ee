import type { CatalogueIndex } from '#server/catalogue/catalogue-index.ts';
import { notFound } from '#server/errors.ts';
import { buildPagination, type Pagination } from '#shared/contracts/common.ts';
import type { Product, ProductListQuery } from '#shared/contracts/products.ts';
import { PRODUCT_SORT_FIELDS } from '#shared/product-sorts.ts';

/**
 * `GET /products`: active products only, filtered like POST /search; default order featured then
 * newest, or relevance when `q` is given. An unknown category gives an empty page.
 */
export function listProducts(
  catalogue: CatalogueIndex,
  query: ProductListQuery,
): { data: Product[]; pagination: Pagination } {
  const q = query.q || query.search || '';
  const sort = PRODUCT_SORT_FIELDS[query.sort ?? (q ? 'relevance' : 'featured')];
  const result = catalogue.query({
    q,
    filters: {
      category: query.category,
      brand: query.brand,
      featured: query.featured,
      in_stock: query.in_stock,
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
    },
    sortBy: sort.field,
    sortOrder: sort.order,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
    facets: [],
  });
  return { data: result.products, pagination: buildPagination(query.page, query.limit, result.total) };
}

/** `GET /products/featured`: the featured active products, newest first. */
export function listFeaturedProducts(catalogue: CatalogueIndex, limit: number): Product[] {
  return catalogue.query({
    q: '',
    filters: { featured: true },
    sortBy: 'created_at',
    sortOrder: 'desc',
    offset: 0,
    limit,
    facets: [],
  }).products;
}

/**
 * `GET /products/new-arrivals`: the newest active products that are not featured, those in stock
 * first (the newest sold-out ones only fill what is left). Not featured, so the home page's
 * Featured and New arrivals never show one product twice, whatever either one's length.
 */
export function listNewArrivals(catalogue: CatalogueIndex, limit: number): Product[] {
  const newest = (inStock: boolean, count: number) =>
    catalogue.query({
      q: '',
      filters: { featured: false, in_stock: inStock },
      sortBy: 'created_at',
      sortOrder: 'desc',
      offset: 0,
      limit: count,
      facets: [],
    }).products;
  const inStock = newest(true, limit);
  return inStock.length < limit ? [...inStock, ...newest(false, limit - inStock.length)] : inStock;
}

/** `GET /products/{id}` by id or slug; inactive and unknown products are both "not found". */
export function getActiveProduct(catalogue: CatalogueIndex, idOrSlug: string): Product {
  const product = catalogue.getProduct(idOrSlug);
  if (!product) throw notFound('Product');
  return product;
}
