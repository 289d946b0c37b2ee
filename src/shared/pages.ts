/**
 * The shop's fixed pages (docs/product.md#fixed-pages): About, Delivery, Returns, Warranty,
 * Privacy and Terms. Their set is fixed (the footer links them); staff edit their title, content
 * and search fields with the blog's editor, and shoppers read them at `/pages/{slug}`.
 * Plain words and limits, without zod, so the storefront can import them cheaply.
 */

export const SHOP_PAGE_SLUGS = ['about', 'delivery', 'returns', 'warranty', 'privacy', 'terms'] as const;
export type ShopPageSlug = (typeof SHOP_PAGE_SLUGS)[number];

/** The footer's link text and the admin list's name of each page (the page's own title is editable). */
export const SHOP_PAGE_LABELS: Record<ShopPageSlug, string> = {
  about: 'About us',
  delivery: 'Delivery',
  returns: 'Returns',
  warranty: 'Warranty',
  privacy: 'Privacy policy',
  terms: 'Terms of sale',
};

export function isShopPageSlug(value: string): value is ShopPageSlug {
  return (SHOP_PAGE_SLUGS as readonly string[]).includes(value);
}

export const SHOP_PAGE_LIMITS = {
  title: 200,
  /** Characters of HTML as the editor sends it (as a blog post). */
  content: 200_000,
  metaTitle: 120,
  metaDescription: 320,
} as const;

export const SHOP_PAGE_MESSAGES = {
  notFound: 'Page not found',
} as const;
