import type { Control } from 'react-hook-form';
import { type AdminProduct, DEFAULT_MAX_PER_ORDER, type ProductCreate } from '#shared/contracts/admin-products.ts';
import { headlineVariantOf, isDefaultVariant, sellsOwnCombinations } from '#shared/product-variants.ts';

/**
 * One row of the variant grid as its inputs hold it (decision 012 §7). `variant_id` is the saved
 * variant's id ('' for a row not saved yet); it is not called `id` because react-hook-form's field
 * arrays use that name for their own keys. The row's place in the list is its sort order.
 */
export interface VariantRowValues {
  variant_id: string;
  options: Record<string, string>;
  sku: string;
  price: string;
  compare_at_price: string;
  cost_price: string;
  stock_quantity: string;
  low_stock_threshold: string;
  image: string;
  is_active: boolean;
}

/**
 * What the product editor's inputs hold: numbers as the text typed (the shared schema coerces
 * them, so "12.50" and 12.5 validate alike), optional values as ''. The top-level price and stock
 * fields are the default variant's (docs/product.md#product); `variants` is the grid, empty while
 * the product has only its default variant (no variations, or variations sharing one stock).
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
  variants: VariantRowValues[];
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
  variants: [],
};

const text = (value: number | null) => (value === null ? '' : String(value));

/** A product has its own combinations once any variant names options; `{}` is the default variant. */
export function hasOwnVariants(product: Pick<AdminProduct, 'variants'> | undefined): boolean {
  return sellsOwnCombinations(product?.variants ?? []);
}

export function toVariantRow(variant: AdminProduct['variants'][number]): VariantRowValues {
  return {
    variant_id: variant.id,
    options: { ...variant.options },
    sku: variant.sku,
    price: text(variant.price),
    compare_at_price: text(variant.compare_at_price),
    cost_price: text(variant.cost_price),
    stock_quantity: text(variant.stock_quantity),
    low_stock_threshold: text(variant.low_stock_threshold),
    image: variant.image ?? '',
    is_active: variant.is_active,
  };
}

export function toFormValues(product: AdminProduct): ProductFormValues {
  const own = hasOwnVariants(product);
  // Without its own combinations, the price and stock fields edit the one default variant.
  // The active default (an inactive one beside it is an old row kept for its orders).
  const single = own ? undefined : headlineVariantOf(product.variants.filter(isDefaultVariant));
  return {
    name: product.name,
    slug: product.slug,
    sku: product.sku,
    description: product.description,
    brand: product.brand ?? '',
    category_id: product.category_id ?? '',
    tags: product.tags,
    price: text(single?.price ?? product.price),
    compare_at_price: text(single ? single.compare_at_price : product.compare_at_price),
    cost_price: text(single ? single.cost_price : product.cost_price),
    stock_quantity: text(single?.stock_quantity ?? product.stock_quantity),
    low_stock_threshold: text(single?.low_stock_threshold ?? product.low_stock_threshold),
    max_per_order: text(product.max_per_order),
    weight: text(product.weight),
    featured: product.featured,
    is_active: product.is_active,
    images: product.images,
    specs: product.specs,
    variations: product.variations,
    // An old default kept inactive for its orders is not a row of the grid: the server keeps it.
    variants: own
      ? product.variants
          .filter((variant) => !isDefaultVariant(variant))
          .sort((a, b) => a.sort_order - b.sort_order)
          .map(toVariantRow)
      : [],
  };
}

/** The editor form's control: typed text in, the contract's values out. */
export type ProductFormControl = Control<ProductFormValues, unknown, ProductCreate>;
