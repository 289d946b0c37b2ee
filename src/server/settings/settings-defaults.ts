import type { Config } from '#server/config.ts';
import { DEFAULT_SECURITY_CONFIG } from '#shared/contracts/security.ts';
import {
  DEFAULT_CARRIERS,
  DEFAULT_SMS_API_URL,
  DEFAULT_WHATSAPP_API_URL,
  type EmailSettings,
  GOVERNORATES,
  type Governorate,
  ORDER_MAIL_EVENTS,
  SECTION_SCHEMAS,
  type SettingsValues,
  type ShippingSettings,
  STORED_SETTINGS_SECTIONS,
  type StoredSettingsSection,
} from '#shared/contracts/settings.ts';
import { TAX_RATE_PERCENT } from '#shared/money.ts';

/**
 * The settings of a shop nobody has configured (docs/product.md#shop-settings). Every switch keeps
 * today's behaviour: cash on delivery only, delivery free everywhere, 11 % VAT added on top.
 */
const zones = Object.fromEntries(
  GOVERNORATES.map((zone) => [zone, { rate: 0, delivery_days_min: 1, delivery_days_max: 3 }]),
) as Record<Governorate, ShippingSettings['zones'][Governorate]>;

export const BUILT_IN_SETTINGS: SettingsValues = {
  site: {
    shop_name: 'Cedar Shop',
    description: '',
    logo_url: null,
    email: 'hello@cedar.shop',
    phone: '+961 1 234 567',
    whatsapp_number: '+961 70 123 456',
    address: 'Hamra Street, Beirut, Lebanon',
    social_links: { facebook: '', instagram: '', tiktok: '', x: '', youtube: '' },
    time_zone: 'Asia/Beirut',
    currency_display: { currency: 'USD', show_lbp: false, lbp_rate: 89_500 },
  },
  payment: {
    cash_on_delivery: {
      enabled: true,
      label: 'Cash on delivery',
      instructions: 'Pay in cash when your order arrives.',
    },
    bank_transfer: { enabled: false, label: 'Bank transfer', instructions: '' },
    money_transfer: { enabled: false, label: 'Whish or OMT money transfer', instructions: '' },
    card: { enabled: false, label: 'Card', instructions: '' },
  },
  shipping: { zones, free_delivery_threshold: null, carriers: DEFAULT_CARRIERS },
  tax: { rate: TAX_RATE_PERCENT, label: 'VAT', vat_number: '', prices_include_tax: false },
  email: {
    smtp_host: '',
    smtp_port: 587,
    smtp_user: '',
    smtp_security: 'starttls',
    from_name: 'Cedar Shop',
    from_address: 'hello@cedar.shop',
    messages: {
      // "Being prepared" is left off: most shops go from confirmed to shipped within a day.
      customer: {
        order_placed: true,
        confirmed: true,
        processing: false,
        shipped: true,
        // A step of a shipped order (docs/product.md#out-for-delivery): off until the shop uses it.
        out_for_delivery: false,
        delivered: true,
        cancelled: true,
        refunded: true,
      },
      shop: { new_order: true, low_stock: true },
      // Texts for what a shopper waits for: the order taken, on its way, delivered, and bad news.
      texts: {
        order_placed: true,
        confirmed: false,
        processing: false,
        shipped: true,
        out_for_delivery: false,
        delivered: true,
        cancelled: true,
        refunded: true,
      },
    },
    // Blank: each mail's built-in words (src/shared/order-mail-strings.ts).
    templates: Object.fromEntries(
      ORDER_MAIL_EVENTS.map((event) => [event, { subject: '', intro: '' }]),
    ) as EmailSettings['templates'],
    // Texts are written to the outbox folder until a provider is chosen.
    text_channel: 'outbox',
    sms_api_url: DEFAULT_SMS_API_URL,
    sms_account_sid: '',
    sms_from: '',
    whatsapp_phone_number_id: '',
    whatsapp_api_url: DEFAULT_WHATSAPP_API_URL,
  },
  system: {
    maintenance_mode: false,
    guest_checkout: true,
    reviews_enabled: true,
    low_stock_threshold: 5,
    staff_session_length: '7d',
    backups: { schedule: 'off', keep: 7 },
  },
  security: DEFAULT_SECURITY_CONFIG,
};

/**
 * The first-start defaults: the built-in values with the shop's name and contact details from
 * the environment (SHOP_NAME, COMPANY_*, WHATSAPP_NUMBER, JWT_EXPIRES_IN). They are stored on the
 * first start (storeFirstStartSettings), after which the database alone decides. An environment
 * value the settings' rules refuse gives way to the built-in one.
 */
