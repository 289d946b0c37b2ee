import type { Config } from '#server/config.ts';
import { APP_VERSION } from '#server/version.ts';
import type { SiteConfig } from '#shared/contracts/site.ts';

/** The public facts about the shop that the web app renders (never secrets). */
export function buildSiteConfig(config: Config): SiteConfig {
  return {
    shopName: config.SHOP_NAME,
    currency: config.CURRENCY,
    company: {
      legalName: config.COMPANY_NAME,
      email: config.COMPANY_EMAIL,
      phone: config.COMPANY_PHONE,
      address: config.COMPANY_ADDRESS,
    },
    whatsappNumber: config.WHATSAPP_NUMBER,
    supportContact: config.SUPPORT_CONTACT ?? `${config.COMPANY_EMAIL} · ${config.COMPANY_PHONE}`,
    notes: { delivery: config.DELIVERY_NOTE, returns: config.RETURNS_NOTE, warranty: config.WARRANTY_NOTE },
    features: {
      adminPanel: config.FEATURE_ADMIN_PANEL,
      whatsapp: config.FEATURE_WHATSAPP,
      contactForm: config.FEATURE_CONTACT_FORM,
      marketplaceImport: config.FEATURE_MARKETPLACE_IMPORT,
      search: config.FEATURE_SEARCH,
      mockData: config.FEATURE_MOCK_DATA,
      devMode: config.FEATURE_DEV_MODE,
    },
    version: APP_VERSION,
    ...(config.PUBLIC_URL && { publicUrl: config.PUBLIC_URL.replace(/\/+$/, '') }),
  };
}
