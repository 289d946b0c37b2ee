import { z } from 'zod';
import { SHOP_PAGE_LIMITS, SHOP_PAGE_MESSAGES, SHOP_PAGE_SLUGS } from '../pages.ts';
import { safeText } from './text.ts';

/**
 * The shop's fixed pages (docs/product.md#fixed-pages). Content is HTML from the admin's editor,
 * sanitised by the server with the blog's allow-list on write and again on the way out.
 *
 * Endpoints:
 * - GET /pages                   public: every page's slug, title and updated_at (footer, sitemap)
 * - GET /pages/{slug}            public: ShopPage (404 for any other slug)
 * - GET /admin/pages             staff: AdminShopPageSummary[] (is_default: still the default text)
 * - GET /admin/pages/{slug}      staff: ShopPage as stored
 * - PUT /admin/pages/{slug}      staff: ShopPageUpdate (any subset) → ShopPage; audit `shop_page.update`
 */
export * from '../pages.ts';

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const optionalText = (max: number, label: string) =>
  z.preprocess(blankToNull, safeText().trim().max(max, `${label} must be at most ${max} characters`).nullable());

export const ShopPageSlugParamsSchema = z.object({
  slug: z.enum(SHOP_PAGE_SLUGS, { error: SHOP_PAGE_MESSAGES.notFound }),
});

export const ShopPageSchema = z.object({
  slug: z.enum(SHOP_PAGE_SLUGS),
  title: z.string(),
  content: z.string(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  updated_at: z.string(),
});
export type ShopPage = z.infer<typeof ShopPageSchema>;

export const ShopPageSummarySchema = ShopPageSchema.pick({ slug: true, title: true, updated_at: true });
export type ShopPageSummary = z.infer<typeof ShopPageSummarySchema>;

export const ShopPageListSchema = z.object({ data: z.array(ShopPageSummarySchema) });

/** The admin list's row: `is_default` while no one has saved the page yet (it shows its default text). */
export const AdminShopPageSummarySchema = ShopPageSummarySchema.extend({ is_default: z.boolean() });
export type AdminShopPageSummary = z.infer<typeof AdminShopPageSummarySchema>;
export const AdminShopPageListSchema = z.object({ data: z.array(AdminShopPageSummarySchema) });

export const ShopPageUpdateSchema = z
  .object({
    title: safeText({ error: 'Title is required' })
      .trim()
      .min(1, 'Title is required')
      .max(SHOP_PAGE_LIMITS.title, `Title must be at most ${SHOP_PAGE_LIMITS.title} characters`),
    content: safeText({ error: 'Content must be text' }).max(
      SHOP_PAGE_LIMITS.content,
      `Content must be at most ${SHOP_PAGE_LIMITS.content} characters`,
    ),
    meta_title: optionalText(SHOP_PAGE_LIMITS.metaTitle, 'Meta title'),
    meta_description: optionalText(SHOP_PAGE_LIMITS.metaDescription, 'Meta description'),
  })
  .partial()
  .strict();
export type ShopPageUpdate = z.infer<typeof ShopPageUpdateSchema>;
export type ShopPageUpdateInput = z.input<typeof ShopPageUpdateSchema>;
