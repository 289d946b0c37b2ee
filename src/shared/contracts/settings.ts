import { z } from 'zod';
import { EXPIRY_DURATION_PATTERN, parseExpiryDuration } from '../duration.ts';
import {
  MERCHANT_PLACEHOLDERS,
  ORDER_MAIL_EVENT_LABELS,
  ORDER_MAIL_EVENTS,
  type OrderMailEvent,
  REFUND_PLACEHOLDER,
} from '../order-mail-strings.ts';
import { normalizePhone } from '../phone.ts';
import {
  GOVERNORATE_NAMES,
  GOVERNORATES,
  type Governorate,
  LBP_RATE_MAX,
  PAYMENT_METHODS,
  type PaymentMethod,
  SETTINGS_SECTIONS,
  type SettingsSection,
  type StoredSettingsSection,
} from '../shop-settings.ts';
import { type SecurityConfig, SecurityConfigSchema } from './security.ts';
import { safeText } from './text.ts';

/**
 * The shop's settings (docs/product.md#shop-settings): six sections the merchant edits in the
 * admin, stored in the database and read by every server process from memory.
 *
 * - GET  /admin/settings              → AllSettings {site, payment, shipping, tax, email, system}
 * - PUT  /admin/settings              SettingsPatch (any sections, all saved or none) → AllSettings
 * - GET  /admin/settings/{section}    → that section
 * - PUT  /admin/settings/{section}    that section's patch → that section
 * - GET  /site/settings               → PublicSettings (what the storefront may show; no staff token)
 *
 * A PUT is a patch: fields left out keep their value, at any depth (a zone's rate alone, one
 * payment method's switch alone). The merged section is then checked as a whole (rules across
 * fields, e.g. bank transfer needs instructions) and a refusal names the field.
 *
 * Secrets (the SMTP password) are write-only: a GET answers `{ set: true | false }`, never the
 * value; a PUT sends new text to replace it, `null` to clear it, and leaves it out (or sends "",
 * or the `{ set }` a GET answered) to keep it.
 */
export * from '../shop-settings.ts';

// ---------------------------------------------------------------------------------------------
// Leaves: one rule and one wording per kind of field.

