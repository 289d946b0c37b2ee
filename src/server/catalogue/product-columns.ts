/**
 * What a slot is filled from: the fields of the index's product this file reads. Declared here
 * (not imported from catalogue-index.ts, which imports this file) so the two do not import each
 * other.
 */
export interface ColumnProduct {
  id: string;
  category_id: string | null;
  brand: string | null;
  featured: boolean;
  price: number;
  price_max: number;
  in_stock: boolean;
}

/**
 * The fields the catalogue's per-request loop filters and counts on, one typed-array slot per
 * product (decision 021, issue 32). Every list, browse and search request walks up to every
 * active product; reading an integer code from a typed array instead of hashing strings into
 * Sets and Maps per product (category id, brand, facet keys) takes that walk from ~2 ms to a
 * fraction of one at 10,000 products. Pure; the index keeps it in step with its products.
 */
export class ProductColumns<Product extends ColumnProduct = ColumnProduct> {
  /** The product in each slot; undefined for a free slot. */
  readonly products: (Product | undefined)[] = [];
  category = new Int32Array(0);
  brand = new Int32Array(0);
  inStock = new Uint8Array(0);
  featured = new Uint8Array(0);
  price = new Float64Array(0);
  priceMax = new Float64Array(0);
  /** Category ids and brands by code; code 0 is "none". */
  readonly categoryCodes = new Codes();
  readonly brandCodes = new Codes();
  private readonly slotOf = new Map<string, number>();
  private readonly freeSlots: number[] = [];

  slot(productId: string): number | undefined {
    return this.slotOf.get(productId);
  }

  /** Adds or replaces a product's slot. */
  set(product: Product): void {
    let slot = this.slotOf.get(product.id);
    if (slot === undefined) {
      slot = this.freeSlots.pop() ?? this.products.length;
      if (slot >= this.category.length) this.grow(Math.max(64, slot * 2));
      this.slotOf.set(product.id, slot);
    }
    this.products[slot] = product;
    this.category[slot] = this.categoryCodes.code(product.category_id);
    this.brand[slot] = this.brandCodes.code(product.brand);
    this.featured[slot] = product.featured ? 1 : 0;
    this.price[slot] = product.price;
    this.priceMax[slot] = product.price_max;
    this.setInStock(product);
  }

  /** After a stock change: whether the product is in stock. */
  setInStock(product: Product): void {
    const slot = this.slotOf.get(product.id);
    if (slot !== undefined) this.inStock[slot] = product.in_stock ? 1 : 0;
  }

  remove(productId: string): void {
    const slot = this.slotOf.get(productId);
    if (slot === undefined) return;
    this.slotOf.delete(productId);
    this.products[slot] = undefined;
    this.freeSlots.push(slot);
  }

  private grow(capacity: number): void {
    const grown = <T extends Int32Array | Uint8Array | Float64Array>(array: T, make: (length: number) => T): T => {
      const next = make(capacity);
      next.set(array);
      return next;
    };
    this.category = grown(this.category, (length) => new Int32Array(length));
    this.brand = grown(this.brand, (length) => new Int32Array(length));
    this.inStock = grown(this.inStock, (length) => new Uint8Array(length));
    this.featured = grown(this.featured, (length) => new Uint8Array(length));
    this.price = grown(this.price, (length) => new Float64Array(length));
    this.priceMax = grown(this.priceMax, (length) => new Float64Array(length));
  }
}

/** Small integer codes for repeated strings (category ids, brands): 0 is null, codes are never reused. */
export class Codes {
  readonly values: (string | null)[] = [null];
  private readonly codeOf = new Map<string, number>();

  code(value: string | null): number {
    if (value === null) return 0;
    let code = this.codeOf.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.codeOf.set(value, code);
    }
    return code;
  }

  /** Per code, whether the value passes (code 0, none, never does). */
  mask(passes: (value: string) => boolean): Uint8Array {
    const mask = new Uint8Array(this.values.length);
    for (let code = 1; code < this.values.length; code++) mask[code] = passes(this.values[code] as string) ? 1 : 0;
    return mask;
  }
}
