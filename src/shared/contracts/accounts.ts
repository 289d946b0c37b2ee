import { z } from 'zod';
import { normalizePhone, PHONE_MESSAGE } from '../phone.ts';
import { EmailSchema, PASSWORD_MAX_LENGTH } from './auth.ts';
import { IdSchema, PageQuerySchema } from './common.ts';
import {
  GovernorateSchema,
  ORDER_STATUSES,
  OrderSchema,
  PAYMENT_STATUSES,
  ShippingAddressInputSchema,
} from './orders.ts';
import { safeText } from './text.ts';

/**
 * Shopper accounts (docs/product.md#shopper-accounts, decision 013). Guests still check out
 * without one. Every endpoint below sits under the API base (`/api`):
 *
 * Public (no token):
 * - POST /account/signup            SignUpRequest        → 201 { data: SignInResult }
 * - POST /account/token             TokenRequest         → { data: SignInResult }  (grant_type password | refresh_token)
 * - POST /account/otp               OtpRequest           → 202 { data: { sent: true } }  (a sign-in code to a verified contact, sent after the answer)
 * - POST /account/verify            VerifyRequest        → { data: SignInResult } for `sign_in`; { data: { user } } for `email_link`
 * - POST /account/recover           RecoverRequest       → 202 { data: { sent: true } }
 * - POST /account/recover/complete  CompleteRecoveryRequest → 204
 * - POST /account/mfa/verify        MfaVerifyRequest     → { data: SignInResult }
 *
 * Signed in as a shopper (bearer access token with a shopper session):
 * - POST /account/logout            LogoutRequest        → 204 (scope local: this device; global: every device)
 * - GET  /account/user                                   → { data: ShopperUser }
 * - PUT  /account/user              UpdateShopperRequest → { data: ShopperUser }
 * - POST /account/resend            ResendRequest        → 202 { data: { sent: true } }
 * - POST /account/verify-phone      VerifyPhoneRequest   → { data: ShopperUser }
 * - POST /account/change-password   ChangeShopperPasswordRequest → 204 (other devices signed out)
 * - POST /account/factors           (enrol)              → { data: TotpEnrolment }
 * - POST /account/factors/verify    FactorCodeRequest    → { data: { backup_codes } }  (turns two-step on)
 * - POST /account/factors/backup-codes ReauthRequest     → { data: { backup_codes } }  (new set, old ones die)
 * - DELETE /account/factors         ReauthRequest        → 204 (two-step off)
 * - GET  /account/sessions                               → { data: AccountDevice[] }
 * - DELETE /account/sessions/{id}                        → 204
 * - DELETE /account                 ReauthRequest        → 204 (anonymised like an admin's customer delete)
 * - GET/POST /account/addresses, PUT/DELETE /account/addresses/{id}
 * - GET /orders (paginated, this shopper's), GET /orders/{id}
 * - GET /cart, POST /cart/items, PUT /cart/items/{id}, DELETE /cart/items/{id} (contracts/cart.ts)
 */

/** docs/product.md#shopper-accounts: the words of the spec when neither contact is given. */
export const MISSING_CONTACT_MESSAGE = 'You must provide either an email or phone number and a password';

export const ACCOUNT_MESSAGES = {
  missingContact: MISSING_CONTACT_MESSAGE,
  invalidCredentials: 'Invalid login credentials',
  duplicateEmail: 'An account with this email already exists',
  duplicatePhone: 'An account with this phone number already exists',
  invalidCode: 'This code is wrong or has expired. Request a new one.',
  invalidLink: 'This link is invalid or has expired. Request a new one.',
  /** An email link opened signed out, on an account whose phone is proved (decision 018). */
  signInToConfirm: 'Sign in to your account on this device, then open the link again.',
  accountDisabled: 'This account has been disabled. Contact the shop for help.',
  sessionMissing: 'Auth session missing!',
  wrongPassword: 'Your password is incorrect',
  codeSent: 'If an account exists for this address, we have sent it a code.',
  tooManyCodes: 'Too many codes requested. Please wait before asking for another.',
} as const;

/** One-time codes: 6 digits, 10 minutes, single use (docs/product.md#shopper-accounts). */
export const ONE_TIME_CODE_LENGTH = 6;
export const ONE_TIME_CODE_TTL_MS = 10 * 60_000;
/** Wrong guesses allowed on one code before it dies. */
export const ONE_TIME_CODE_MAX_ATTEMPTS = 5;
/** Email verification and recovery links live this long. */
export const EMAIL_LINK_TTL_MS = 24 * 60 * 60_000;
export const BACKUP_CODE_COUNT = 10;

/** A phone as typed; normalised to E.164 (+961 rules of #shared/phone.ts). */
export const AccountPhoneSchema = safeText()
  .trim()
  .max(40)
  .transform((value, ctx) => {
    const normalized = normalizePhone(value);
    if (!normalized) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return normalized;
  });

/** Empty strings count as "not given", as forms send them. */
const optionalContact = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

