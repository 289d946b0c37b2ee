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
  shopName: z.string(),
  currency: z.string(),
  company: z.object({
    legalName: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
  }),
  whatsappNumber: z.string(),
  supportContact: z.string(),
  /** The delivery, returns and warranty lines under Add to cart (an empty one is not shown). */
  notes: z.object({ delivery: z.string(), returns: z.string(), warranty: z.string() }),
  features: FeatureFlagsSchema,
  version: z.string(),
  /** PUBLIC_URL without a trailing slash, when set: absolute links the server draws (a post's share links). */
  publicUrl: z.string().optional(),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;
