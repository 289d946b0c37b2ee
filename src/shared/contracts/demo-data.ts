import { z } from 'zod';

/**
 * Demo data (docs/product.md#demo-data).
 *
 * - GET /admin/settings/demo → DemoDataPresent: the unchanged demo rows there are now, per kind
 *   (all zeros in a shop that never had demo data or removed it). Staff only.
 * - POST /admin/settings/demo/remove → DemoRemoval: how many of each kind went (all zeros the
 *   second time). Staff only, audited as `demo_data.remove`.
 */
export const DemoRemovalSchema = z.object({
  products: z.number().int().nonnegative(),
  categories: z.number().int().nonnegative(),
  reviews: z.number().int().nonnegative(),
  blog_posts: z.number().int().nonnegative(),
  blog_categories: z.number().int().nonnegative(),
  accounts: z.number().int().nonnegative(),
  /** The demo's order history (every demo order, whatever staff did to it since) and its shoppers. */
  orders: z.number().int().nonnegative(),
  customers: z.number().int().nonnegative(),
  /** The launch offer the demo orders used. */
  promo_codes: z.number().int().nonnegative(),
  /** Pictures whose files were deleted from the uploads folder (each in all its widths). */
  pictures: z.number().int().nonnegative(),
});
export type DemoRemoval = z.infer<typeof DemoRemovalSchema>;

/** The demo rows still unchanged (demo-marks): what the "Demo" badges mark and removal is about. */
export const DemoDataPresentSchema = DemoRemovalSchema.omit({ pictures: true });
export type DemoDataPresent = z.infer<typeof DemoDataPresentSchema>;

/** A shop without demo data (or after its removal): every count zero. */
export const NO_DEMO_DATA: DemoDataPresent = {
  products: 0,
  categories: 0,
  reviews: 0,
  blog_posts: 0,
  blog_categories: 0,
  accounts: 0,
  orders: 0,
  customers: 0,
  promo_codes: 0,
};

/** The kinds in the order the admin names them, with their words. */
export const DEMO_REMOVAL_KINDS: readonly { key: keyof DemoRemoval; one: string; many: string }[] = [
  { key: 'products', one: 'product', many: 'products' },
  { key: 'categories', one: 'category', many: 'categories' },
  { key: 'reviews', one: 'review', many: 'reviews' },
  { key: 'blog_posts', one: 'blog post', many: 'blog posts' },
  { key: 'blog_categories', one: 'blog category', many: 'blog categories' },
  { key: 'accounts', one: 'demo account', many: 'demo accounts' },
  { key: 'orders', one: 'demo order', many: 'demo orders' },
  { key: 'customers', one: 'demo customer', many: 'demo customers' },
  { key: 'promo_codes', one: 'demo promo code', many: 'demo promo codes' },
  { key: 'pictures', one: 'picture', many: 'pictures' },
];
