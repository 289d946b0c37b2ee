import MiniSearch, { type Query, type SearchOptions, type SearchResult } from 'minisearch';
import type { SearchFacet, SearchSortField } from '#shared/constants.ts';
import type { Category, CategoryDetail, CategoryTreeNode } from '#shared/contracts/categories.ts';
import type { Product } from '#shared/contracts/products.ts';
import type { SearchFacetCounts, SearchFilters, Suggestion } from '#shared/contracts/search.ts';
import { optionValues } from '#shared/product-variants.ts';
import { keepJson } from './kept-json.ts';
import { ProductColumns } from './product-columns.ts';
import { allowedTypos, normaliseTerm, queryTerms, TOKEN_SEPARATOR } from './search-text.ts';
import { TermVocabulary } from './typo-tolerance.ts';

/**
 * The storefront's catalogue in memory: every active product, every category, a full-text index
 * and the sort orders. Pure (no I/O): the read model (catalogue-read-model.ts) fills it from the
 * database and patches it when products change. Queries over 10,000 products take about a
 * millisecond here, where the same SQL on the embedded database takes 80-120 ms (decision 005).
 */

/** A category as the index keeps it; inactive ones too, so a product's category ref still resolves. */
export interface IndexedCategory {
  id: string;
  name: string;
  slug: string;
  description: string;
  image: string | null;
  parentId: string | null;
  isActive: boolean;
  sortOrder: number;
  updatedAt: string;
}

/** A product as stored: the storefront shape without the category ref (resolved when read). */
export type IndexedProduct = Omit<Product, 'category'>;

export type SortDirection = 'asc' | 'desc';

export interface CatalogueQuery {
  q: string;
  filters: SearchFilters;
  sortBy: SearchSortField;
  sortOrder: SortDirection;
  offset: number;
  limit: number;
  facets: readonly SearchFacet[];
}

/**
 * What an order (or a cancellation that gives stock back) changes in a variant: its stock. The
 * database announces such changes with their values (migrations 0008, 0009), so they are patched
 * in without a query and without touching the text index or the caches that do not depend on stock.
 */
export interface StockLevel {
  /** The variant's product: its stock is the sum of its active variants (decision 012). */
  product_id: string;
  stock_quantity: number;
  in_stock: boolean;
  updated_at: string;
}

export interface CatalogueQueryResult {
  products: Product[];
  total: number;
  /** Counts over the whole filtered result. */
  facets: SearchFacetCounts;
  /** Per facet, counts with every filter applied except that facet's own: the choices a filter panel offers. */
  facetChoices: SearchFacetCounts;
}

/**
 * A cached query answer, for every page at once: the slots (in `columns`) of every product that
 * passes, in the order asked, so each page of the same filters and sort is a slice of it (the
 * storefront pages through one listing; keyed with the page, 20 pages of one listing were 20
 * walks over every product). Slots stay with their product until a product is added or removed,
 * which drops every entry; a stock change updates the product objects in place, so an answer read
 * from the cache always shows the current stock; only the counts and filters that use in_stock
 * depend on stock, and such entries go when a product sells out or comes back
 * (`dependsOnAvailability`).
 */
interface CachedResult {
  slots: Int32Array;
  facets: SearchFacetCounts;
  facetChoices: SearchFacetCounts;
  dependsOnAvailability: boolean;
}

interface SearchDocument {
  id: string;
  name: string;
  brand: string;
  sku: string;
  tags: string;
  category: string;
  description: string;
}

interface Match {
  id: string;
  score: number;
  /** 1 when every query term matched the product's name: such products rank first. */
  nameTier: number;
}

/** The direction each sort takes when the request does not say. */
export const NATURAL_ORDER: Record<SearchSortField, SortDirection> = {
  relevance: 'desc',
  featured: 'desc',
  created_at: 'desc',
  price: 'asc',
  name: 'asc',
  rating: 'desc',
};

type PresortedField = Exclude<SearchSortField, 'relevance'>;
/**
 * The sort orders kept ready: one per field, plus `price_max` for price high to low. A product
 * with variants from $35 to $75 sorts by $35 when cheapest first and by $75 when dearest first,
 * so it sits with the $75 products in both (decision 012 §4, Prices).
 */
type PresortedKey = PresortedField | 'price_max';