const contactFields = {
  email: optionalContact(EmailSchema),
  phone: optionalContact(AccountPhoneSchema),
};

const requireContact = (value: { email?: string; phone?: string }, ctx: z.RefinementCtx) => {
  if (!value.email && !value.phone) ctx.addIssue({ code: 'custom', message: MISSING_CONTACT_MESSAGE, path: [] });
};

/** Checked, not judged: the strength rules apply when a password is set (server: password-strength). */
const PasswordInputSchema = safeText().max(
  PASSWORD_MAX_LENGTH,
  `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
);

export const SignUpRequestSchema = z
  .object({
    ...contactFields,
    password: PasswordInputSchema,
    name: optionalContact(safeText().trim().min(1).max(100, 'Name must be at most 100 characters')),
  })
  .strict()
  .superRefine((value, ctx) => {
    if ((!value.email && !value.phone) || !value.password) {
      ctx.addIssue({ code: 'custom', message: MISSING_CONTACT_MESSAGE, path: [] });
    }
  });
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

export const TokenRequestSchema = z.discriminatedUnion('grant_type', [
  z
    .object({ grant_type: z.literal('password'), ...contactFields, password: PasswordInputSchema })
    .strict()
    .superRefine((value, ctx) => {
      if ((!value.email && !value.phone) || !value.password) {
        ctx.addIssue({ code: 'custom', message: MISSING_CONTACT_MESSAGE, path: [] });
      }
    }),
  z.object({ grant_type: z.literal('refresh_token'), refresh_token: safeText().min(1).max(512) }).strict(),
]);
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

export const OtpRequestSchema = z.object(contactFields).strict().superRefine(requireContact);
export type OtpRequest = z.infer<typeof OtpRequestSchema>;

export const CodeSchema = safeText()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');

export const VerifyRequestSchema = z.discriminatedUnion('type', [
  /** Password-less sign-in with a code from POST /account/otp. */
  z
    .object({ type: z.literal('sign_in'), ...contactFields, code: CodeSchema })
    .strict()
    .superRefine(requireContact),
  /** The link in a verification email (`/account/verify-email?token=…` on the storefront). */
  z.object({ type: z.literal('email_link'), token: safeText().min(1).max(200) }).strict(),
]);
export type VerifyRequest = z.infer<typeof VerifyRequestSchema>;

export const RecoverRequestSchema = OtpRequestSchema;
export type RecoverRequest = z.infer<typeof RecoverRequestSchema>;

/** Finishes a recovery: the email link's token, or the phone and its code, plus the new password. */
export const CompleteRecoveryRequestSchema = z
  .object({
    token: safeText().min(1).max(200).optional(),
    phone: optionalContact(AccountPhoneSchema),
    code: CodeSchema.optional(),
    password: PasswordInputSchema,
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.token && !(value.phone && value.code)) {
      ctx.addIssue({ code: 'custom', message: 'Send the link token, or the phone number and its code', path: [] });
    }
  });
export type CompleteRecoveryRequest = z.infer<typeof CompleteRecoveryRequestSchema>;

/** A TOTP code from the authenticator app, or one of the backup codes (`xxxxx-xxxxx`). */
export const FactorCodeSchema = safeText()
  .trim()
  .min(6, 'Enter the code from your authenticator app or a backup code')
  .max(20);

export const MfaVerifyRequestSchema = z
  .object({ mfa_token: safeText().min(1).max(2000), code: FactorCodeSchema })
  .strict();
export type MfaVerifyRequest = z.infer<typeof MfaVerifyRequestSchema>;

export const LogoutRequestSchema = z
  .object({ scope: z.enum(['local', 'global']).default('local'), refresh_token: safeText().max(512).optional() })
  .strict();

export const UpdateShopperRequestSchema = z
  .object({
    name: safeText().trim().min(1, 'Enter your name').max(100, 'Name must be at most 100 characters').optional(),
    /** Changing a contact clears its verification and sends a new one; null removes it (one must stay). */
    email: z.union([EmailSchema, z.null()]).optional(),
    phone: z.union([AccountPhoneSchema, z.null()]).optional(),
    /**
     * The account's current password: required when `email` or `phone` changes (400 naming
     * `current_password` without it or when wrong); not needed for a name alone.
     */
    current_password: safeText().max(PASSWORD_MAX_LENGTH).optional(),
  })
  .strict();
export const CONTACT_CHANGE_PASSWORD_MESSAGE = 'Enter your current password to change your email or phone';
export type UpdateShopperRequest = z.infer<typeof UpdateShopperRequestSchema>;

export const ResendRequestSchema = z.object({ type: z.enum(['verify_email', 'verify_phone']) }).strict();
export const VerifyPhoneRequestSchema = z.object({ code: CodeSchema }).strict();

export const ChangeShopperPasswordRequestSchema = z
  .object({
    currentPassword: safeText().min(1, 'Enter your current password').max(PASSWORD_MAX_LENGTH),
    newPassword: PasswordInputSchema,
  })
  .strict();
export type ChangeShopperPasswordRequest = z.infer<typeof ChangeShopperPasswordRequestSchema>;

/** Re-authentication for sensitive changes: the password, or a current two-step code. */
export const ReauthRequestSchema = z
  .object({ password: safeText().max(PASSWORD_MAX_LENGTH).optional(), code: FactorCodeSchema.optional() })
  .strict()
  .refine((value) => Boolean(value.password || value.code), {
    message: 'Enter your password to confirm',
    path: ['password'],
  });
export const FactorCodeRequestSchema = z.object({ code: CodeSchema }).strict();

export const ShopperUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string(),
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
  two_factor_enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShopperUser = z.infer<typeof ShopperUserSchema>;

/** The "Auth session" of docs/product.md#shopper-session-in-the-browser: the shape a GoTrue-style client keeps. expires_in in seconds, expires_at in Unix seconds. */
export const ShopperSessionSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
  expires_at: z.number().int(),
  token_type: z.literal('bearer'),
  user: ShopperUserSchema,
});
export type ShopperSession = z.infer<typeof ShopperSessionSchema>;

/**
 * A sign-in's answer: a session, or (two-step sign-in on) a challenge to answer at
 * POST /account/mfa/verify within 5 minutes.
 */
export const SignInResultSchema = z.object({
  session: ShopperSessionSchema.nullable(),
  mfa_challenge: z.object({ mfa_token: z.string(), expires_in: z.number().int() }).nullable(),
});
export type SignInResult = z.infer<typeof SignInResultSchema>;

export const SentSchema = z.object({ sent: z.literal(true) });

export const TotpEnrolmentSchema = z.object({
  /** Base32 secret, for typing into an app by hand. */
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The URI as an SVG QR code (a data: URL). */
  qr_code: z.string(),
});
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;

export const BackupCodesSchema = z.object({ backup_codes: z.array(z.string()).length(BACKUP_CODE_COUNT) });

export const AccountDeviceSchema = z.object({
  /** The session family. */
  id: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  signed_in_at: z.string(),
  last_active_at: z.string(),
  current: z.boolean(),
});
export type AccountDevice = z.infer<typeof AccountDeviceSchema>;

export const ADDRESS_BOOK_LIMIT = 20;

export const AccountAddressInputSchema = ShippingAddressInputSchema.extend({
  label: safeText().trim().min(1, 'Give this address a name').max(60, 'Name must be at most 60 characters'),
  is_default: z.boolean().optional(),
}).strict();
export type AccountAddressInput = z.infer<typeof AccountAddressInputSchema>;

export const AccountAddressSchema = z.object({
  id: z.string(),
  label: z.string(),
  city: z.string(),
  street: z.string(),
  building: z.string().optional(),
  floor: z.string().optional(),
  notes: z.string().optional(),
  /** The delivery zone; absent on addresses saved before zones (checkout then asks it). */
  governorate: GovernorateSchema.optional(),
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AccountAddress = z.infer<typeof AccountAddressSchema>;

export const AccountIdParamsSchema = z.object({ id: IdSchema });

/** Address book messages (docs/product.md#account-area). */
export const ADDRESS_MESSAGES = {
  limit: `Your address book is full (${ADDRESS_BOOK_LIMIT} addresses). Delete one to add another.`,
} as const;

/** GET /orders for the signed-in shopper: newest first, 10 a page unless asked. */
export const ShopperOrdersQuerySchema = PageQuerySchema.extend({
  limit: PageQuerySchema.shape.limit.unwrap().default(10),
}).strict();
export type ShopperOrdersQuery = z.infer<typeof ShopperOrdersQuerySchema>;

/** One row of the shopper's order history. */
export const ShopperOrderSummarySchema = z.object({
  id: z.string(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  total: z.number(),
  /** Units, not lines: 2 cables and 1 board are 3 items. */
  item_count: z.number().int(),
  /** The first line's image, for a thumbnail; null when it has none. */
  image: z.string().nullable(),
  created_at: z.string(),
});
export type ShopperOrderSummary = z.infer<typeof ShopperOrderSummarySchema>;

/**
 * A status the order went through and when (the admin's notes and who did it stay in the admin
 * panel); `kind: 'out_for_delivery'` is the shipped order's delivery step (status `shipped`).
 */
export const ShopperOrderEventSchema = z.object({
  kind: z.enum(['status', 'out_for_delivery']),
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
});
export type ShopperOrderEvent = z.infer<typeof ShopperOrderEventSchema>;

/** GET /orders/{id} for the signed-in shopper: the order as the confirmation page shows it, plus its timeline. */
export const ShopperOrderSchema = OrderSchema.omit({ access_token: true }).extend({
  history: z.array(ShopperOrderEventSchema),
});
export type ShopperOrder = z.infer<typeof ShopperOrderSchema>;

/** The admin's view of a customer's account (docs/product.md#shopper-accounts, Admin). */
export const CustomerAccountSchema = z.object({
  user_id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
  two_factor_enabled: z.boolean(),
  is_active: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type CustomerAccount = z.infer<typeof CustomerAccountSchema>;
