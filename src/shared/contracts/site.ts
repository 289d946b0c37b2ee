import { z } from 'zod';

/**
 * What the web app needs to know about the shop before it renders: name, contact details and the
 * feature flags (docs/product.md#feature-flags). The server embeds it in the HTML it serves (a JSON
 * script tag, so no extra round trip and nothing for the CSP to allow).
 */
export const FeatureFlagsSchema = z.object({
  adminPanel: z.boolean(),
  whatsapp: z.boolean(),
  contactForm: z.boolean(),
  marketplaceImport: z.boolean(),
  search: z.boolean(),
  mockData: z.boolean(),
  devMode: z.boolean(),
});
export type FeatureFlags = z.infer<typeof FeatureFlagsSchema>;

export const SiteConfigSchema = z.object({
  /** The shop's name (settings: site), shown wherever the shop names itself. */
  shopName: z.string(),
  /** Sent by the server, not read by the web app (its parser keeps only the fields it draws). */
  description: z.string().optional(),
  /** An uploaded picture or an https address, drawn in the header and footer; null (the web app's '') shows the name instead. */
  logoUrl: z.string().nullable().optional(),
  currency: z.string(),
  /** The Lebanese-pound price shown beside dollar prices (shared/shop-settings.ts lbpPrice), when `show`. */
  lbp: z.object({ show: z.boolean(), rate: z.number().int() }),
  /** IANA time zone the shop's dates are shown in (settings: site, `time_zone`). */
  timeZone: z.string(),
  company: z.object({
    legalName: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
  }),
  /** Blank: no WhatsApp buttons. */
  whatsappNumber: z.string(),
  /** Per network (settings: site, `social_links`), linked from the footer; blank ones are not shown. */
  socialLinks: z.record(z.string(), z.string()).optional(),
  supportContact: z.string(),
  /** The delivery, returns and warranty lines under Add to cart (an empty one is not shown). */
  notes: z.object({ delivery: z.string(), returns: z.string(), warranty: z.string() }),
  /** Reviews shown and written on product pages (settings: system). */
  reviewsEnabled: z.boolean(),
  /** The storefront is closed for maintenance (it then shows the maintenance page). */
  maintenance: z.boolean(),
  features: FeatureFlagsSchema,
  version: z.string(),
  /** PUBLIC_URL without a trailing slash, when set: absolute links the server draws (a post's share links). */
  publicUrl: z.string().optional(),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;