const byId = (a: IndexedProduct, b: IndexedProduct) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const nameCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Comparators in each field's natural direction; ties fall back to id so pages never overlap. */
const COMPARATORS: Record<PresortedKey, (a: IndexedProduct, b: IndexedProduct) => number> = {
  featured: (a, b) => Number(b.featured) - Number(a.featured) || b.created_at.localeCompare(a.created_at) || byId(a, b),
  created_at: (a, b) => b.created_at.localeCompare(a.created_at) || byId(a, b),
  price: (a, b) => a.price - b.price || byId(a, b),
  // Ascending like `price` (the natural direction of the field); read backwards for desc.
  price_max: (a, b) => a.price_max - b.price_max || a.price - b.price || byId(a, b),
  name: (a, b) => nameCollator.compare(a.name, b.name) || byId(a, b),
  rating: (a, b) => b.rating - a.rating || b.review_count - a.review_count || byId(a, b),
};

const FIELD_BOOSTS = { name: 8, brand: 3, sku: 3, tags: 2, category: 2, description: 1 };
const MATCH_CACHE_SIZE = 500;
const RESULT_CACHE_SIZE = 300;
const SUGGESTION_CACHE_SIZE = 500;
const MAX_CATEGORY_SUGGESTIONS = 2;

/**
 * MiniSearch's weight for a fuzzy match (its default): a word reached by a swap (typo-tolerance.ts)
 * weighs as much as one reached by any other typo.
 */
const FUZZY_WEIGHT = 0.45;

/** The product index, which also hands out its vocabulary (every indexed word) for the swap typos. */
class ProductTextIndex extends MiniSearch<SearchDocument> {
  terms(): IterableIterator<string> {
    return this._index.keys();
  }
}

function newProductIndex(): ProductTextIndex {
  return new ProductTextIndex({
    fields: ['name', 'brand', 'sku', 'tags', 'category', 'description'],
    storeFields: [],
    tokenize: (text) => text.split(TOKEN_SEPARATOR),
    processTerm: (term) => normaliseTerm(term),
    searchOptions: {
      boost: FIELD_BOOSTS,
      // Every term also matches as a prefix ("esp3" → esp32) and, from 4 letters, with typos.
      prefix: (term) => term.length >= 2,
      fuzzy: (term) => allowedTypos(term) || false,
      combineWith: 'AND',
    },
  });
}

let nextRevision = 1;

export class CatalogueIndex {
  private readonly products = new Map<string, IndexedProduct>();
  /** Each active variant's product (decision 012 §4): stock patches address variants. */
  private readonly variantsById = new Map<string, IndexedProduct>();
  private readonly idBySlug = new Map<string, string>();
  private categories = new Map<string, IndexedCategory>();
  private productIndex = newProductIndex();
  /** The index's words for the swap typos, built when a query first needs it after a text change. */
  private vocabulary: TermVocabulary | undefined;
  private categoryIndex = new MiniSearch<{ id: string; name: string }>({ fields: ['name'] });
  /**
   * Caches derived from the products: dropped when what they depend on changes (text matches by
   * text changes only; none by a stock change unless a product sold out or came back).
   */
  /** Per sort order, the products' slots in `columns`. */
  private presorted = new Map<PresortedKey, Int32Array>();
  /** Per query text, the matching products' slots, best first (typed arrays: a cache of Match objects held 100s of MB). */
  private matchCache = new Map<string, Int32Array>();
  /** What the per-request loop reads (product-columns.ts). */
  private readonly columns = new ProductColumns<IndexedProduct>();
  private resultCache = new Map<string, CachedResult>();
  private suggestionCache = new Map<string, Suggestion[]>();
  /** Product names folded like query terms, for "starts with what was typed" checks. */
  private readonly foldedNames = new Map<string, string>();
  private countsByCategory: Map<string, number> | undefined;
  private visibleSlugs: Map<string, string> | undefined;
  /**
   * Each product as the storefront reads it (with its category ref), made once and kept frozen
   * with its JSON (kept-json.ts) until the product, its stock or the categories change: every
   * list, search and page reuses it instead of copying the product and writing its JSON again.
   */
  private readable = new WeakMap<IndexedProduct, Product>();

  /**
   * Changes with every change except stock levels (`updateStock`): products, prices, text,
   * categories. With `availabilityRevision` and `stockOf`, what the server-drawn pages are keyed on.
   * Unique across instances, so a new index (a reload) never matches an old page.
   */
  contentRevision = nextRevision++;
  /** Changes when a stock change makes a product sell out or come back (in_stock flips). */
  availabilityRevision = nextRevision++;

  constructor(categories: readonly IndexedCategory[] = [], products: readonly IndexedProduct[] = []) {
    this.replaceCategories(categories);
    for (const product of products) this.upsertProduct(product);
  }

  get size(): number {
    return this.products.size;
  }

