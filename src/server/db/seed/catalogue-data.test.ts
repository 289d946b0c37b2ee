import { describe, expect, it } from 'vitest';
import { variantSetProblems } from '#server/products/product-variant-rules.ts';
import { ProductSpecSchema, ProductVariationSchema } from '#shared/contracts/products.ts';
import { defaultVariantSku } from '#shared/product-variants.ts';
import { SEED_CATEGORIES, SEED_PRODUCTS, type SeedProduct } from './catalogue-data.ts';
import { ART_DRAWERS } from './product-art-shapes.ts';

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
const isLow = (p: SeedProduct) => p.stock > 0 && p.stock < p.lowStockThreshold;

describe('seed categories', () => {
  it('has at least 10 categories, some of them nested', () => {
    expect(SEED_CATEGORIES.length).toBeGreaterThanOrEqual(10);
    expect(SEED_CATEGORIES.filter((c) => c.parentSlug !== null).length).toBeGreaterThanOrEqual(3);
  });

  it('has unique kebab-case slugs and names', () => {
    const slugs = SEED_CATEGORIES.map((c) => c.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(new Set(SEED_CATEGORIES.map((c) => c.name)).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(KEBAB);
  });

  it('only nests one level deep, under categories that exist', () => {
    const bySlug = new Map(SEED_CATEGORIES.map((c) => [c.slug, c]));
    for (const category of SEED_CATEGORIES) {
      if (category.parentSlug === null) continue;
      const parent = bySlug.get(category.parentSlug);
      expect(parent, `${category.slug} -> ${category.parentSlug}`).toBeDefined();
      expect(parent?.parentSlug).toBeNull();
    }
  });

  it('has a description, an integer sort order and a drawable art kind', () => {
    for (const category of SEED_CATEGORIES) {
      expect(category.description.length).toBeGreaterThan(20);
      expect(Number.isInteger(category.sortOrder)).toBe(true);
      expect(ART_DRAWERS[category.art]).toBeTypeOf('function');
    }
  });

  it('gives every category products, directly or through its children', () => {
    const direct = (slug: string) => SEED_PRODUCTS.filter((p) => p.categorySlug === slug).length;
    for (const category of SEED_CATEGORIES) {
      const children = SEED_CATEGORIES.filter((c) => c.parentSlug === category.slug);
      const total = direct(category.slug) + children.reduce((sum, child) => sum + direct(child.slug), 0);
      expect(total, category.slug).toBeGreaterThan(0);
      if (children.length === 0) expect(direct(category.slug), category.slug).toBeGreaterThan(0);
    }
  });
});

describe('seed products', () => {
  it('has at least 64 products', () => {
    expect(SEED_PRODUCTS.length).toBeGreaterThanOrEqual(64);
  });

  it('has unique kebab-case slugs and unique SKUs', () => {
    const slugs = SEED_PRODUCTS.map((p) => p.slug);
    const skus = SEED_PRODUCTS.map((p) => p.sku);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(new Set(skus).size).toBe(skus.length);
    for (const slug of slugs) expect(slug).toMatch(KEBAB);
    for (const sku of skus) expect(sku).toMatch(/^CDR-[A-Z]{3}-\d{3}$/);
  });

  it('puts every product in a category that exists', () => {
    const slugs = new Set(SEED_CATEGORIES.map((c) => c.slug));
    for (const product of SEED_PRODUCTS)
      expect(slugs.has(product.categorySlug), `${product.slug} -> ${product.categorySlug}`).toBe(true);
  });

  it('has consistent prices: positive, 2 decimals, compare-at above and cost below the price', () => {
    for (const p of SEED_PRODUCTS) {
      expect(p.price, p.slug).toBeGreaterThan(0);
      expect(hasAtMostTwoDecimals(p.price), p.slug).toBe(true);
      expect(hasAtMostTwoDecimals(p.costPrice), p.slug).toBe(true);
      expect(p.costPrice, p.slug).toBeGreaterThan(0);
      expect(p.costPrice, p.slug).toBeLessThan(p.price);
      if (p.compareAtPrice !== null) {
        expect(hasAtMostTwoDecimals(p.compareAtPrice), p.slug).toBe(true);
        expect(p.compareAtPrice, p.slug).toBeGreaterThan(p.price);
      }
    }
    expect(SEED_PRODUCTS.filter((p) => p.compareAtPrice !== null).length).toBeGreaterThanOrEqual(12);
  });

  it('has integer stock levels with a spread of out of stock, low and healthy', () => {
    for (const p of SEED_PRODUCTS) {
      expect(Number.isInteger(p.stock) && p.stock >= 0, p.slug).toBe(true);
      expect(Number.isInteger(p.lowStockThreshold) && p.lowStockThreshold >= 1, p.slug).toBe(true);
    }
    expect(SEED_PRODUCTS.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(5);
    expect(SEED_PRODUCTS.filter(isLow).length).toBeGreaterThanOrEqual(6);
    expect(SEED_PRODUCTS.filter((p) => p.stock >= p.lowStockThreshold).length).toBeGreaterThan(
      SEED_PRODUCTS.length / 2,
    );
  });

  it('features 8 to 10 active, in-stock products and hides exactly 3', () => {
    const featured = SEED_PRODUCTS.filter((p) => p.featured);
    expect(featured.length).toBeGreaterThanOrEqual(8);
    expect(featured.length).toBeLessThanOrEqual(10);
    for (const p of featured) expect(p.isActive && p.stock > 0, p.slug).toBe(true);
    expect(SEED_PRODUCTS.filter((p) => !p.isActive).length).toBe(3);
  });

  it('has specs and variations the product contract accepts', () => {
    for (const p of SEED_PRODUCTS) {
      expect(p.specs.length, p.slug).toBeGreaterThan(0);
      for (const spec of p.specs)
        expect(ProductSpecSchema.safeParse(spec).success, `${p.slug}: ${spec.key}`).toBe(true);
      for (const variation of p.variations) {
        expect(ProductVariationSchema.safeParse(variation).success, `${p.slug}: ${variation.name}`).toBe(true);
        expect(new Set(variation.options).size, p.slug).toBe(variation.options.length);
      }
      expect(new Set(p.specs.map((s) => s.key)).size, p.slug).toBe(p.specs.length);
    }
    expect(SEED_PRODUCTS.filter((p) => p.variations.length > 0).length).toBeGreaterThanOrEqual(10);
  });

  it('has useful descriptions and lowercase tags', () => {
    for (const p of SEED_PRODUCTS) {
      const sentences = p.description.split(/[.!?](?:\s|$)/).filter((s) => s.trim().length > 0);
      expect(sentences.length, p.slug).toBeGreaterThanOrEqual(2);
      expect(sentences.length, p.slug).toBeLessThanOrEqual(4);
      expect(p.tags.length, p.slug).toBeGreaterThan(0);
      for (const tag of p.tags) expect(tag, p.slug).toBe(tag.toLowerCase());
      expect(p.brand.length, p.slug).toBeGreaterThan(0);
    }
  });

  it('has ratings from 0 to 5 with one decimal, review counts and weights', () => {
    for (const p of SEED_PRODUCTS) {
      expect(p.rating, p.slug).toBeGreaterThanOrEqual(0);
      expect(p.rating, p.slug).toBeLessThanOrEqual(5);
      expect(Math.round(p.rating * 10) / 10, p.slug).toBe(p.rating);
      expect(Number.isInteger(p.reviewCount) && p.reviewCount >= 0, p.slug).toBe(true);
      if (p.weightKg !== null) expect(p.weightKg, p.slug).toBeGreaterThan(0);
    }
  });

  it('has drawable art with an integer hue', () => {
    for (const p of SEED_PRODUCTS) {
      expect(ART_DRAWERS[p.art.kind], p.slug).toBeTypeOf('function');
      expect(Number.isInteger(p.art.hue) && p.art.hue >= 0 && p.art.hue <= 359, p.slug).toBe(true);
    }
  });

  it('spreads creation dates over 0..120 days', () => {
    const days = SEED_PRODUCTS.map((p) => p.createdDaysAgo);
    for (const d of days) expect(Number.isInteger(d) && d >= 0 && d <= 120).toBe(true);
    expect(Math.min(...days)).toBeLessThanOrEqual(5);
    expect(Math.max(...days)).toBeGreaterThanOrEqual(110);
    expect(new Set(days).size).toBeGreaterThan(SEED_PRODUCTS.length * 0.8);
  });

  it('uses the words shoppers search for', () => {
    const names = SEED_PRODUCTS.map((p) => p.name).join('\n');
    for (const word of [
      'Arduino',
      'Raspberry Pi',
      'ESP32',
      'DHT22',
      'HC-SR04',
      'Multimeter',
      'Router',
      'Smart',
      'Power Bank',
      'USB-C',
      'Keyboard',
      'Mouse',
      'SSD',
    ]) {
      expect(names, word).toContain(word);
    }
  });
});

describe('seed variants (decision 012)', () => {
  const withVariants = SEED_PRODUCTS.filter((p) => p.variants !== undefined);
  const pictures = (p: SeedProduct) =>
    Array.from({ length: p.imageCount ?? 2 }, (_, i) => `/uploads/seed/${p.slug}-${i}`);

  it('sells the Raspberry Pi 4 Model B by Memory, each size with its own price, SKU and picture', () => {
    const pi = SEED_PRODUCTS.find((p) => p.name === 'Raspberry Pi 4 Model B');
    expect(pi?.variations).toEqual([{ name: 'Memory', options: ['2 GB', '4 GB', '8 GB'] }]);
    const variants = pi?.variants ?? [];
    expect(variants.map((v) => v.options.Memory)).toEqual(['2 GB', '4 GB', '8 GB']);
    expect(variants.map((v) => v.price)).toEqual([45, 55, 75]);
    expect(new Set(variants.map((v) => v.imageIndex)).size).toBe(3);
    expect(new Set(variants.map((v) => v.stock)).size).toBe(3);
  });

  it('has a product with two variations where one combination is not sold', () => {
    const twoWay = withVariants.filter((p) => p.variations.length === 2);
    expect(twoWay.length).toBeGreaterThanOrEqual(1);
    for (const p of twoWay) {
      const combinations = p.variations.reduce((n, v) => n * v.options.length, 1);
      expect(p.variants?.length, p.slug).toBe(combinations - 1);
    }
  });

  it('keeps the other products with variations as shared-stock (one default variant) products', () => {
    expect(SEED_PRODUCTS.filter((p) => p.variations.length > 0 && p.variants === undefined).length).toBe(15);
  });

  it('has variant sets the shape rule accepts, pictures that exist and valid prices and stock', () => {
    for (const p of withVariants) {
      const images = pictures(p);
      const variants = (p.variants ?? []).map((v) => ({
        options: v.options,
        image: images[v.imageIndex] ?? 'missing',
      }));
      expect(variantSetProblems(variants, { variations: p.variations, images }), p.slug).toEqual([]);
      for (const v of p.variants ?? []) {
        expect(v.price, p.slug).toBeGreaterThan(0);
        expect(hasAtMostTwoDecimals(v.price), p.slug).toBe(true);
        expect(v.costPrice, p.slug).toBeLessThan(v.price);
        if (v.compareAtPrice !== null) expect(v.compareAtPrice, p.slug).toBeGreaterThan(v.price);
        expect(Number.isInteger(v.stock) && v.stock >= 0, p.slug).toBe(true);
      }
    }
  });

  it('names variant SKUs as a blank SKU would be named, unique across products and variants regardless of case', () => {
    const all = [
      ...SEED_PRODUCTS.map((p) => p.sku),
      ...withVariants.flatMap((p) => (p.variants ?? []).map((v) => v.sku)),
    ];
    expect(new Set(all.map((sku) => sku.toLowerCase())).size).toBe(all.length);
    for (const p of withVariants) {
      for (const v of p.variants ?? []) expect(v.sku).toBe(defaultVariantSku(p.sku, v.options, p.variations));
    }
  });

  it("gives the product the headline variant's price and the sum of the stock, as the roll-up derives them", () => {
    for (const p of withVariants) {
      const variants = p.variants ?? [];
      const headline = [...variants].sort((a, b) => a.price - b.price)[0];
      expect(p.price, p.slug).toBe(headline?.price);
      expect(p.compareAtPrice, p.slug).toBe(headline?.compareAtPrice);
      expect(p.costPrice, p.slug).toBe(headline?.costPrice);
      expect(p.lowStockThreshold, p.slug).toBe(headline?.lowStockThreshold);
      expect(p.stock, p.slug).toBe(variants.reduce((sum, v) => sum + v.stock, 0));
    }
  });
});
