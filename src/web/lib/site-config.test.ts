import { afterEach, describe, expect, it } from 'vitest';
import { SITE_CONFIG_ELEMENT_ID } from '#shared/constants.ts';
import { SiteConfigSchema } from '#shared/contracts/site.ts';
import { DEFAULT_SITE_CONFIG, parseSiteConfig, readSiteConfig } from './site-config.ts';

const config = {
  shopName: 'Test Shop',
  logoUrl: '/uploads/logos/test-800.webp',
  currency: 'EUR',
  timeZone: 'Europe/Paris',
  lbp: { show: true, rate: 90_000 },
  company: { legalName: 'Test SARL', email: 'a@b.c', phone: '+961 1 111 111', address: 'Beirut' },
  whatsappNumber: '+961 70 000 000',
  socialLinks: { instagram: 'https://instagram.com/testshop', facebook: '' },
  supportContact: 'help@b.c',
  reviewsEnabled: false,
  maintenance: false,
  notes: { delivery: 'Same day in Beirut', returns: '', warranty: 'One year' },
  features: {
    adminPanel: false,
    whatsapp: true,
    contactForm: false,
    marketplaceImport: false,
    search: false,
    mockData: true,
    devMode: true,
  },
  version: '1.2.3',
};

afterEach(() => {
  document.getElementById(SITE_CONFIG_ELEMENT_ID)?.remove();
});

describe('site config', () => {
  it('has defaults that satisfy the shared contract, with every feature on but mock data and dev mode', () => {
    expect(SiteConfigSchema.parse(DEFAULT_SITE_CONFIG)).toEqual(DEFAULT_SITE_CONFIG);
    expect(DEFAULT_SITE_CONFIG.shopName).toBe('Cedar Shop');
    const { mockData, devMode, ...rest } = DEFAULT_SITE_CONFIG.features;
    expect([mockData, devMode]).toEqual([false, false]);
    expect(Object.values(rest).every(Boolean)).toBe(true);
  });

  it('reads the JSON the server embeds in the page', () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = SITE_CONFIG_ELEMENT_ID;
    script.textContent = JSON.stringify(config);
    document.head.append(script);
    expect(readSiteConfig()).toEqual(config);
  });

  it('falls back to the defaults when the tag is missing, empty or not JSON', () => {
    expect(readSiteConfig()).toEqual(DEFAULT_SITE_CONFIG);
    expect(parseSiteConfig('')).toEqual(DEFAULT_SITE_CONFIG);
    expect(parseSiteConfig('{not json')).toEqual(DEFAULT_SITE_CONFIG);
    expect(parseSiteConfig('[1,2]')).toEqual(DEFAULT_SITE_CONFIG);
  });

  it('keeps the valid fields of a partly wrong config and defaults the rest', () => {
    const parsed = parseSiteConfig(
      JSON.stringify({
        ...config,
        currency: 5,
        company: { ...config.company, phone: null },
        features: 'all',
        extra: 1,
      }),
    );
    expect(parsed.shopName).toBe('Test Shop');
    expect(parsed.currency).toBe('USD');
    expect(parsed.company).toEqual({ ...config.company, phone: '' });
    expect(parsed.features).toEqual(DEFAULT_SITE_CONFIG.features);
    expect(parsed).not.toHaveProperty('extra');
    // No logo (the server's null) reads as ''; social links keep their text fields only.
    const noLogo = parseSiteConfig(
      JSON.stringify({ ...config, logoUrl: null, socialLinks: { x: 'https://x.com/a', tiktok: 3 } }),
    );
    expect(noLogo.logoUrl).toBe('');
    expect(noLogo.socialLinks).toEqual({ x: 'https://x.com/a', tiktok: '' });
    expect(parseSiteConfig(JSON.stringify({ ...config, socialLinks: 'none' })).socialLinks).toEqual({});
    // Fields no screen reads are not kept (contracts/site.ts).
    expect(parseSiteConfig(JSON.stringify({ ...config, description: 'x' }))).not.toHaveProperty('description');
    expect(SiteConfigSchema.safeParse(parsed).success).toBe(true);
  });
});
