import { type AllSettings, GOVERNORATES, ORDER_MAIL_EVENTS } from '#shared/contracts/settings.ts';

/** The order events' switches as they are by default for mails and texts alike (the confirmation apart). */
const ORDER_MESSAGES_ON = {
  order_placed: true,
  processing: false,
  shipped: true,
  out_for_delivery: false,
  delivered: true,
  cancelled: true,
  refunded: true,
};

/** The settings screen's tests: every section as `GET /admin/settings` answers it. */
export const SETTINGS: AllSettings = {
  site: {
    shop_name: 'Cedar Shop',
    description: '',
    logo_url: null,
    email: 'hello@cedar.shop',
    phone: '+961 1 234 567',
    whatsapp_number: '',
    address: 'Hamra Street, Beirut',
    social_links: { facebook: '', instagram: '', tiktok: '', x: '', youtube: '' },
    time_zone: 'Asia/Beirut',
    currency_display: { currency: 'USD', show_lbp: false, lbp_rate: 89_500 },
  },
  payment: {
    cash_on_delivery: { enabled: true, label: 'Cash on delivery', instructions: 'Pay in cash.' },
    bank_transfer: { enabled: false, label: 'Bank transfer', instructions: '' },
    money_transfer: { enabled: false, label: 'Money transfer', instructions: '' },
    card: { enabled: false, label: 'Card', instructions: '' },
  },
  shipping: {
    zones: Object.fromEntries(
      GOVERNORATES.map((zone) => [zone, { rate: 3, delivery_days_min: 1, delivery_days_max: 3 }]),
    ) as AllSettings['shipping']['zones'],
    free_delivery_threshold: null,
    carriers: ['Aramex', 'Wakilni'],
  },
  tax: { rate: 11, label: 'VAT', vat_number: '', prices_include_tax: false },
  email: {
    smtp_host: 'smtp.example.com',
    smtp_port: 587,
    smtp_user: 'shop',
    smtp_password: { set: true },
    smtp_security: 'starttls',
    from_name: 'Cedar Shop',
    from_address: 'hello@cedar.shop',
    messages: {
      customer: { ...ORDER_MESSAGES_ON, confirmed: true },
      shop: { new_order: true, low_stock: true },
      // The texts' defaults: as the mails', less the confirmation.
      texts: { ...ORDER_MESSAGES_ON, confirmed: false },
    },
    templates: Object.fromEntries(
      ORDER_MAIL_EVENTS.map((event) => [event, { subject: '', intro: '' }]),
    ) as AllSettings['email']['templates'],
    text_channel: 'outbox',
    sms_api_url: 'https://api.twilio.com',
    sms_account_sid: '',
    sms_auth_token: { set: false },
    sms_from: '',
    whatsapp_phone_number_id: '',
    whatsapp_api_url: 'https://graph.facebook.com/v20.0',
    whatsapp_token: { set: false },
  },
  system: {
    maintenance_mode: false,
    guest_checkout: true,
    reviews_enabled: true,
    low_stock_threshold: 5,
    staff_session_length: '7d',
    backups: { schedule: 'off', keep: 7 },
  },
};
