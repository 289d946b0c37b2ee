import type { Control } from 'react-hook-form';
import { type AdminProduct, DEFAULT_MAX_PER_ORDER, type ProductCreate } from '#shared/contracts/admin-products.ts';

/**
 * What the product editor's inputs hold: numbers as the text typed (the shared schema coerces
 * them, so "12.50" and 12.5 validate alike), optional values as ''.
 */
export interface ProductFormValues {
  name: string;
  slug: string;
  sku: string;
  description: string;
  brand: string;
  category_id: string;
  tags: string[];
  price: string;
  compare_at_price: string;
  cost_price: string;
  stock_quantity: string;
  low_stock_threshold: string;
  max_per_order: string;
  weight: string;
  featured: boolean;
  is_active: boolean;
  images: string[];
  specs: Array<{ key: string; value: string }>;
  variations: Array<{ name: string; options: string[] }>;
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  slug: '',
  sku: '',
  description: '',
  brand: '',
  category_id: '',
  tags: [],
  price: '',
  compare_at_price: '',
  cost_price: '',
  stock_quantity: '0',
  low_stock_threshold: '5',
  max_per_order: String(DEFAULT_MAX_PER_ORDER),
  weight: '',
  featured: false,
  is_active: true,
  images: [],
  specs: [],
  variations: [],
};

const text = (value: number | null) => (value === null ? '' : String(value));

export function toFormValues(product: AdminProduct): ProductFormValues {
  return {
    name: product.name,
    slug: product.slug,
    sku: product.sku,
    description: product.description,
    brand: product.brand ?? '',
    category_id: product.category_id ?? '',
    tags: product.tags,
    price: text(product.price),
    compare_at_price: text(product.compare_at_price),
    cost_price: text(product.cost_price),
    stock_quantity: text(product.stock_quantity),
    low_stock_threshold: text(product.low_stock_threshold),
    max_per_order: text(product.max_per_order),
    weight: text(product.weight),
    featured: product.featured,
    is_active: product.is_active,
    images: product.images,
    specs: product.specs,
    variations: product.variations,
  };
}

/** "a, b,, c" → ["a", "b", "c"]: how tags and variation options are typed. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The editor form's control: typed text in, the contract's values out. */
export type ProductFormControl = Control<ProductFormValues, unknown, ProductCreate>;
