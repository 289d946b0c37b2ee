import type { Product } from '#shared/contracts/products.ts';

/**
 * What a product card shows. Its own module so that the card's quick-view button and dialog, which
 * the card draws, can name it without importing the card back.
 */
export type ProductCardData = Pick<
  Product,
  | 'id'
  | 'slug'
  | 'name'
  | 'brand'
  | 'price'
  | 'price_max'
  | 'compare_at_price'
  | 'images'
  | 'in_stock'
  | 'rating'
  | 'review_count'
>;