  /** Replaces every category; reindexes product text when a name changed (it is searchable). */
  replaceCategories(categories: readonly IndexedCategory[]): void {
    const previous = this.categories;
    this.categories = new Map(categories.map((category) => [category.id, category]));
    // A product's category ref (name, slug) may have changed.
    this.readable = new WeakMap();
    this.categoryIndex = new MiniSearch<{ id: string; name: string }>({
      fields: ['name'],
      tokenize: (text) => text.split(TOKEN_SEPARATOR),
      processTerm: (term) => normaliseTerm(term),
    });
    this.categoryIndex.addAll(categories.filter((category) => category.isActive).map(({ id, name }) => ({ id, name })));
    const renamed = [...this.categories.values()].some((category) => previous.get(category.id)?.name !== category.name);
    if (renamed && this.products.size > 0) {
      this.productIndex = newProductIndex();
      this.productIndex.addAll([...this.products.values()].map((product) => this.documentFor(product)));
    }
    this.changed();
  }

  /** Adds or replaces a product; an inactive product leaves the storefront. */
  upsertProduct(incoming: IndexedProduct): void {
    if (!incoming.is_active) {
      this.removeProduct(incoming.id);
      return;
    }
    // Every product of a brand (or category) shares one string: the facet loop hashes each
    // distinct string once instead of ten thousand copies (4 ms → 0.3 ms per query at 10k).
    const product = { ...incoming, brand: this.intern(incoming.brand), category_id: this.intern(incoming.category_id) };
    const previous = this.products.get(product.id);
    // An order that only takes stock leaves the searchable text alone: keep the index and the
    // cached text matches, drop only what depends on stock and price.
    const textChanged = !previous || !sameDocument(this.documentFor(previous), this.documentFor(product));
    if (previous) this.idBySlug.delete(previous.slug);
    if (previous) for (const variant of previous.variants) this.variantsById.delete(variant.id);
    if (previous && textChanged) this.productIndex.discard(product.id);
    this.products.set(product.id, product);
    this.columns.set(product);
    for (const variant of product.variants) this.variantsById.set(variant.id, product);
    this.foldedNames.set(product.id, queryTerms(product.name).join(' '));
    this.idBySlug.set(product.slug, product.id);
    if (textChanged) this.productIndex.add(this.documentFor(product));
    this.changed({ textChanged });
  }

  /**
   * Patches a variant's stock (an order took some, a cancellation gave some back) and recomputes
   * its product's: the sum of its active variants, in stock while any is (the rule of the
   * `cedar_roll_up_variants` trigger, migration 0009; keep them in step). The objects are updated
   * in place, so the sort orders and cached answers that hold them show the new stock without
   * being rebuilt; text matches, sort orders, category counts and results that do not use
   * in_stock are kept unless the PRODUCT's in_stock flips. Unknown or inactive variants are
   * ignored (the storefront does not show them). Returns whether anything changed.
   */
  updateStock(variantId: string, level: StockLevel): boolean {
    const product = this.variantsById.get(variantId);
    const variant = product?.variants.find((candidate) => candidate.id === variantId);
    if (!product || !variant || product.id !== level.product_id) return false;
    if (
      variant.stock_quantity === level.stock_quantity &&
      variant.in_stock === level.in_stock &&
      product.updated_at === level.updated_at
    ) {
      return false;
    }
    variant.stock_quantity = level.stock_quantity;
    variant.in_stock = level.in_stock;
    // Its readable copy (and kept JSON) showed the old stock: the next read makes a new one.
    this.readable.delete(product);
    // The index holds active variants only, so their sum is the product's stock.
    const stock = product.variants.reduce((sum, each) => sum + each.stock_quantity, 0);
    const availabilityChanged = product.in_stock !== stock > 0;
    product.stock_quantity = stock;
    product.in_stock = stock > 0;
    product.updated_at = level.updated_at;
    if (availabilityChanged) {
      this.columns.setInStock(product);
      this.availabilityRevision = nextRevision++;
      // Facet counts and in_stock filters change; suggestions rank in-stock products first.
      for (const [key, cached] of this.resultCache) if (cached.dependsOnAvailability) this.resultCache.delete(key);
      this.suggestionCache.clear();
    }
    return true;
  }

  /**
   * The stock of an active product or of one of its active variants, or undefined: what a
   * server-drawn page checks it still shows (both are objects with an id and a stock there).
   */
  stockOf(id: string): Pick<StockLevel, 'stock_quantity' | 'in_stock'> | undefined {
    const product = this.products.get(id);
    if (product) return { stock_quantity: product.stock_quantity, in_stock: product.in_stock };
    const variant = this.variantsById.get(id)?.variants.find((candidate) => candidate.id === id);
    return variant && { stock_quantity: variant.stock_quantity, in_stock: variant.in_stock };
  }

