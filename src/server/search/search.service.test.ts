import { describe, expect, it } from 'vitest';
import { CatalogueIndex, type IndexedProduct } from '#server/catalogue/catalogue-index.ts';
import { SearchRequestSchema } from '#shared/contracts/search.ts';
import { searchCatalogue } from './search.service.ts';

const AT = '2026-01-01T00:00:00.000Z';

/** A product with one variant per price; one price = its default variant (decision 012). */
function product(id: string, name: string, prices: number[]): IndexedProduct {
  const sizes = prices.length === 1 ? [] : prices.map((_, position) => `Size ${position}`);
  const variants = prices.map((price, position): IndexedProduct['variants'][number] => ({
    id: `${id}-v${position}`,
    sku: prices.length === 1 ? id.toUpperCase() : `${id.toUpperCase()}-${position}`,
    options: prices.length === 1 ? {} : { Size: `Size ${position}` },
    price,
    compare_at_price: null,
    in_stock: true,
    stock_quantity: 4,
    low_stock_threshold: 5,
    image: null,
    sort_order: position,
  }));
  return {
    id,
    name,
    slug: id,
    sku: id.toUpperCase(),
    description: '',
    tags: [],
    category_id: null,
    brand: null,
    price: Math.min(...prices),
    price_max: Math.max(...prices),
    compare_at_price: null,
    images: [],
    in_stock: true,
    stock_quantity: 4 * prices.length,
    low_stock_threshold: 5,
    max_per_order: 10,
    featured: false,
    is_active: true,
    specs: [],
    variations: sizes.length === 0 ? [] : [{ name: 'Size', options: sizes }],
    variants,
    rating: 0,
    review_count: 0,
    weight: null,
    created_at: AT,
    updated_at: AT,
  };
}

describe('searchCatalogue hits with variants (decision 012 §4)', () => {
  const index = new CatalogueIndex(
    [],
    [product('kit', 'Probe Kit', [35, 55, 75]), product('lead', 'Probe Lead', [50])],
  );
  const search = (body: object) => searchCatalogue(index, SearchRequestSchema.parse(body));

  it('carries the price range and the number of active variants for the card', () => {
    const { hits } = search({ q: 'probe', sort_by: 'price', sort_order: 'desc' });
    expect(hits.map(({ id, price, price_max, variant_count }) => ({ id, price, price_max, variant_count }))).toEqual([
      { id: 'kit', price: 35, price_max: 75, variant_count: 3 },
      { id: 'lead', price: 50, price_max: 50, variant_count: 1 },
    ]);
  });

  it('finds by a variant SKU and an option value, and filters by a variant price', () => {
    expect(search({ q: 'KIT-2' }).hits.map((hit) => hit.id)).toEqual(['kit']);
    expect(search({ q: 'size 1' }).hits.map((hit) => hit.id)).toEqual(['kit']);
    const ranged = search({ filters: { minPrice: 54, maxPrice: 56 }, facets: ['in_stock'] });
    expect(ranged.hits.map((hit) => hit.id)).toEqual(['kit']);
    expect(ranged.facets).toEqual({ in_stock: { true: 1 } });
  });
});
