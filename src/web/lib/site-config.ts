import { SITE_CONFIG_ELEMENT_ID } from '#shared/constants.ts';
import type { SiteConfig } from '#shared/contracts/site.ts';
import { serverContext } from '#web/ssr/server-context.ts';

/**
 * The shop's name, contact details and feature flags, embedded by the server in the HTML as
 * `<script type="application/json" id="cedar-site-config">` (contracts/site.ts). Read once.
 *
 * Checked by hand against the shape of the defaults instead of with SiteConfigSchema: zod would
 * weigh more than the rest of the entry chunk. Each field that is missing or of the wrong type
 * falls back to its default, so `vite dev`, tests and a corrupt tag still give a usable config.
 */

export const DEFAULT_SITE_CONFIG: SiteConfig = {
  shopName: 'Cedar Shop',
  /** '' (the server's null too): none, the name is shown. */
  logoUrl: '',
  currency: 'USD',
  timeZone: 'Asia/Beirut',
  lbp: { show: false, rate: 89_500 },
  company: { legalName: 'Cedar Shop', email: '', phone: '', address: '' },
  whatsappNumber: '',
  socialLinks: {},
  supportContact: '',
  reviewsEnabled: true,
  maintenance: false,
  notes: { delivery: '', returns: '', warranty: '' },
  features: {
    adminPanel: true,
    whatsapp: true,
    contactForm: true,
    marketplaceImport: true,
    search: true,
    mockData: false,
    devMode: false,
  },
  version: 'dev',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Takes from `value` every field whose type matches the one in `defaults`, recursively. */
function conform<T>(value: unknown, defaults: T): T {
  if (isRecord(defaults)) {
    if (!isRecord(value)) return defaults;
    const result: Record<string, unknown> = {};
    // An empty default (`socialLinks`) is a record of text: each text field given is kept.
    const keys = Object.keys(defaults);
    for (const key of keys.length > 0 ? keys : Object.keys(value))
      result[key] = conform(value[key], defaults[key] ?? '');
    return result as T;
  }
  return typeof value === typeof defaults ? (value as T) : defaults;
}

export function parseSiteConfig(text: string | null | undefined): SiteConfig {
  if (!text) return DEFAULT_SITE_CONFIG;
  try {
    return conform(JSON.parse(text) as unknown, DEFAULT_SITE_CONFIG);
  } catch {
    return DEFAULT_SITE_CONFIG;
  }
}

export function readSiteConfig(doc: Document = document): SiteConfig {
  return parseSiteConfig(doc.getElementById(SITE_CONFIG_ELEMENT_ID)?.textContent);
}

let cached: SiteConfig | undefined;

/**
 * The page's site config, read on first use; on the server, the one it renders with now (the
 * shop's settings may change while it runs, so it is asked each time).
 */
export function getSiteConfig(): SiteConfig {
  if (import.meta.env.SSR && typeof document === 'undefined')
    return serverContext.siteConfig?.() ?? DEFAULT_SITE_CONFIG;
  cached ??= readSiteConfig();
  return cached;
}
