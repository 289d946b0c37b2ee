import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy } from './security/trust-proxy.ts';

/**
 * Configuration comes only from the environment (docs/engineering.md#configuration), parsed once at start.
 * A bad value stops the server with one line naming the variable; `.env.example` documents each.
 */

const booleanFlag = (defaultValue: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { message: 'must be true or false' })
    .default(defaultValue ? 'true' : 'false')
    .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const urlWithScheme = (schemes: string[]) =>
  z
    .string()
    .trim()
    .refine((value) => schemes.some((scheme) => value.startsWith(`${scheme}://`)), {
      message: `must be a URL starting with ${schemes.map((scheme) => `${scheme}://`).join(' or ')}`,
    });

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, urlWithScheme(['postgres', 'postgresql']).optional()),
  REDIS_URL: z.preprocess(emptyAsUndefined, urlWithScheme(['redis', 'rediss']).optional()),
  PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ message: 'must be a full URL such as https://shop.example.com' }).optional(),
  ),
  /**
   * Hosts (name, or name:port) whose Host header may be used for absolute links when PUBLIC_URL is
   * unset (seo/link-base.ts). Comma-separated; empty means relative links.
   */
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/,
            'must be host names such as shop.example.com, separated by commas',
          ),
      ),
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `auto`: human-readable lines in a terminal, one JSON object per line anywhere else (logging.ts). */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty'], { message: 'must be auto, json or pretty' }).default('auto'),
  ADMIN_EMAIL: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
    z.email({ message: 'must be an email address' }).default('admin@cedar.shop'),
  ),
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(12, 'must be at least 12 characters').optional()),
  ADMIN_LOGIN_PATH: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{5,62}$/, 'must be 6-63 lowercase letters, digits or dashes (no slash)')
      .optional(),
  ),
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  /**
   * docs/product.md#expiry-durations: a number followed by d, h, m or s; anything else falls back
   * to 7 days (parsed where used).
   */
  JWT_EXPIRES_IN: z.string().default('7d'),
  /**
   * Life of the access JWT, an expiry duration (docs/product.md#expiry-durations). Unlike
   * JWT_EXPIRES_IN a bad value stops the start: silently falling back to 7 days would make a
   * short-lived token long-lived.
   */
  ACCESS_TOKEN_TTL: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,6}[dhms]$/, 'must be a number followed by d, h, m or s, e.g. 15m')
    .default('15m'),
  SMTP_URL: z.preprocess(emptyAsUndefined, urlWithScheme(['smtp', 'smtps']).optional()),
  SHOP_NAME: z.string().trim().min(1).max(60).default('Cedar Shop'),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a 3-letter currency code such as USD')
    .default('USD'),
  COMPANY_NAME: z.string().trim().default('Cedar Electronics SAL'),
  COMPANY_EMAIL: z.preprocess(
    emptyAsUndefined,
    z.email({ message: 'must be an email address' }).default('hello@cedar.shop'),
  ),
  COMPANY_PHONE: z.string().trim().default('+961 1 234 567'),
  COMPANY_ADDRESS: z.string().trim().default('Hamra Street, Beirut, Lebanon'),
  WHATSAPP_NUMBER: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ]{7,20}$/, 'must be a phone number in international form, e.g. +961 70 123 456')
    .default('+961 70 123 456'),
  SUPPORT_CONTACT: optionalText,
  /**
   * The first start's text channel (docs/operations.md#text-messages-one-time-codes-and-order-texts):
   * it and the WHATSAPP_* and SMS_* keys below are stored in the email settings on the first start
   * (the keys sealed), after which Settings → Email alone decides. `outbox` writes
   * DATA_DIR/outbox/sms-*.txt; `whatsapp` sends through the WhatsApp Cloud API; `sms` through an SMS
   * provider speaking Twilio's Messages API. A provider without all its keys starts as `outbox`.
   */
  MESSAGE_CHANNEL: z
    .enum(['outbox', 'whatsapp', 'sms'], { message: 'must be outbox, whatsapp or sms' })
    .default('outbox'),
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText,
  WHATSAPP_API_URL: z.preprocess(
    emptyAsUndefined,
    urlWithScheme(['https', 'http']).default('https://graph.facebook.com/v20.0'),
  ),
  /** The SMS provider's API base (Twilio's, or a provider with the same Messages API). */
  SMS_API_URL: z.preprocess(emptyAsUndefined, urlWithScheme(['https', 'http']).default('https://api.twilio.com')),
  SMS_ACCOUNT_SID: optionalText,
  /** Never logged; shown as *** when the configuration is refused (the name holds TOKEN). */
  SMS_AUTH_TOKEN: optionalText,
  /** The sending number in E.164 (+15551234567) or an alphanumeric sender id where allowed. */
  SMS_FROM: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(
        /^(?:\+[1-9]\d{6,14}|[A-Za-z0-9 ]{1,11})$/,
        'must be a number in international form such as +15551234567, or a sender id of up to 11 letters and digits',
      )
      .optional(),
  ),
  /**
   * Hosts (names or IP addresses, comma-separated) the guarded outbound fetcher may call although
   * they are private or local (security/outbound-fetch.ts): an SMS gateway on the shop's own
   * network. Empty: public addresses only.
   */
  OUTBOUND_PRIVATE_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) =>
          host
            .trim()
            .replace(/^\[|\]$/g, '')
            .toLowerCase(),
        )
        .filter(Boolean),
    ),
  /**
   * Which proxies in front of the server may say who the client is (X-Forwarded-For): off (the
   * default: the connection's own address is the client's), a hop count (`1`: the one proxy in
   * front), or proxy addresses and CIDR ranges, comma-separated (`127.0.0.1,10.0.0.0/8`; also
   * `loopback`, `linklocal`, `uniquelocal`). Never "trust everyone": a forged header would pass
   * the address allowlist (security/trust-proxy.ts, docs/operations.md#behind-a-proxy).
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'string') {
        context.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  /**
   * Turns the staff address allowlist's enforcement off (docs/operations.md#locked-out-by-the-address-allowlist):
   * the way back in for an owner whose own address is no longer on the list. Logged as a warning at start.
   */
  ADMIN_IP_ALLOWLIST_BYPASS: booleanFlag(false),
  // The lines under Add to cart on the product page; an empty value hides that line.
  DELIVERY_NOTE: z.string().trim().max(200).default('Delivery across Lebanon in 1–3 working days, cash on delivery.'),
  RETURNS_NOTE: z.string().trim().max(200).default('Returns within 7 days, unused and in the original packaging.'),
  WARRANTY_NOTE: z.string().trim().max(200).default("Covered by the maker's warranty; ask us for the terms."),
  SEED_DEMO_DATA: booleanFlag(true),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  /** Orders one IP may place (POST /orders) per 10 minutes; staff entering orders are not counted. */
  ORDER_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /**
   * Promo code attempts one IP may make per 10 minutes: every POST /promo-codes/validate, and each
   * unknown code sent to POST /orders/calculate or POST /orders (docs/product.md#rate-limits).
   */
  PROMO_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** Accounts one IP may create per hour (POST /account/signup, POST /auth/register; docs/product.md#rate-limits). */
  SIGNUP_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(5),
  /** Sign-in attempts (right or wrong) one IP may make per 15 minutes, staff and shoppers (docs/product.md#rate-limits). */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(30),
  // Feature flags of docs/product.md#feature-flags (build defaults: on, except mock data and dev mode).
  FEATURE_ADMIN_PANEL: booleanFlag(true),
  FEATURE_WHATSAPP: booleanFlag(true),
  FEATURE_CONTACT_FORM: booleanFlag(true),
  FEATURE_MARKETPLACE_IMPORT: booleanFlag(true),
  FEATURE_SEARCH: booleanFlag(true),
  FEATURE_MOCK_DATA: booleanFlag(false),
  FEATURE_DEV_MODE: booleanFlag(false),
});

export type Env = z.infer<typeof ConfigSchema>;

export interface Config extends Env {
  /** Absolute paths derived from DATA_DIR. */
  paths: { dataDir: string; database: string; uploads: string; outbox: string };
  /** Where the built web app lives (dist/web); absent in API-only test apps. */
  webDistDir: string;
  /** The server-rendering build of the same app (decision 009). */
  webSsrDir: string;
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError with one line per bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const got = env[name];
      const shown =
        got === undefined
          ? ''
          : ` (got "${name.includes('SECRET') || name.includes('PASSWORD') || name.includes('TOKEN') ? '***' : got}")`;
      return `Invalid configuration: ${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(lines.join('\n'));
  }
  const dataDir = path.resolve(cwd, result.data.DATA_DIR);
  return {
    ...result.data,
    paths: {
      dataDir,
      database: path.join(dataDir, 'db'),
      uploads: path.join(dataDir, 'uploads'),
      outbox: path.join(dataDir, 'outbox'),
    },
    webDistDir: path.resolve(cwd, 'dist/web'),
    webSsrDir: path.resolve(cwd, 'dist/ssr'),
  };
}