  removeProduct(id: string): void {
    const previous = this.products.get(id);
    if (!previous) return;
    this.products.delete(id);
    this.columns.remove(id);
    for (const variant of previous.variants) this.variantsById.delete(variant.id);
    this.foldedNames.delete(id);
    this.idBySlug.delete(previous.slug);
    this.productIndex.discard(id);
    this.changed();
  }

  /** An active product by id or slug. */
  getProduct(idOrSlug: string): Product | undefined {
    const product = this.products.get(idOrSlug) ?? this.products.get(this.idBySlug.get(idOrSlug) ?? '');
    return product && this.withCategory(product);
  }

  /** Every active product (the sitemap), in no particular order. */
  allProducts(): Product[] {
    return [...this.products.values()].map((product) => this.withCategory(product));
  }

  /** Active products with these ids, in the order asked; unknown ids are skipped. */
  getProducts(ids: readonly string[]): Product[] {
    return ids.flatMap((id) => {
      const product = this.products.get(id);
      return product ? [this.withCategory(product)] : [];
    });
  }

  /** Filters, matches, facets and sorts in one pass over the candidates, then pages; recent answers are cached. */
  query(query: CatalogueQuery): CatalogueQueryResult {
    const { offset, limit, ...listing } = query;
    const key = JSON.stringify(listing);
    let result = remember(this.resultCache, key);
    if (!result) {
      result = this.computeQuery(listing);
      store(this.resultCache, key, result, RESULT_CACHE_SIZE);
    }
    const { slots } = result;
    const products: Product[] = [];
    const end = Math.min(slots.length, offset + limit);
    for (let position = offset; position < end; position++) {
      products.push(this.withCategory(this.columns.products[slots[position] as number] as IndexedProduct));
    }
    return { products, total: slots.length, facets: result.facets, facetChoices: result.facetChoices };
  }

  private computeQuery(query: Omit<CatalogueQuery, 'offset' | 'limit'>): CachedResult {
    const terms = query.q === '' ? [] : queryTerms(query.q);
    const matches = terms.length > 0 ? this.match(terms) : undefined;
    const sortBy: SearchSortField = query.sortBy === 'relevance' && !matches ? 'featured' : query.sortBy;
    const columns = this.columns;

    // The products to walk, as slots in `columns`, in the order asked.
    let order: Int32Array;
    let reversed = false;
    let matched: Uint8Array | undefined;
    if (sortBy === 'relevance' && matches) {
      order = matches;
      reversed = query.sortOrder === 'asc';
    } else {
      const field = sortBy as PresortedField;
      order = this.presortedBy(field === 'price' && query.sortOrder === 'desc' ? 'price_max' : field);
      reversed = query.sortOrder !== NATURAL_ORDER[sortBy];
      if (matches) {
        matched = new Uint8Array(columns.products.length);
        for (let index = 0; index < matches.length; index++) matched[matches[index] as number] = 1;
      }
    }

    const filter = this.compileFilters(query.filters);
    const wanted = new Set(query.facets);
    const wantCategory = wanted.has('category');
    const wantBrand = wanted.has('brand');
    const wantStock = wanted.has('in_stock');
    // Counts per code (category, brand) and per in-stock value (0, 1): typed arrays, no hashing.
    const categoryCounts = new Int32Array(columns.categoryCodes.values.length);
    const categoryChoices = new Int32Array(columns.categoryCodes.values.length);
    const brandCounts = new Int32Array(columns.brandCodes.values.length);
    const brandChoices = new Int32Array(columns.brandCodes.values.length);
    const stockCounts = new Int32Array(2);
    const stockChoices = new Int32Array(2);
    const { category: categoryOf, brand: brandOf, inStock, featured: featuredOf, price, priceMax } = columns;
    // Every passing slot in order (as many as the walk visits at most), trimmed below.
    const passing = new Int32Array(order.length);
    let total = 0;

    // A plain indexed loop over typed arrays: this runs over up to every product on each request.
    const count = order.length;
    for (let position = 0; position < count; position++) {
      const slot = order[reversed ? count - 1 - position : position] as number;
      if (matched && matched[slot] === 0) continue;
      if (filter.featured !== -1 && featuredOf[slot] !== filter.featured) continue;
      if (
        filter.inPriceRange &&
        !filter.inPriceRange(price[slot] as number) &&
        !(price[slot] !== priceMax[slot] && filter.variantPriceInRange(columns.products[slot] as IndexedProduct))
      ) {
        continue;
      }
      const category = categoryOf[slot] as number;
      const brand = brandOf[slot] as number;
      const stock = inStock[slot] as number;
      const passCategory = filter.categories === undefined || filter.categories[category] === 1;
      const passBrand = filter.brands === undefined || filter.brands[brand] === 1;
      const passStock = filter.inStock === -1 || stock === filter.inStock;
      if (passCategory && passBrand && passStock) passing[total++] = slot;
      if (wantCategory && passBrand && passStock) {
        bump(categoryChoices, category);
        if (passCategory) bump(categoryCounts, category);
      }
      if (wantBrand && passCategory && passStock) {
        bump(brandChoices, brand);
        if (passBrand) bump(brandCounts, brand);
      }
      if (wantStock && passCategory && passBrand) {
        bump(stockChoices, stock);
        if (passStock) bump(stockCounts, stock);
      }
    }

    // Facets offer only categories a shopper can open (not those of a hidden branch).
    const slugOf = this.visibleCategorySlugs();
    const categoryRecord = (counts: Int32Array) =>
      countsByName(counts, (code) => {
        const id = columns.categoryCodes.values[code];
        return id ? slugOf.get(id) : undefined;
      });
    const brandRecord = (counts: Int32Array) =>
      countsByName(counts, (code) => columns.brandCodes.values[code] ?? undefined);
    const stockRecord = (counts: Int32Array) => countsByName(counts, (value) => (value === 1 ? 'true' : 'false'));
    const picked = (facets: Record<SearchFacet, () => Record<string, number>>) => {
      const result: SearchFacetCounts = {};
      for (const facet of wanted) result[facet] = facets[facet]();
      return result;
    };
    return {
      slots: passing.slice(0, total),
      dependsOnAvailability: wantStock || query.filters.in_stock !== undefined,
      facets: picked({
        category: () => categoryRecord(categoryCounts),
        brand: () => brandRecord(brandCounts),
        in_stock: () => stockRecord(stockCounts),
      }),
      // Without its own filter a facet's choices are its counts.
      facetChoices: picked({
        category: () => categoryRecord(filter.categories ? categoryChoices : categoryCounts),
        brand: () => brandRecord(filter.brands ? brandChoices : brandCounts),
        in_stock: () => stockRecord(filter.inStock !== -1 ? stockChoices : stockCounts),
      }),
    };
  }

