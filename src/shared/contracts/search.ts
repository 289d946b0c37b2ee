import { z } from 'zod';
import {
  SEARCH_FACETS,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SEARCH_OFFSET_MAX,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_SORT_FIELDS,
  SUGGESTIONS_LIMIT_DEFAULT,
  SUGGESTIONS_LIMIT_MAX,
} from '../constants.ts';
import { checkPriceRange, SortOrderSchema } from './common.ts';
import { ProductCategoryRefSchema } from './products.ts';
import { safeText } from './text.ts';

export const SearchQueryTextSchema = safeText().trim().max(SEARCH_QUERY_MAX_LENGTH);

/** A price bound in dollars. */
export const PriceBoundSchema = z.number().min(0).max(1_000_000);

/**
 * Filters shared by `POST /search` and `GET /products`. The keys are the facet names, so a facet
 * value the shopper clicks goes straight back as a filter. `category` is an id or a slug and
 * includes its sub-categories; `brand` is one brand or several (any of them).
 */
export const SearchFiltersSchema = z
  .object({
    category: safeText().trim().min(1).max(120).optional(),
    brand: z
      .union([safeText().trim().min(1).max(80), z.array(safeText().trim().min(1).max(80)).max(50)])
      .transform((value) => (Array.isArray(value) ? value : [value]))
      .optional(),
    in_stock: z.boolean().optional(),
    featured: z.boolean().optional(),
    minPrice: PriceBoundSchema.optional(),
    maxPrice: PriceBoundSchema.optional(),
  })
  .strict()
  .superRefine((value, ctx) => checkPriceRange(value, ctx));
export type SearchFilters = z.infer<typeof SearchFiltersSchema>;
export type SearchFiltersInput = z.input<typeof SearchFiltersSchema>;

export const SearchFacetSchema = z.enum(SEARCH_FACETS);
export const SearchSortFieldSchema = z.enum(SEARCH_SORT_FIELDS);

/** `POST /search` body (docs/product.md#catalogue-endpoints, defaults of docs/product.md#limits-and-constants). */
export const SearchRequestSchema = z
  .object({
    q: SearchQueryTextSchema.default(''),
    filters: SearchFiltersSchema.prefault({}),
    limit: z.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
    offset: z.number().int().min(0).max(SEARCH_OFFSET_MAX).default(0),
    sort_by: SearchSortFieldSchema.optional(),
    sort_order: SortOrderSchema.optional(),
    facets: z
      .array(SearchFacetSchema)
      .max(SEARCH_FACETS.length)
      .default([...SEARCH_FACETS]),
  })
  .strict();
export type SearchRequest = z.infer<typeof SearchRequestSchema>;
export type SearchRequestInput = z.input<typeof SearchRequestSchema>;

/** What a result card (grid or list) needs; lighter than a full product. */
export const SearchHitSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  sku: z.string(),
  brand: z.string().nullable(),
  category: ProductCategoryRefSchema.nullable(),
  price: z.number(),
  /** Highest active variant price; a card shows "from price to price_max" when they differ. */
  price_max: z.number(),
  compare_at_price: z.number().nullable(),
  images: z.array(z.string()),
  /** Active variants: above 1, a card's Add to cart opens the quick view to choose one. */
  variant_count: z.number().int(),
  in_stock: z.boolean(),
  stock_quantity: z.number().int(),
  low_stock_threshold: z.number().int(),
  featured: z.boolean(),
  rating: z.number(),
  review_count: z.number().int(),
  tags: z.array(z.string()),
  /** The first sentences of the description, for the list view. */
  excerpt: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

/**
 * Facet value → number of matching products, over the whole filtered result (not the page).
 * category: keyed by category slug (the product's own category; parents are not rolled up);
 * brand: by brand name; in_stock: "true" / "false".
 */
export const SearchFacetCountsSchema = z.object({
  category: z.record(z.string(), z.number().int()).optional(),
  brand: z.record(z.string(), z.number().int()).optional(),
  in_stock: z.record(z.string(), z.number().int()).optional(),
});
export type SearchFacetCounts = z.infer<typeof SearchFacetCountsSchema>;

/** docs/product.md#catalogue-endpoints, plus `facet_choices` for filter panels. */
export const SearchResponseSchema = z.object({
  hits: z.array(SearchHitSchema),
  total: z.number().int(),
  processingTimeMs: z.number(),
  facets: SearchFacetCountsSchema,
  /**
   * Per facet, the counts with every filter applied except that facet's own: what a filter panel
   * offers next (with brand A chosen, brand B still shows how many it would add).
   */
  facet_choices: SearchFacetCountsSchema,
  limit: z.number().int(),
  offset: z.number().int(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/** `GET /search/suggestions?q&limit` (default 5). */
export const SuggestionsQuerySchema = z.object({
  q: SearchQueryTextSchema,
  limit: z.coerce.number().int().min(1).max(SUGGESTIONS_LIMIT_MAX).default(SUGGESTIONS_LIMIT_DEFAULT),
});

/**
 * One suggestion: a product (goes to its page) or a category (opens it in the store). At most
 * `limit` in all; categories come first (at most 2), products fill the rest.
 */
export const SuggestionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('category'),
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    product_count: z.number().int(),
  }),
  z.object({
    type: z.literal('product'),
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    brand: z.string().nullable(),
    price: z.number(),
    image: z.string().nullable(),
    in_stock: z.boolean(),
  }),
]);
export type Suggestion = z.infer<typeof SuggestionSchema>;
