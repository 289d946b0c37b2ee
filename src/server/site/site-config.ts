import type { Config } from '#server/config.ts';
import { APP_VERSION } from '#server/version.ts';
import type { SettingsValues } from '#shared/contracts/settings.ts';
import type { SiteConfig } from '#shared/contracts/site.ts';

/**
 * The public facts about the shop that the web app renders (never secrets): the shop's name and
 * contact details, currency display and switches from the stored settings (docs/product.md#shop-settings;
 * the environment only seeded them on the first start), the feature flags and notes from the
 * environment.
 */
export function buildSiteConfig(config: Config, settings: Pick<SettingsValues, 'site' | 'system'>): SiteConfig {
  const { site, system } = settings;
  const contact = [site.email, site.phone].filter((part) => part !== '').join(' · ');
  return {
    shopName: site.shop_name,
    description: site.description,
    // Only an uploaded picture: the CSP (plugins/security.ts) loads images from the shop itself.
    // The contract refuses anything else; this keeps out a value stored before it did.
    logoUrl: site.logo_url?.startsWith('/uploads/') ? site.logo_url : null,
    currency: site.currency_display.currency,
    lbp: { show: site.currency_display.show_lbp, rate: site.currency_display.lbp_rate },
    timeZone: site.time_zone,
    company: {
      legalName: config.COMPANY_NAME,
      email: site.email,
      phone: site.phone,
      address: site.address,
    },
    whatsappNumber: site.whatsapp_number,
    socialLinks: site.social_links,
    supportContact: config.SUPPORT_CONTACT ?? contact,
    notes: { delivery: config.DELIVERY_NOTE, returns: config.RETURNS_NOTE, warranty: config.WARRANTY_NOTE },
    reviewsEnabled: system.reviews_enabled,
    maintenance: system.maintenance_mode,
    features: {
      adminPanel: config.FEATURE_ADMIN_PANEL,
      // A blank WhatsApp number turns the buttons off.
      whatsapp: config.FEATURE_WHATSAPP && site.whatsapp_number !== '',
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

/**
 * The site config as the settings stand now, built again only when they changed: the settings
 * store replaces its values object on every save or reload, so the same object means the same
 * config (and callers may compare configs by identity to know when to redraw).
 */
export function siteConfigSource(config: Config, settings: () => SettingsValues): () => SiteConfig {
  let from: SettingsValues | undefined;
  let built: SiteConfig | undefined;
  return () => {
    const values = settings();
    if (values !== from || !built) {
      built = buildSiteConfig(config, values);
      from = values;
    }
    return built;
  };
}