  /**
   * Type-ahead: up to two matching categories, then products whose names match the typed
   * prefix (typos allowed), names that start with the query first.
   */
  suggest(q: string, limit: number): Suggestion[] {
    const terms = queryTerms(q);
    if (terms.length === 0) return [];
    const key = `${limit}:${terms.join(' ')}`;
    const cached = remember(this.suggestionCache, key);
    if (cached) return cached;
    const suggestions = this.computeSuggestions(terms, limit);
    store(this.suggestionCache, key, suggestions, SUGGESTION_CACHE_SIZE);
    return suggestions;
  }

  private computeSuggestions(terms: string[], limit: number): Suggestion[] {
    const counts = this.productCounts();
    const categories: Suggestion[] = this.categoryIndex
      .search(terms.join(' '), {
        prefix: true,
        fuzzy: (term) => allowedTypos(term) || false,
        combineWith: 'AND',
      })
      .flatMap((result) => {
        const category = this.categories.get(String(result.id));
        const productCount = category ? (counts.get(category.id) ?? 0) : 0;
        return category && productCount > 0
          ? [
              {
                type: 'category' as const,
                id: category.id,
                slug: category.slug,
                name: category.name,
                product_count: productCount,
              },
            ]
          : [];
      })
      .slice(0, Math.min(MAX_CATEGORY_SUGGESTIONS, Math.max(0, limit - 1)));

    const products = this.suggestProducts(terms, limit - categories.length).map(
      (product): Suggestion => ({
        type: 'product',
        id: product.id,
        slug: product.slug,
        name: product.name,
        brand: product.brand,
        price: product.price,
        image: product.images[0] ?? null,
        in_stock: product.in_stock,
      }),
    );
    return [...categories, ...products];
  }