export function defaultSettings(config: Config): SettingsValues {
  const fromEnvironment: SettingsValues = {
    ...BUILT_IN_SETTINGS,
    site: {
      ...BUILT_IN_SETTINGS.site,
      shop_name: config.SHOP_NAME,
      email: config.COMPANY_EMAIL,
      phone: config.COMPANY_PHONE,
      whatsapp_number: config.WHATSAPP_NUMBER,
      address: config.COMPANY_ADDRESS,
    },
    email: {
      ...BUILT_IN_SETTINGS.email,
      from_name: config.SHOP_NAME,
      from_address: config.COMPANY_EMAIL,
      ...textChannelOfEnvironment(config),
    },
    system: { ...BUILT_IN_SETTINGS.system, staff_session_length: config.JWT_EXPIRES_IN },
  };
  const result = {} as Record<StoredSettingsSection, unknown>;
  for (const section of STORED_SETTINGS_SECTIONS) {
    result[section] = sanitizeSection(section, fromEnvironment[section], BUILT_IN_SETTINGS[section]).value;
  }
  return result as unknown as SettingsValues;
}

/** The email section's fields of the text channel (besides its secrets). */
export const TEXT_CHANNEL_FIELDS = [
  'text_channel',
  'sms_api_url',
  'sms_account_sid',
  'sms_from',
  'whatsapp_phone_number_id',
  'whatsapp_api_url',
] as const satisfies readonly (keyof EmailSettings)[];

type TextChannelFields = Pick<EmailSettings, (typeof TEXT_CHANNEL_FIELDS)[number]>;

/**
 * MESSAGE_CHANNEL with the SMS_* and WHATSAPP_* keys as settings. A provider named without all
 * its keys (the start used to stop there) gives way to the outbox: the merchant finishes it in
 * Settings → Email. A key the settings' rules refuse gives way to its built-in value.
 */
function textChannelOfEnvironment(config: Config): TextChannelFields {
  const secrets = defaultSecrets(config).email ?? {};
  const complete =
    config.MESSAGE_CHANNEL === 'sms'
      ? Boolean(config.SMS_ACCOUNT_SID && config.SMS_FROM && secrets.sms_auth_token)
      : config.MESSAGE_CHANNEL === 'whatsapp'
        ? Boolean(config.WHATSAPP_PHONE_NUMBER_ID && secrets.whatsapp_token)
        : true;
  return {
    text_channel: complete ? config.MESSAGE_CHANNEL : 'outbox',
    sms_api_url: config.SMS_API_URL,
    sms_account_sid: config.SMS_ACCOUNT_SID ?? '',
    sms_from: config.SMS_FROM ?? '',
    whatsapp_phone_number_id: config.WHATSAPP_PHONE_NUMBER_ID ?? '',
    whatsapp_api_url: config.WHATSAPP_API_URL,
  };
}

/** The secrets of the first start (sealed when stored): the providers' keys of the environment. */
export function defaultSecrets(config: Config): {
  email?: Partial<Record<'sms_auth_token' | 'whatsapp_token', string>>;
} {
  const email: Partial<Record<'sms_auth_token' | 'whatsapp_token', string>> = {};
  if (config.SMS_AUTH_TOKEN) email.sms_auth_token = config.SMS_AUTH_TOKEN;
  if (config.WHATSAPP_TOKEN) email.whatsapp_token = config.WHATSAPP_TOKEN;
  return { email };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `patch` over `base`: objects merge field by field at every depth, anything else (text, numbers,
 * null, lists) replaces. A stored section read over the defaults this way gains the fields added
 * since it was written; a PUT's patch merged over the stored section keeps what it leaves out.
 */
export function deepMerge<T>(base: T, patch: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(patch)) return (patch === undefined ? base : patch) as T;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value !== undefined) merged[key] = deepMerge(merged[key], value);
  }
  return merged as T;
}

/**
 * A section's value by its schema, keeping what passes: a top-level field the rules refuse (a
 * value stored before a rule was tightened) takes the fallback's value. Fields the schema does not
 * know are dropped. `replaced` names the fields that fell back.
 */
export function sanitizeSection<S extends StoredSettingsSection>(
  section: S,
  candidate: unknown,
  fallback: SettingsValues[S],
): { value: SettingsValues[S]; replaced: string[] } {
  const schema = SECTION_SCHEMAS[section];
  let value = deepMerge(fallback, candidate);
  const replaced: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const parsed = schema.safeParse(value);
    if (parsed.success) return { value: parsed.data as SettingsValues[S], replaced };
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')));
    // A rule across the whole section (no field named): nothing to keep.
    if (bad.has('')) break;
    const next: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const key of bad) {
      next[key] = (fallback as Record<string, unknown>)[key];
      replaced.push(key);
    }
    value = next as SettingsValues[S];
  }
  return { value: fallback, replaced: ['*'] };
}
