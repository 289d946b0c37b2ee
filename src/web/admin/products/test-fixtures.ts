import { type AdminProduct, type AdminProductVariant, stockStateOf } from '#shared/contracts/admin-products.ts';

/**
 * Products as `GET /admin/products` answers them once variants exist (decision 012): a plain one
 * (its default variant), a migrated one whose options share one stock, and one with its own
 * variants. The products screens' tests fake the API with these.
 */

export const PI_ID = '00000000-0000-4000-8000-0000000000d1';
export const PI_IMAGES = ['/uploads/products/pi-front.webp', '/uploads/products/pi-8gb.webp'];
export const variantId = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;

export function variant(extra: Partial<AdminProductVariant> & Pick<AdminProductVariant, 'id'>): AdminProductVariant {
  const stock = extra.stock_quantity ?? 10;
  const threshold = extra.low_stock_threshold ?? 5;
  return {
    sku: 'SKU',
    options: {},
    price: 35,
    compare_at_price: null,
    cost_price: null,
    in_stock: stock > 0,
    stock_quantity: stock,
    low_stock_threshold: threshold,
    image: null,
    sort_order: 0,
    is_active: true,
    stock_state: stockStateOf(stock, threshold),
    ...extra,
  };
}

export function adminProduct(extra: Partial<AdminProduct> = {}): AdminProduct {
  const base: AdminProduct = {
    id: PI_ID,
    name: 'Raspberry Pi 4 Model B',
    slug: 'raspberry-pi-4-model-b',
    sku: 'RPI4',
    description: 'A small computer.',
    tags: [],
    category_id: null,
    category: null,
    brand: 'Raspberry Pi',
    price: 35,
    price_max: 35,
    compare_at_price: null,
    images: PI_IMAGES,
    in_stock: true,
    stock_quantity: 12,
    low_stock_threshold: 5,
    max_per_order: 10,
    featured: false,
    is_active: true,
    specs: [],
    variations: [],
    variants: [variant({ id: variantId(0), sku: 'RPI4', price: 35, stock_quantity: 12, cost_price: 20 })],
    rating: 0,
    review_count: 0,
    weight: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    cost_price: 20,
    stock_state: 'in',
  };
  return { ...base, ...extra };
}

export const MEMORY = { name: 'Memory', options: ['2 GB', '4 GB', '8 GB'] };

/** Migrated: Memory is a choice, but one default variant holds the price and all the stock. */
export const sharedStockProduct = () => adminProduct({ variations: [MEMORY] });

/** Its own variants: 2 GB $35 (low), 4 GB $55, 8 GB $75 (out, own photo). */
export function variantProduct(extra: Partial<AdminProduct> = {}): AdminProduct {
  const variants = [
    variant({ id: variantId(1), sku: 'RPI4-2-GB', options: { Memory: '2 GB' }, price: 35, stock_quantity: 3 }),
    variant({ id: variantId(2), sku: 'RPI4-4-GB', options: { Memory: '4 GB' }, price: 55, sort_order: 1 }),
    variant({
      id: variantId(3),
      sku: 'RPI4-8-GB',
      options: { Memory: '8 GB' },
      price: 75,
      compare_at_price: 89,
      stock_quantity: 0,
      image: PI_IMAGES[1] as string,
      sort_order: 2,
    }),
  ];
  return adminProduct({
    variations: [MEMORY],
    variants,
    price: 35,
    price_max: 75,
    stock_quantity: 13,
    stock_state: 'low',
    ...extra,
  });
}
