import type { Product, ProductVariant } from '#shared/contracts/products.ts';

/**
 * Product answers as GET /products/{id} gives them, for the storefront's tests (decision 012): a
 * plain product with its one default variant, and a Raspberry Pi with Memory × Colour variants
 * where 4 GB Black is sold out and 8 GB comes in Black only.
 */

export const PI_ID = '20000000-0000-4000-8000-000000000001';
export const PLAIN_ID = '20000000-0000-4000-8000-000000000002';

export const variantId = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function variant(n: number, options: Record<string, string>, overrides: Partial<ProductVariant> = {}): ProductVariant {
  return {
    id: variantId(n),
    sku: `RPI4-${Object.values(options).join('-').replace(/\s+/g, '-').toUpperCase()}`,
    options,
    price: 35,
    compare_at_price: null,
    in_stock: true,
    stock_quantity: 20,
    low_stock_threshold: 5,
    image: null,
    sort_order: n,
    ...overrides,
  };
}

const base = {
  description: 'A small computer.\n\nSecond paragraph.',
  tags: [],
  category_id: null,
  category: null,
  brand: 'Raspberry Pi',
  featured: false,
  is_active: true,
  specs: [],
  rating: 0,
  review_count: 0,
  weight: null,
  max_per_order: 10,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
} satisfies Partial<Product>;

export const PI_VARIANTS = {
  twoBlack: variant(1, { Memory: '2 GB', Colour: 'Black' }, { image: '/uploads/pi-2gb.webp' }),
  twoWhite: variant(2, { Memory: '2 GB', Colour: 'White' }),
  fourBlack: variant(3, { Memory: '4 GB', Colour: 'Black' }, { price: 55, in_stock: false, stock_quantity: 0 }),
  fourWhite: variant(4, { Memory: '4 GB', Colour: 'White' }, { price: 55, stock_quantity: 3 }),
  eightBlack: variant(
    5,
    { Memory: '8 GB', Colour: 'Black' },
    { price: 75, compare_at_price: 85, stock_quantity: 2, image: '/uploads/pi-8gb.webp' },
  ),
};

export function piProduct(overrides: Partial<Product> = {}): Product {
  return {
    ...base,
    id: PI_ID,
    name: 'Raspberry Pi 4 Model B',
    slug: 'raspberry-pi-4',
    sku: 'RPI4',
    price: 35,
    price_max: 75,
    compare_at_price: null,
    images: ['/uploads/pi.webp', '/uploads/pi-2gb.webp', '/uploads/pi-8gb.webp'],
    in_stock: true,
    stock_quantity: 45,
    low_stock_threshold: 5,
    variations: [
      { name: 'Memory', options: ['2 GB', '4 GB', '8 GB'] },
      { name: 'Colour', options: ['Black', 'White'] },
    ],
    variants: Object.values(PI_VARIANTS),
    ...overrides,
  };
}

/** A product as every product is until the merchant gives options their own stock: one default variant. */
export function plainProduct(overrides: Partial<Product> = {}): Product {
  const stock = overrides.stock_quantity ?? 8;
  return {
    ...base,
    id: PLAIN_ID,
    name: 'Breadboard',
    slug: 'breadboard',
    sku: 'BB-1',
    price: 6,
    price_max: 6,
    compare_at_price: null,
    images: ['/uploads/breadboard.webp'],
    in_stock: stock > 0,
    stock_quantity: stock,
    low_stock_threshold: 5,
    variations: [],
    variants: [
      {
        id: variantId(99),
        sku: 'BB-1',
        options: {},
        price: overrides.price ?? 6,
        compare_at_price: null,
        in_stock: stock > 0,
        stock_quantity: stock,
        low_stock_threshold: 5,
        image: null,
        sort_order: 0,
      },
    ],
    ...overrides,
  };
}