  /**
   * Products whose name, brand or sku match every term, the last one as a prefix; typos are
   * tried only when exact prefixes find too few (fuzzy matching costs more). Names that start
   * with the typed text come first, then in-stock ones, then the best scores.
   */
  private suggestProducts(terms: string[], limit: number): IndexedProduct[] {
    if (limit <= 0) return [];
    const text = terms.join(' ');
    const lastTerm = terms.at(-1);
    const options = {
      fields: ['name', 'brand', 'sku'],
      combineWith: 'AND' as const,
      prefix: (term: string) => term === lastTerm,
    };
    let results = this.productIndex.search(text, { ...options, fuzzy: false });
    if (results.length < limit) {
      results = this.productIndex.search(
        this.typoQuery(terms, { ...options, fuzzy: (term: string) => allowedTypos(term) || false }),
      );
    }
    const ranked = results.flatMap((result) => {
      const product = this.products.get(String(result.id));
      if (!product) return [];
      const folded = this.foldedNames.get(product.id) ?? '';
      const startsWithTyped = folded.startsWith(text) || folded.includes(` ${text}`);
      return [{ product, rank: (startsWithTyped ? 2 : 0) + (product.in_stock ? 1 : 0), score: result.score }];
    });
    ranked.sort((a, b) => b.rank - a.rank || b.score - a.score);
    return ranked.slice(0, limit).map((entry) => entry.product);
  }

  /** Every active category by sort_order, with the active products in it and its active sub-categories. */
  listCategories(): Category[] {
    const counts = this.productCounts();
    return [...this.categories.values()]
      .filter((category) => category.isActive && this.isVisible(category))
      .sort((a, b) => a.sortOrder - b.sortOrder || nameCollator.compare(a.name, b.name))
      .map((category) => toCategory(category, counts.get(category.id) ?? 0));
  }

  categoryTree(): CategoryTreeNode[] {
    const nodes = this.listCategories().map((category): CategoryTreeNode => ({ ...category, children: [] }));
    const byId = new Map(nodes.map((node) => [node.id, node]));
    const roots: CategoryTreeNode[] = [];
    for (const node of nodes) {
      const parent = node.parent_id ? byId.get(node.parent_id) : undefined;
      (parent ? parent.children : roots).push(node);
    }
    return roots;
  }

  /** An active category by id or slug, with the path down to it and its direct children. */
  getCategory(idOrSlug: string): CategoryDetail | undefined {
    const category = this.findActiveCategory(idOrSlug);
    if (!category) return undefined;
    const listed = this.listCategories();
    const self = listed.find((entry) => entry.id === category.id);
    if (!self) return undefined;
    const ancestors: CategoryDetail['ancestors'] = [];
    const seen = new Set([category.id]);
    for (let parent = this.parentOf(category); parent && !seen.has(parent.id); parent = this.parentOf(parent)) {
      seen.add(parent.id);
      ancestors.unshift({ id: parent.id, name: parent.name, slug: parent.slug });
    }
    return { ...self, ancestors, children: listed.filter((entry) => entry.parent_id === category.id) };
  }