const text = (label: string, max: number) =>
  safeText({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

const requiredText = (label: string, max: number) => text(label, max).min(1, `${label} is required`);

const flag = (label: string) => z.boolean({ error: `${label} must be on or off (true or false)` });

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** Two decimals at most: amounts are computed in cents (docs/product.md#money-and-totals). */
const hasCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** A dollar amount the shop charges: 0 or more, whole cents, at most $1,000,000. */
const amount = (label: string) =>
  z
    .number({ error: `${label} must be an amount in dollars, e.g. 4.50` })
    .finite(`${label} must be an amount in dollars, e.g. 4.50`)
    .min(0, `${label} cannot be negative`)
    .max(1_000_000, `${label} must be at most 1,000,000`)
    .refine(hasCents, `${label} has at most 2 decimals (cents)`);

/** Blank, or an address starting with https:// (what a shopper's browser opens). */
const httpsUrl = (label: string) =>
  text(label, 500).refine(
    (value) => value === '' || /^https:\/\/[^\s"'<>]+$/.test(value),
    `${label} must be a web address starting with https://`,
  );

/** Blank, or a phone number a shopper can dial (Lebanese or full international form), kept as typed. */
const phone = (label: string) =>
  text(label, 30).refine(
    (value) => value === '' || normalizePhone(value) !== null,
    `${label} must be a phone number, e.g. 01 234 567 or +961 70 123 456`,
  );

const email = (label: string) =>
  safeText({ error: `${label} must be text` })
    .trim()
    .toLowerCase()
    .max(254, `${label} must be at most 254 characters`)
    .pipe(z.email({ message: `${label} must be an email address, e.g. hello@myshop.com` }));

/** An IANA time zone the browser and the server both know (Intl refuses the others). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Sections: the whole stored value of each (what a GET answers, secrets aside).

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'tiktok', 'x', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

const SOCIAL_NAMES: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  x: 'X',
  youtube: 'YouTube',
};

export const SiteSettingsSchema = z.object({
  /** Replaces "Cedar Shop" everywhere the shop names itself. */
  shop_name: requiredText('Shop name', 60),
  description: text('Description', 500),
  /**
   * A picture uploaded through the admin (`/uploads/…`, re-encoded by the upload pipeline); null
   * for none (the name is shown). Not an outside address: the storefront's CSP loads pictures from
   * the shop only, and a hotlinked logo would tell another server about every shopper's visit.
   */
  logo_url: text('Logo', 500)
    .refine((value) => /^\/uploads\/[A-Za-z0-9/_.-]+$/.test(value), 'Logo must be a picture uploaded here')
    .nullable(),
  email: email('Shop email'),
  phone: phone('Phone'),
  /** Blank turns the WhatsApp buttons off. */
  whatsapp_number: phone('WhatsApp number'),
  address: text('Address', 300),
  social_links: z.object(
    Object.fromEntries(
      SOCIAL_NETWORKS.map((network) => [network, httpsUrl(`${SOCIAL_NAMES[network]} link`)]),
    ) as Record<SocialNetwork, ReturnType<typeof httpsUrl>>,
  ),
  time_zone: safeText({ error: 'Time zone must be text' })
    .trim()
    .refine(isTimeZone, 'Time zone must be a known zone, e.g. Asia/Beirut'),
  /** Prices are in US dollars; a Lebanese-pound price may be shown beside them at this rate. */
  currency_display: z.object({
    currency: z.literal('USD', { error: 'Prices are in US dollars (USD)' }),
    show_lbp: flag('Show prices in Lebanese pounds'),
    /** LBP per US dollar, e.g. 89,500; prices are rounded to the nearest 1,000 LBP. */
    lbp_rate: wholeNumber('Exchange rate (LBP per dollar)', 1, LBP_RATE_MAX),
  }),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

const paymentMethod = (name: string) =>
  z.object({
    enabled: flag(name),
    /** The method's name at checkout. */
    label: requiredText(`${name} name`, 60),
    /** Shown at checkout and on the order confirmation (how to pay). */
    instructions: text(`${name} instructions`, 1000),
  });

const PAYMENT_NAMES: Record<PaymentMethod, string> = {
  cash_on_delivery: 'Cash on delivery',
  bank_transfer: 'Bank transfer',
  money_transfer: 'Money transfer',
  card: 'Card',
};

export const PAYMENT_MESSAGES = {
  noneEnabled: 'Turn on at least one payment method',
  instructionsNeeded: (name: string) => `${name} needs instructions: tell shoppers how to pay`,
  cardUnavailable: 'Card payments are not available yet',
} as const;

export const PaymentSettingsSchema = z
  .object(
    Object.fromEntries(PAYMENT_METHODS.map((method) => [method, paymentMethod(PAYMENT_NAMES[method])])) as Record<
      PaymentMethod,
      ReturnType<typeof paymentMethod>
    >,
  )
  .superRefine((payment, ctx) => {
    if (!PAYMENT_METHODS.some((method) => payment[method].enabled)) {
      ctx.addIssue({ code: 'custom', path: ['cash_on_delivery', 'enabled'], message: PAYMENT_MESSAGES.noneEnabled });
    }
    // The shopper must learn where to send the money.
    for (const method of ['bank_transfer', 'money_transfer'] as const) {
      if (payment[method].enabled && payment[method].instructions === '') {
        ctx.addIssue({
          code: 'custom',
          path: [method, 'instructions'],
          message: PAYMENT_MESSAGES.instructionsNeeded(PAYMENT_NAMES[method]),
        });
      }
    }
    // No card adapter exists: an order paid "by card" could never be charged.
    if (payment.card.enabled) {
      ctx.addIssue({ code: 'custom', path: ['card', 'enabled'], message: PAYMENT_MESSAGES.cardUnavailable });
    }
  });
export type PaymentSettings = z.infer<typeof PaymentSettingsSchema>;

const deliveryZone = (name: string) =>
  z
    .object({
      /** What delivery to this governorate costs, in dollars. */
      rate: amount(`${name} delivery rate`),
      /** Working days to deliver, fewest and most ("1–3 days"). */
      delivery_days_min: wholeNumber(`${name} fewest delivery days`, 0, 60),
      delivery_days_max: wholeNumber(`${name} most delivery days`, 0, 60),
    })
    .refine((zone) => zone.delivery_days_min <= zone.delivery_days_max, {
      path: ['delivery_days_max'],
      message: `${name} most delivery days must not be fewer than the fewest`,
    });

export const ShippingSettingsSchema = z.object({
  zones: z.object(
    Object.fromEntries(GOVERNORATES.map((zone) => [zone, deliveryZone(GOVERNORATE_NAMES[zone])])) as Record<
      Governorate,
      ReturnType<typeof deliveryZone>
    >,
  ),
  /** Orders whose subtotal reaches this amount are delivered free; null for never. */
  free_delivery_threshold: amount('Free delivery threshold').nullable(),
  /**
   * The couriers "Mark shipped" offers (docs/product.md#tracking), besides OWN_DRIVER, which is
   * always there: names, each once.
   */
  carriers: z
    .array(requiredText('Carrier', 40))
    .max(20, 'At most 20 carriers')
    .refine((names) => new Set(names.map((name) => name.toLowerCase())).size === names.length, 'Each carrier once'),
});
/** Always offered when marking an order shipped: the shop's own delivery. */
export const OWN_DRIVER = 'Own driver';
/** The couriers a new shop starts with (Lebanon's common ones); the merchant edits the list. */
export const DEFAULT_CARRIERS = ['Aramex', 'Wakilni', 'Toters', 'LibanPost', 'DHL Express'];
export type ShippingSettings = z.infer<typeof ShippingSettingsSchema>;

export const TaxSettingsSchema = z.object({
  /** Percent, e.g. 11 (Lebanese VAT); two decimals at most. */
  rate: z
    .number({ error: 'Tax rate must be a percentage, e.g. 11' })
    .min(0, 'Tax rate cannot be negative')
    .max(100, 'Tax rate must be at most 100 %')
    .refine(hasCents, 'Tax rate has at most 2 decimals'),
  /** What receipts call the tax ("VAT"). */
  label: requiredText('Tax name', 20),
  /** The shop's VAT registration number, shown on documents; blank for none. */
  vat_number: text('VAT number', 30),
  /** True: prices are entered with the tax in them; false (today's totals): tax is added on top. */
  prices_include_tax: flag('Prices include tax'),
});
export type TaxSettings = z.infer<typeof TaxSettingsSchema>;

export const SMTP_SECURITY = ['starttls', 'tls', 'none'] as const;

export { ORDER_MAIL_EVENT_LABELS, ORDER_MAIL_EVENTS, type OrderMailEvent };

/** The longest subject and introduction a merchant may write (placeholders counted as typed). */
export const MAIL_SUBJECT_MAX = 150;
export const MAIL_INTRO_MAX = 1000;

/** The field help of the wording: what may be written, and that blank means the default. */
export const MAIL_WORDING_HELP = {
  subject: `Plain text on one line; blank uses the default. ${MERCHANT_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')} are replaced in each mail (the refund mail also has {${REFUND_PLACEHOLDER}}).`,
  intro:
    'Plain text, no HTML; a blank line starts a new paragraph; blank uses the default. The same {placeholders} as the subject.',
} as const;

/**
 * One mail's editable wording (docs/product.md#order-mails-to-the-shopper): plain text, never HTML
 * (the templates escape it); blank keeps the built-in words of src/shared/order-mail-strings.ts.
 */
const mailWording = (subject: string, intro: string) =>
  z.object({
    subject: text(subject, MAIL_SUBJECT_MAX).refine((value) => !/[\r\n]/.test(value), `${subject} must be one line`),
    intro: text(intro, MAIL_INTRO_MAX),
  });

export const MailWordingSchema = mailWording('Subject', 'Introduction');
export type MailWording = z.infer<typeof MailWordingSchema>;

export const EmailTemplatesSchema = z.object(
  Object.fromEntries(
    ORDER_MAIL_EVENTS.map((event) => {
      const name = ORDER_MAIL_EVENT_LABELS[event];
      return [event, mailWording(`${name}: subject`, `${name}: introduction`)];
    }),
  ) as Record<OrderMailEvent, typeof MailWordingSchema>,
);
export type EmailTemplates = z.infer<typeof EmailTemplatesSchema>;

/**
 * Where texts to shoppers' phones go (one-time codes, order texts): the outbox folder on the server
 * (nothing is sent), an SMS provider speaking Twilio's Messages API, or the WhatsApp Cloud API
 * (docs/operations.md#text-messages-one-time-codes-and-order-texts).
 */
export const TEXT_CHANNELS = ['outbox', 'sms', 'whatsapp'] as const;
export type TextChannel = (typeof TEXT_CHANNELS)[number];

export const TEXT_CHANNEL_LABELS: Record<TextChannel, string> = {
  outbox: 'Outbox folder (not sent)',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};

/** The providers' own API bases, what a new shop starts with. */
export const DEFAULT_SMS_API_URL = 'https://api.twilio.com';
export const DEFAULT_WHATSAPP_API_URL = 'https://graph.facebook.com/v20.0';

/** The refusals of a channel chosen without what it needs (checked on the merged section). */
export const TEXT_CHANNEL_MESSAGES = {
  smsAccountSid: 'SMS needs the account SID',
  smsAuthToken: 'SMS needs the auth token',
  smsFrom: 'SMS needs the sender: a number such as +15551234567, or a sender name',
  whatsappToken: 'WhatsApp needs the access token',
  whatsappPhoneNumberId: 'WhatsApp needs the phone number ID',
} as const;

/**
 * A provider's API base: http(s), a host, no user name, query or fragment (the adapters add the
 * path). http is allowed for a provider on the shop's own network (docs/operations.md).
 */
const apiUrl = (label: string, example: string) =>
  requiredText(label, 300).refine((value) => {
    if (!/^https?:\/\/[^\s"'<>]+$/.test(value)) return false;
    try {
      const url = new URL(value);
      return url.hostname !== '' && !url.username && !url.password && !url.search && !url.hash;
    } catch {
      return false;
    }
  }, `${label} must be a web address starting with https://, e.g. ${example}`);

export const EmailSettingsSchema = z
  .object({
    /** Blank: no SMTP server, mails go to the outbox folder. */
    smtp_host: text('SMTP server', 255).refine(
      (value) => value === '' || /^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/.test(value),
      'SMTP server must be a host name such as smtp.example.com',
    ),
    smtp_port: wholeNumber('SMTP port', 1, 65_535),
    smtp_user: text('SMTP user name', 255),
    smtp_security: z.enum(SMTP_SECURITY, { error: 'SMTP security must be starttls, tls or none' }),
    from_name: requiredText('Sender name', 100),
    from_address: email('Sender address'),
    /** Which mails go out. */
    messages: z.object({
      customer: z.object({
        order_placed: flag('Order placed (to the customer)'),
        confirmed: flag('Order confirmed (to the customer)'),
        processing: flag('Order being prepared (to the customer)'),
        shipped: flag('Order shipped (to the customer)'),
        out_for_delivery: flag('Order out for delivery (to the customer)'),
        delivered: flag('Order delivered (to the customer)'),
        cancelled: flag('Order cancelled (to the customer)'),
        refunded: flag('Order refunded (to the customer)'),
      }),
      shop: z.object({
        new_order: flag('New order (to the shop)'),
        low_stock: flag('Low stock (to the shop)'),
      }),
      /**
       * Short texts to the customer's phone, through the shop's message channel (the outbox folder,
       * SMS or WhatsApp: docs/operations.md), whether or not they gave an email.
       */
      texts: z.object({
        order_placed: flag('Order placed (text to the customer)'),
        confirmed: flag('Order confirmed (text to the customer)'),
        processing: flag('Order being prepared (text to the customer)'),
        shipped: flag('Order shipped (text to the customer)'),
        out_for_delivery: flag('Order out for delivery (text to the customer)'),
        delivered: flag('Order delivered (text to the customer)'),
        cancelled: flag('Order cancelled (text to the customer)'),
        refunded: flag('Order refunded (text to the customer)'),
      }),
    }),
    /** Each order mail's subject and introduction, blank for the default words. */
    templates: EmailTemplatesSchema,
    /**
     * The channel of texts to phones (TEXT_CHANNELS) and each provider's keys; the secret ones
     * (`sms_auth_token`, `whatsapp_token`) are write-only like the SMTP password (SECRET_FIELDS).
     * The environment's MESSAGE_CHANNEL, SMS_* and WHATSAPP_* are the first start's values only.
     */
    text_channel: z.enum(TEXT_CHANNELS, { error: 'Text channel must be outbox, sms or whatsapp' }),
    sms_api_url: apiUrl('SMS API address', DEFAULT_SMS_API_URL),
    /** The account's id: the path's `{AccountSid}` and the basic-auth user. */
    sms_account_sid: text('SMS account SID', 64).refine(
      (value) => /^[A-Za-z0-9_.-]*$/.test(value),
      'SMS account SID has letters and digits only, e.g. AC0123…',
    ),
    /** The sending number (E.164) or an alphanumeric sender id where the destination allows one. */
    sms_from: text('SMS sender', 16).refine(
      (value) => value === '' || /^(?:\+[1-9]\d{6,14}|[A-Za-z0-9 ]{1,11})$/.test(value),
      'SMS sender must be a number in international form such as +15551234567, or a name of up to 11 letters and digits',
    ),
    /** The sending number's id in WhatsApp Manager (digits). */
    whatsapp_phone_number_id: text('WhatsApp phone number ID', 32).refine(
      (value) => /^\d*$/.test(value),
      'WhatsApp phone number ID is the number shown in WhatsApp Manager (digits only)',
    ),
    whatsapp_api_url: apiUrl('WhatsApp API address', DEFAULT_WHATSAPP_API_URL),
  })
  .superRefine((email, ctx) => {
    // The keys a chosen channel needs (its secret too: SECRETS_NEEDED, checked by the server).
    const need = (ok: boolean, path: string, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (email.text_channel === 'sms') {
      need(email.sms_account_sid !== '', 'sms_account_sid', TEXT_CHANNEL_MESSAGES.smsAccountSid);
      need(email.sms_from !== '', 'sms_from', TEXT_CHANNEL_MESSAGES.smsFrom);
    }
    if (email.text_channel === 'whatsapp') {
      need(
        email.whatsapp_phone_number_id !== '',
        'whatsapp_phone_number_id',
        TEXT_CHANNEL_MESSAGES.whatsappPhoneNumberId,
      );
    }
  });
export type EmailSettings = z.infer<typeof EmailSettingsSchema>;

export const BACKUP_SCHEDULES = ['off', 'daily', 'weekly'] as const;

/** Bounds of a staff session: long enough to work, short enough that a lost laptop expires. */
const SESSION_MIN_MS = 15 * 60_000;
const SESSION_MAX_MS = 90 * 86_400_000;

export const SystemSettingsSchema = z.object({
  /** The storefront shows a maintenance page (503 for robots); staff and the admin keep working. */
  maintenance_mode: flag('Maintenance mode'),
  guest_checkout: flag('Guest checkout'),
  reviews_enabled: flag('Reviews'),
  /** The low-stock threshold new products start with. */
  low_stock_threshold: wholeNumber('Low-stock threshold', 0, 100_000),
  /** How long staff stay signed in, an expiry duration ("7d", "12h", "30m"). */
  staff_session_length: safeText({ error: 'Staff session length must be text' })
    .trim()
    .refine((value) => {
      if (!EXPIRY_DURATION_PATTERN.test(value)) return false;
      const ms = parseExpiryDuration(value);
      return ms >= SESSION_MIN_MS && ms <= SESSION_MAX_MS;
    }, 'Staff session length must be between 15m and 90d, e.g. 12h or 7d'),
  backups: z.object({
    schedule: z.enum(BACKUP_SCHEDULES, { error: 'Automatic backups must be off, daily or weekly' }),
    keep: wholeNumber('Backups to keep', 1, 100),
  }),
});
export type SystemSettings = z.infer<typeof SystemSettingsSchema>;

/** Each section's whole value, secrets aside. */
export const SECTION_SCHEMAS = {
  site: SiteSettingsSchema,
  payment: PaymentSettingsSchema,
  shipping: ShippingSettingsSchema,
  tax: TaxSettingsSchema,
  email: EmailSettingsSchema,
  system: SystemSettingsSchema,
  security: SecurityConfigSchema,
} as const satisfies Record<StoredSettingsSection, z.ZodType>;

export interface SettingsValues {
  site: SiteSettings;
  payment: PaymentSettings;
  shipping: ShippingSettings;
  tax: TaxSettings;
  email: EmailSettings;
  system: SystemSettings;
  /** Not part of /admin/settings: GET/PUT /admin/security/config (contracts/security.ts). */
  security: SecurityConfig;
}

// ---------------------------------------------------------------------------------------------
// Secrets: write-only fields, named per section.

/** The write-only fields of each section (the server seals them; a GET says only whether set). */
export const SECRET_FIELDS = {
  site: [],
  payment: [],
  shipping: [],
  tax: [],
  email: ['smtp_password', 'sms_auth_token', 'whatsapp_token'],
  system: [],
  security: [],
} as const satisfies Record<StoredSettingsSection, readonly string[]>;

/**
 * The secrets a section's values need, each with its refusal: the server checks them on the merged
 * section with the secrets as they would be saved (a 400 naming the field), as the schema checks
 * the other fields. SMS needs its auth token, WhatsApp its access token.
 */
export function secretsNeeded<S extends StoredSettingsSection>(
  section: S,
  value: SettingsValues[S],
): { field: (typeof SECRET_FIELDS)[S][number]; message: string }[] {
  if (section !== 'email') return [];
  const channel = (value as EmailSettings).text_channel;
  const needed =
    channel === 'sms'
      ? [{ field: 'sms_auth_token', message: TEXT_CHANNEL_MESSAGES.smsAuthToken }]
      : channel === 'whatsapp'
        ? [{ field: 'whatsapp_token', message: TEXT_CHANNEL_MESSAGES.whatsappToken }]
        : [];
  return needed as { field: (typeof SECRET_FIELDS)[S][number]; message: string }[];
}

/** What a GET answers for a secret. */
export const SecretStateSchema = z.object({ set: z.boolean() });
export type SecretState = z.infer<typeof SecretStateSchema>;

/**
 * What a PUT may send for a secret: new text replaces it, null clears it; "" (a blank form field)
 * and `{ set }` (echoing a GET) keep it, as leaving it out does.
 */
/**
 * A secret's input, refusals worded with its name. `trim`: an API key pasted with a space or line
 * break around it (never a password: its spaces may be part of it).
 */
export const secretInput = (label: string, trim = false) =>
  z.union(
    [
      (trim ? safeText({ error: `${label} must be text` }).trim() : safeText({ error: `${label} must be text` })).max(
        500,
        `${label} must be at most 500 characters`,
      ),
      z.null(),
      z.object({ set: z.boolean() }).strict(),
    ],
    { error: `Send the new ${label.toLowerCase()} as text, or null to remove it` },
  );
export const SecretInputSchema = secretInput('Password');
export type SecretInput = z.infer<typeof SecretInputSchema>;

/** Each secret of the email section's input, with the name its refusals use. */
export const EmailSecretInputs = {
  smtp_password: SecretInputSchema,
  sms_auth_token: secretInput('SMS auth token', true),
  whatsapp_token: secretInput('WhatsApp access token', true),
};

// ---------------------------------------------------------------------------------------------
// Requests: patches. Every object field is optional at every depth; leaves keep their rules.

/** A patch names known fields only, and each object of a section is sent as an object. */
const patchShapeError = (issue: z.core.$ZodRawIssue): string | undefined => {
  if (issue.code === 'unrecognized_keys') return `Unknown setting: ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_type') return 'Send these settings as an object of fields';
  return undefined;
};

/**
 * The patch schema of a section: the same leaves, every field optional, unknown fields refused
 * (a misspelt field must not be silently dropped). Rules across fields are checked on the merged
 * section by the server, so they are not repeated here.
 */
function patchOf(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    return z.strictObject(
      Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, patchOf(field).optional()])),
      { error: patchShapeError },
    );
  }
  return schema;
}

/** A deep-partial of T: what a patch of it may hold. */
export type Patch<T> = {
  [K in keyof T]?: T[K] extends readonly unknown[] | null ? T[K] : T[K] extends object ? Patch<T[K]> : T[K];
};

export const SitePatchSchema = patchOf(SiteSettingsSchema) as z.ZodType<Patch<SiteSettings>>;
export const PaymentPatchSchema = patchOf(PaymentSettingsSchema) as z.ZodType<Patch<PaymentSettings>>;
export const ShippingPatchSchema = patchOf(ShippingSettingsSchema) as z.ZodType<Patch<ShippingSettings>>;
export const TaxPatchSchema = patchOf(TaxSettingsSchema) as z.ZodType<Patch<TaxSettings>>;
export type EmailPatch = Patch<EmailSettings> & {
  smtp_password?: SecretInput;
  sms_auth_token?: SecretInput;
  whatsapp_token?: SecretInput;
};
export const EmailPatchSchema = (patchOf(EmailSettingsSchema) as z.ZodObject).extend({
  smtp_password: EmailSecretInputs.smtp_password.optional(),
  sms_auth_token: EmailSecretInputs.sms_auth_token.optional(),
  whatsapp_token: EmailSecretInputs.whatsapp_token.optional(),
}) as unknown as z.ZodType<EmailPatch>;
export const SystemPatchSchema = patchOf(SystemSettingsSchema) as z.ZodType<Patch<SystemSettings>>;
/** PUT /admin/security/config. */
export const SecurityConfigPatchSchema = patchOf(SecurityConfigSchema) as z.ZodType<Patch<SecurityConfig>>;

export interface SettingsPatches {
  site: Patch<SiteSettings>;
  payment: Patch<PaymentSettings>;
  shipping: Patch<ShippingSettings>;
  tax: Patch<TaxSettings>;
  email: EmailPatch;
  system: Patch<SystemSettings>;
  security: Patch<SecurityConfig>;
}

export const SECTION_PATCH_SCHEMAS: { [S in StoredSettingsSection]: z.ZodType<SettingsPatches[S]> } = {
  site: SitePatchSchema,
  payment: PaymentPatchSchema,
  shipping: ShippingPatchSchema,
  tax: TaxPatchSchema,
  email: EmailPatchSchema,
  system: SystemPatchSchema,
  security: SecurityConfigPatchSchema,
};

/** What a save may change: any sections (the security one only through /admin/security/config). */
export type SettingsPatch = Partial<SettingsPatches>;

/** PUT /admin/settings: any sections at once, saved together or not at all. */
export const SettingsPatchSchema = z
  .strictObject(
    {
      site: SitePatchSchema.optional(),
      payment: PaymentPatchSchema.optional(),
      shipping: ShippingPatchSchema.optional(),
      tax: TaxPatchSchema.optional(),
      email: EmailPatchSchema.optional(),
      system: SystemPatchSchema.optional(),
    },
    { error: patchShapeError },
  )
  .refine((patch) => Object.keys(patch).length > 0, {
    message: `Send at least one section: ${SETTINGS_SECTIONS.join(', ')}`,
  }) as z.ZodType<SettingsPatch>;

// ---------------------------------------------------------------------------------------------
// Responses.

export const EmailSettingsResponseSchema = EmailSettingsSchema.safeExtend({
  smtp_password: SecretStateSchema,
  sms_auth_token: SecretStateSchema,
  whatsapp_token: SecretStateSchema,
});
export type EmailSettingsResponse = z.infer<typeof EmailSettingsResponseSchema>;

export const SECTION_RESPONSE_SCHEMAS = {
  site: SiteSettingsSchema,
  payment: PaymentSettingsSchema,
  shipping: ShippingSettingsSchema,
  tax: TaxSettingsSchema,
  email: EmailSettingsResponseSchema,
  system: SystemSettingsSchema,
} as const satisfies Record<SettingsSection, z.ZodType>;

/** GET /admin/settings. */
export const AllSettingsSchema = z.object(SECTION_RESPONSE_SCHEMAS);
export type AllSettings = z.infer<typeof AllSettingsSchema>;

/**
 * GET /site/settings: what the storefront shows and checkout offers, for anyone (never a secret,
 * never a staff-only switch). Served from memory.
 */
export const PublicSettingsSchema = z.object({
  shop_name: z.string(),
  description: z.string(),
  logo_url: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  whatsapp_number: z.string(),
  address: z.string(),
  social_links: z.record(z.enum(SOCIAL_NETWORKS), z.string()),
  time_zone: z.string(),
  currency_display: z.object({ currency: z.literal('USD'), show_lbp: z.boolean(), lbp_rate: z.number().int() }),
  /** The enabled methods only, in checkout order. */
  payment_methods: z.array(z.object({ method: z.enum(PAYMENT_METHODS), label: z.string(), instructions: z.string() })),
  delivery: z.object({
    zones: z.array(
      z.object({
        zone: z.enum(GOVERNORATES),
        name: z.string(),
        rate: z.number(),
        delivery_days_min: z.number().int(),
        delivery_days_max: z.number().int(),
      }),
    ),
    free_delivery_threshold: z.number().nullable(),
    /** The couriers "Mark shipped" offers in the admin, before OWN_DRIVER. */
    carriers: z.array(z.string()),
  }),
  /** `vat_number`: the shop's VAT registration number, shown on receipts when set ("" for none). */
  tax: z.object({ rate: z.number(), label: z.string(), prices_include_tax: z.boolean(), vat_number: z.string() }),
  guest_checkout: z.boolean(),
  reviews_enabled: z.boolean(),
  maintenance_mode: z.boolean(),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// The test email: POST /admin/settings/email/test sends one message with the saved settings.

const mailEvent = z.enum(ORDER_MAIL_EVENTS, {
  error: `Event must be one of ${ORDER_MAIL_EVENTS.join(', ')}`,
});

/**
 * `event`: send that order mail, filled with a sample order and the saved wording, instead of the
 * plain test message.
 */
export const TestEmailRequestSchema = z.strictObject(
  { to: email('Recipient'), event: mailEvent.optional() },
  { error: 'Send the recipient as {"to": "you@example.com"}' },
);
export type TestEmailRequest = z.infer<typeof TestEmailRequestSchema>;

export const TestEmailResultSchema = z.object({
  /** True when the SMTP server accepted the message (or it was written to the outbox). */
  delivered: z.boolean(),
  transport: z.enum(['smtp', 'outbox']),
  /** What happened, in the merchant's words (the server's verdict on a failure). */
  message: z.string(),
});
export type TestEmailResult = z.infer<typeof TestEmailResultSchema>;

/** At most this many test emails per staff member per minute (each one talks to a mail server). */
export const TEST_EMAIL_LIMIT = { limit: 5, windowMs: 60_000 } as const;

export const TEST_EMAIL_MESSAGES = {
  sent: (to: string, host: string) => `The mail server ${host} accepted the test email to ${to}. Check that inbox.`,
  outbox: (to: string) =>
    `No SMTP server is set, so the test email to ${to} was written to the outbox folder on the server (DATA_DIR/outbox) instead of being sent.`,
  rateLimited: 'Too many test emails. Wait a minute and try again.',
  subject: (shop: string) => `Test email from ${shop}`,
  body: (shop: string) =>
    `This is a test email from ${shop}'s admin.\n\nIf you can read it, the shop can send order emails to your customers.`,
} as const;

// ---------------------------------------------------------------------------------------------
// The test text: POST /admin/settings/email/test-text sends one text through the saved channel.

/** `to`: any Lebanese form or a full international number; sent to its E.164 form. */
export const TestTextRequestSchema = z.strictObject(
  {
    to: safeText({ error: 'Send to must be a phone number' })
      .trim()
      .refine(
        (value) => normalizePhone(value) !== null,
        'Send to must be a phone number, e.g. 03 123 456 or +961 70 123 456',
      )
      .transform((value) => normalizePhone(value) as string),
  },
  { error: 'Send the phone number as {"to": "+961 70 123 456"}' },
);
export type TestTextRequest = z.input<typeof TestTextRequestSchema>;

export const TestTextResultSchema = z.object({
  /** True when the provider accepted the text (or it was written to the outbox). */
  delivered: z.boolean(),
  channel: z.enum(TEXT_CHANNELS),
  /** What happened, in the merchant's words (the provider's verdict on a failure, and what to check). */
  message: z.string(),
});
export type TestTextResult = z.infer<typeof TestTextResultSchema>;

/** At most this many test texts per staff member per minute (each one may cost the shop a message). */
export const TEST_TEXT_LIMIT = { limit: 5, windowMs: 60_000 } as const;

export const TEST_TEXT_MESSAGES = {
  sms: (to: string) => `The SMS provider accepted the test text to ${to}. It should reach that phone within a minute.`,
  whatsapp: (to: string) =>
    `WhatsApp accepted the test text to ${to}. WhatsApp delivers it only if that number wrote to the shop's WhatsApp in the last 24 hours; otherwise nothing arrives, and texts to customers need an approved template.`,
  outbox: (to: string) =>
    `No SMS or WhatsApp provider is chosen, so the test text to ${to} was written to the outbox folder on the server (DATA_DIR/outbox) instead of being sent.`,
  rateLimited: 'Too many test texts. Wait a minute and try again.',
  body: (shop: string) =>
    `${shop}: this is a test text from the shop's admin. Texts to your customers will arrive like this.`,
} as const;

// ---------------------------------------------------------------------------------------------
// The order mails' preview (Settings → Email → Message templates).

/** `GET /admin/settings/email/preview?event=shipped`: that mail with a sample order and the saved wording. */
export const MailPreviewQuerySchema = z.object({ event: mailEvent });
export type MailPreviewQuery = z.infer<typeof MailPreviewQuerySchema>;

/** `POST /admin/settings/email/preview`: the same with wording not saved yet (the form's). */
export const MailPreviewRequestSchema = z.strictObject(
  { event: mailEvent, wording: MailWordingSchema },
  { error: 'Send the preview as {"event": "shipped", "wording": {"subject": "", "intro": ""}}' },
);
export type MailPreviewRequest = z.infer<typeof MailPreviewRequestSchema>;

/** The mail as it would go out: subject, HTML part and plain-text part. */
export const MailPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type MailPreview = z.infer<typeof MailPreviewSchema>;
