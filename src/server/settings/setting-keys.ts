import type { StoredSettingsSection } from '#shared/shop-settings.ts';

/** Keys of the `settings` table, named in one place. */
export const SETTING_KEYS = {
  /** { jwtSecret, adminLoginPath }: made on first start, shared by every process on the database. */
  instanceSecrets: 'instance_secrets',
  /** Present once the demo catalogue was seeded; the seed never runs again after that. */
  demoSeed: 'demo_seed',
  /** ReviewSettings (#shared/contracts/reviews.ts): moderation mode and banned words. */
  reviewSettings: 'review_settings',
} as const;

/**
 * The shop's settings (docs/product.md#shop-settings), one row per section: the section's whole
 * value, its secrets sealed (shop-settings.service.ts).
 */
export const SECTION_KEYS: Record<StoredSettingsSection, string> = {
  site: 'site_settings',
  payment: 'payment_settings',
  shipping: 'shipping_settings',
  tax: 'tax_settings',
  email: 'email_settings',
  system: 'system_settings',
  security: 'security_settings',
};
