import { type CatalogueIndex, NATURAL_ORDER } from '#server/catalogue/catalogue-index.ts';
import { keepJson } from '#server/catalogue/kept-json.ts';
import { excerptOf } from '#server/catalogue/search-text.ts';
import type { Product } from '#shared/contracts/products.ts';
import type { SearchHit, SearchRequest, SearchResponse, Suggestion } from '#shared/contracts/search.ts';

/**
 * `POST /search`: relevance first when there is a query (featured then newest without one); each
 * field's natural direction unless `sort_order` says otherwise.
 */
export function searchCatalogue(catalogue: CatalogueIndex, request: SearchRequest): SearchResponse {
  const started = performance.now();
  const sortBy = request.sort_by ?? (request.q ? 'relevance' : 'featured');
  const result = catalogue.query({
    q: request.q,
    filters: request.filters,
    sortBy,
    sortOrder: request.sort_order ?? NATURAL_ORDER[sortBy],
    offset: request.offset,
    limit: request.limit,
    facets: request.facets,
  });
  return {
    hits: result.products.map(toHit),
    total: result.total,
    processingTimeMs: Math.round((performance.now() - started) * 100) / 100,
    facets: result.facets,
    facet_choices: result.facetChoices,
    limit: request.limit,
    offset: request.offset,
  };
}

export function suggest(catalogue: CatalogueIndex, q: string, limit: number): Suggestion[] {
  return catalogue.suggest(q, limit);
}

/**
 * Each product's hit, made once per product object: the catalogue hands out the same frozen
 * product until it changes (CatalogueIndex `readable`), so the hit, its excerpt and its JSON
 * (kept-json.ts) are reused by every search that shows it.
 */
const hits = new WeakMap<Product, SearchHit>();

function toHit(product: Product): SearchHit {
  let hit = hits.get(product);
  if (!hit) {
    hit = keepJson(newHit(product));
    hits.set(product, hit);
  }
  return hit;
}

function newHit(product: Product): SearchHit {
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    sku: product.sku,
    brand: product.brand,
    category: product.category,
    price: product.price,
    price_max: product.price_max,
    compare_at_price: product.compare_at_price,
    images: product.images,
    variant_count: product.variants.length,
    in_stock: product.in_stock,
    stock_quantity: product.stock_quantity,
    low_stock_threshold: product.low_stock_threshold,
    featured: product.featured,
    rating: product.rating,
    review_count: product.review_count,
    tags: product.tags,
    excerpt: excerptOf(product.description),
    created_at: product.created_at,
  };
}
