import type { PublicSettings } from '#shared/contracts/settings.ts';
import { GOVERNORATE_NAMES, GOVERNORATES } from '#shared/shop-settings.ts';

/**
 * `GET /site/settings` as a fresh shop answers it (every zone at 0, cash on delivery only, 11 %
 * VAT added), for the checkout's component tests; `overrides` replaces whole fields.
 */
export function publicSettingsFixture(overrides: Partial<PublicSettings> = {}): PublicSettings {
  return {
    shop_name: 'Cedar Shop',
    description: '',
    logo_url: null,
    email: 'hello@cedar.shop',
    phone: '+961 1 234 567',
    whatsapp_number: '',
    address: '',
    social_links: { facebook: '', instagram: '', tiktok: '', x: '', youtube: '' },
    time_zone: 'Asia/Beirut',
    currency_display: { currency: 'USD', show_lbp: false, lbp_rate: 89_500 },
    payment_methods: [
      { method: 'cash_on_delivery', label: 'Cash on delivery', instructions: 'Pay in cash when your order arrives.' },
    ],
    delivery: {
      zones: GOVERNORATES.map((zone) => ({
        zone,
        name: GOVERNORATE_NAMES[zone],
        rate: 0,
        delivery_days_min: 1,
        delivery_days_max: 3,
      })),
      free_delivery_threshold: null,
      carriers: ['Aramex', 'Wakilni'],
    },
    tax: { rate: 11, label: 'VAT', prices_include_tax: false, vat_number: '' },
    guest_checkout: true,
    reviews_enabled: true,
    maintenance_mode: false,
    ...overrides,
  };
}