  /** The ids of an active category and its active descendants; undefined when there is no such category. */
  categoryWithDescendants(idOrSlug: string): Set<string> | undefined {
    const root = this.findActiveCategory(idOrSlug);
    if (!root) return undefined;
    const ids = new Set([root.id]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const category of this.categories.values()) {
        if (category.isActive && category.parentId && ids.has(category.parentId) && !ids.has(category.id)) {
          ids.add(category.id);
          grew = true;
        }
      }
    }
    return ids;
  }

  private findActiveCategory(idOrSlug: string): IndexedCategory | undefined {
    const category =
      this.categories.get(idOrSlug) ?? [...this.categories.values()].find((entry) => entry.slug === idOrSlug);
    return category?.isActive && this.isVisible(category) ? category : undefined;
  }

  private parentOf(category: IndexedCategory): IndexedCategory | undefined {
    return category.parentId ? this.categories.get(category.parentId) : undefined;
  }

  /** A category shows only when its whole parent chain is active (a hidden parent hides its branch). */
  private isVisible(category: IndexedCategory): boolean {
    const seen = new Set<string>();
    for (let current: IndexedCategory | undefined = category; current; current = this.parentOf(current)) {
      if (!current.isActive || seen.has(current.id)) return current.isActive;
      seen.add(current.id);
    }
    return true;
  }

  private visibleCategorySlugs(): Map<string, string> {
    this.visibleSlugs ??= new Map(
      [...this.categories.values()]
        .filter((category) => category.isActive && this.isVisible(category))
        .map((category) => [category.id, category.slug]),
    );
    return this.visibleSlugs;
  }

  /** Active products per category, each counted in its category and every ancestor. */
  private productCounts(): Map<string, number> {
    if (this.countsByCategory) return this.countsByCategory;
    const direct = new Map<string, number>();
    for (const product of this.products.values()) {
      if (product.category_id) direct.set(product.category_id, (direct.get(product.category_id) ?? 0) + 1);
    }
    const counts = new Map<string, number>();
    for (const [categoryId, count] of direct) {
      const seen = new Set<string>();
      for (
        let current = this.categories.get(categoryId);
        current && !seen.has(current.id);
        current = this.parentOf(current)
      ) {
        seen.add(current.id);
        if (!current.isActive) break; // products under a hidden branch are not counted above it
        counts.set(current.id, (counts.get(current.id) ?? 0) + count);
      }
    }
    this.countsByCategory = counts;
    return counts;
  }

  /** Full-text matches for the terms, best first; cached until the catalogue changes. */
  private match(terms: readonly string[]): Int32Array {
    const key = terms.join(' ');
    const cached = remember(this.matchCache, key);
    if (cached) return cached;
    // Typos are the exception and fuzzy matching costs ~10x more: try exact words and prefixes
    // first, and only when they find nothing, allow edits ("arduno" → arduino).
    let results = this.productIndex.search(key, { fuzzy: false });
    if (results.length === 0) results = this.productIndex.search(this.typoQuery(terms));
    const ranked = results.map((result) => toMatch(result, terms.length));
    ranked.sort((a, b) => b.nameTier - a.nameTier || b.score - a.score || (a.id < b.id ? -1 : 1));
    const slots = ranked.flatMap((match) => this.columns.slot(match.id) ?? []);
    const matches = Int32Array.from(slots);
    store(this.matchCache, key, matches, MATCH_CACHE_SIZE);
    return matches;
  }

  /**
   * The query with typos allowed: each term matches as the index's fuzzy search matches it
   * (Levenshtein, prefix) or, beside that, any word it reaches only when a swap of two neighbouring
   * letters counts as one edit ("cabel" → cable; typo-tolerance.ts), within the same allowance
   * (allowedTypos). Every term must match (AND), as without typos.
   */
  private typoQuery(terms: readonly string[], options: SearchOptions = {}): Query {
    this.vocabulary ??= new TermVocabulary(this.productIndex.terms());
    const vocabulary = this.vocabulary;
    return {
      ...options,
      combineWith: 'AND',
      queries: terms.map((term): Query => {
        const swaps = vocabulary.swapCandidates(term, allowedTypos(term));
        if (swaps.length === 0) return term;
        const weightOf = new Map(
          swaps.map(({ term: word, distance }) => [word, (FUZZY_WEIGHT * word.length) / (word.length + distance)]),
        );
        return {
          combineWith: 'OR',
          queries: [
            term,
            {
              queries: [swaps.map((swap) => swap.term).join(' ')],
              combineWith: 'OR',
              prefix: false,
              fuzzy: false,
              boostTerm: (word) => weightOf.get(word) ?? FUZZY_WEIGHT,
            },
          ],
        };
      }),
    };
  }

  private presortedBy(field: PresortedKey): Int32Array {
    let sorted = this.presorted.get(field);
    if (!sorted) {
      const products = [...this.products.values()].sort(COMPARATORS[field]);
      sorted = Int32Array.from(products, (product) => this.columns.slot(product.id) as number);
      this.presorted.set(field, sorted);
    }
    return sorted;
  }

  /**
   * The filters as the loop reads them: per category and brand code whether it passes (undefined:
   * no such filter), the wanted in-stock and featured values (-1: any), and the price range.
   */
  private compileFilters(filters: SearchFilters) {
    const columns = this.columns;
    let categories: Uint8Array | undefined;
    if (filters.category !== undefined) {
      const ids = this.categoryWithDescendants(filters.category);
      categories = ids ? columns.categoryCodes.mask((id) => ids.has(id)) : new Uint8Array(0);
    }
    const wantedBrands = filters.brand && new Set(filters.brand.map((brand) => brand.toLowerCase()));
    const { minPrice, maxPrice } = filters;
    const hasPriceRange = minPrice !== undefined || maxPrice !== undefined;
    const inRange = (value: number) =>
      (minPrice === undefined || value >= minPrice) && (maxPrice === undefined || value <= maxPrice);
    return {
      categories,
      brands: wantedBrands && columns.brandCodes.mask((brand) => wantedBrands.has(brand.toLowerCase())),
      inStock: filters.in_stock === undefined ? -1 : filters.in_stock ? 1 : 0,
      featured: filters.featured === undefined ? -1 : filters.featured ? 1 : 0,
      /** Whether the headline price is in range; undefined when there is no price filter. */
      inPriceRange: hasPriceRange ? inRange : undefined,
      /** For a product with several prices: whether another active variant's price is (decision 012 §4). */
      variantPriceInRange: (product: IndexedProduct) => product.variants.some((variant) => inRange(variant.price)),
    };
  }

  /** The product as the storefront reads it: frozen and shared by every reader (`readable`). */
  private withCategory(product: IndexedProduct): Product {
    let readable = this.readable.get(product);
    if (!readable) {
      const category = product.category_id ? this.categories.get(product.category_id) : undefined;
      readable = keepJson({
        ...product,
        category: category ? { id: category.id, name: category.name, slug: category.slug } : null,
      });
      this.readable.set(product, readable);
    }
    return readable;
  }

  /**
   * The searchable text of a product (decision 012 §4, Search): its variants' SKUs join its own
   * in `sku`, their option values ("8 GB", "Pale Grey") join its tags (the same boost). A product
   * with only its default variant (SKU = the product's, no options) gets exactly the document it
   * had before variants, so its ranking does not move.
   */
  private documentFor(product: IndexedProduct): SearchDocument {
    return {
      id: product.id,
      name: product.name,
      brand: product.brand ?? '',
      sku: withVariantText(
        [product.sku],
        product.variants.map((variant) => variant.sku),
      ),
      tags: withVariantText(
        product.tags,
        product.variants.flatMap((variant) => optionValues(variant.options, product.variations)),
      ),
      category: product.category_id ? (this.categories.get(product.category_id)?.name ?? '') : '',
      description: product.description,
    };
  }

  private readonly interned = new Map<string, string>();
  private intern<T extends string | null>(value: T): T {
    if (value === null) return value;
    const shared = this.interned.get(value);
    if (shared !== undefined) return shared as T;
    this.interned.set(value, value);
    return value;
  }

  private changed({ textChanged = true } = {}): void {
    this.contentRevision = nextRevision++;
    this.presorted.clear();
    if (textChanged) {
      this.matchCache.clear();
      this.vocabulary = undefined;
    }
    this.resultCache.clear();
    this.suggestionCache.clear();
    this.countsByCategory = undefined;
    this.visibleSlugs = undefined;
  }
}

