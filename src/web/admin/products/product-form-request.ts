import { type FieldErrors, type Resolver, set } from 'react-hook-form';
import {
  DEFAULT_VARIANT_FIELDS,
  type ProductCreate,
  ProductCreateSchema,
  type ProductVariantWriteInput,
} from '#shared/contracts/admin-products.ts';
import type { ProductFormValues } from './product-form-values.ts';
import { rowFits, usableVariations } from './variant-rows.ts';

/**
 * The editor's values as the write API takes them (decision 012 §5): either `variants` (the whole
 * set: rows with an id are updated, the others added, the missing ones removed) or the default
 * variant's fields at the top level, never both (VARIANTS_AND_PRICE_MESSAGE).
 *
 * `rows` says where each sent variant sits in the form (rows whose values were removed are not
 * sent, so the indexes differ); null when the sent set is the one default variant made from the
 * top-level fields (a product that had its own variants and lost its variations).
 */
export interface ProductRequest {
  body: Record<string, unknown>;
  rows: number[] | null;
}

export function toProductRequest(values: ProductFormValues, hadOwnVariants: boolean): ProductRequest {
  const { variants, ...fields } = values;
  const withoutDefaultFields = Object.fromEntries(
    Object.entries(fields).filter(([key]) => !(DEFAULT_VARIANT_FIELDS as readonly string[]).includes(key)),
  );
  const variations = usableVariations(values.variations);
  if (variants.length > 0 && variations.length > 0) {
    const kept = variants.flatMap((row, index) => (rowFits(row.options, variations) ? [{ row, index }] : []));
    const sent: ProductVariantWriteInput[] = kept.map(({ row }, order) => ({
      ...(row.variant_id ? { id: row.variant_id } : {}),
      sku: row.sku,
      options: row.options,
      price: row.price,
      compare_at_price: row.compare_at_price,
      cost_price: row.cost_price,
      stock_quantity: row.stock_quantity,
      low_stock_threshold: row.low_stock_threshold,
      image: row.image,
      is_active: row.is_active,
      sort_order: order,
    }));
    return { body: { ...withoutDefaultFields, variants: sent }, rows: kept.map(({ index }) => index) };
  }
  if (hadOwnVariants) {
    // Back to one price and stock: the whole set is the default variant; the old rows go (or are
    // deactivated when orders refer to them).
    const single: ProductVariantWriteInput = {
      options: {},
      price: values.price,
      compare_at_price: values.compare_at_price,
      cost_price: values.cost_price,
      stock_quantity: values.stock_quantity,
      low_stock_threshold: values.low_stock_threshold,
    };
    return { body: { ...withoutDefaultFields, variants: [single] }, rows: null };
  }
  return { body: fields, rows: [] };
}

/** A path of the request (`variants.2.price`) as the form's field (`variants.5.price`, or `price`). */
export function formPath(path: readonly PropertyKey[], rows: number[] | null): string {
  const [head, index, ...rest] = path.map(String);
  if (head === 'variants' && index !== undefined && /^\d+$/.test(index)) {
    if (rows === null) return rest.join('.') || 'price';
    return ['variants', String(rows[Number(index)] ?? index), ...rest].join('.');
  }
  if (head === 'variants') return 'variants.root';
  return path.map(String).join('.') || 'root';
}

/** What the resolver reads (whether the saved product has its own variants) and leaves (the last request's rows). */
export interface ResolverState {
  hadOwnVariants: boolean;
  rows: number[] | null;
}

/**
 * The editor's resolver: build the request, check it with the shared schema (the server runs the
 * same one), and put each message on the input it is about.
 */
export function productResolver(state: ResolverState): Resolver<ProductFormValues, unknown, ProductCreate> {
  return async (values) => {
    const request = toProductRequest(values, state.hadOwnVariants);
    state.rows = request.rows;
    const result = ProductCreateSchema.safeParse(request.body);
    if (result.success) return { values: result.data, errors: {} };
    const errors: FieldErrors<ProductFormValues> = {};
    for (const issue of result.error.issues) {
      const path = formPath(issue.path, request.rows);
      // The first message per field, as zod's resolver does.
      if (!pathTaken(errors, path)) set(errors, path, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors };
  };
}

function pathTaken(errors: object, path: string): boolean {
  let node: unknown = errors;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[key];
  }
  return node !== undefined;
}