/** One more at `index` (typed-array counts; V8 inlines it). */
function bump(counts: Int32Array, index: number): void {
  counts[index] = (counts[index] as number) + 1;
}

/** A counts-per-code array as `{ name: count }`, skipping empty counts and codes without a name. */
function countsByName(counts: Int32Array, nameOf: (code: number) => string | undefined): Record<string, number> {
  const record: Record<string, number> = {};
  for (let code = 0; code < counts.length; code++) {
    const count = counts[code] as number;
    if (count === 0) continue;
    const name = nameOf(code);
    if (name !== undefined) record[name] = (record[name] ?? 0) + count;
  }
  return record;
}

/**
 * A product's own values for a search field, then its variants' values it does not already have,
 * each once (ignoring case): the default variant repeats the product's SKU and many variants
 * share a value ("8 GB"), and a repeated term would weigh more. The product's own values are
 * kept as they are, so a product with only its default variant has today's text.
 */
function withVariantText(own: readonly string[], fromVariants: readonly string[]): string {
  const seen = new Set(own.map((value) => value.toLowerCase()));
  const added: string[] = [];
  for (const value of fromVariants) {
    const key = value.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    added.push(value);
  }
  return [...own, ...added].join(' ');
}

function sameDocument(a: SearchDocument, b: SearchDocument): boolean {
  return (
    a.name === b.name &&
    a.brand === b.brand &&
    a.sku === b.sku &&
    a.tags === b.tags &&
    a.category === b.category &&
    a.description === b.description
  );
}

function toMatch(result: SearchResult, termCount: number): Match {
  // result.match maps each matched document term to the fields it was found in; a product whose
  // name holds a match for every query term is a name match.
  const fieldsPerTerm = Object.values(result.match);
  const count = (fields: readonly string[]) =>
    fieldsPerTerm.filter((matched) => matched.some((field) => fields.includes(field))).length;
  return {
    id: String(result.id),
    score: result.score,
    nameTier: count(['name']) >= termCount ? 1 : 0,
  };
}

/** A cached value, moved to the back so the cache evicts the least recently used entry. */
function remember<V>(cache: Map<string, V>, key: string): V | undefined {
  const value = cache.get(key);
  if (value !== undefined) {
    cache.delete(key);
    cache.set(key, value);
  }
  return value;
}

function store<V>(cache: Map<string, V>, key: string, value: V, capacity: number): void {
  if (cache.size >= capacity) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, value);
}

function toCategory(category: IndexedCategory, productCount: number): Category {
  return {
    id: category.id,
    name: category.name,
    slug: category.slug,
    description: category.description,
    image: category.image,
    parent_id: category.parentId,
    is_active: category.isActive,
    sort_order: category.sortOrder,
    product_count: productCount,
    updated_at: category.updatedAt,
  };
}
