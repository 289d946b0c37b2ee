import { z } from 'zod';
import { PageQuerySchema, QueryBooleanSchema } from './common.ts';
import { safeText } from './text.ts';

/**
 * Staff security (docs/product.md#staff-security): the configuration, the security alerts and the
 * address allowlist. Staff accounts and invitations are in contracts/staff.ts, staff two-step
 * sign-in in contracts/staff-two-factor.ts, the audit log in contracts/audit.ts.
 *
 * - GET  /admin/security/config              → SecurityConfig
 * - PUT  /admin/security/config              SecurityConfigPatch → SecurityConfig
 * - GET  /admin/security/alerts              ?resolved&severity&type&page&limit → page of SecurityAlert
 * - POST /admin/security/alerts/{id}/resolve → SecurityAlert
 * - GET  /admin/security/ip-whitelist        → { entries: AllowlistEntry[], your_ip }
 * - POST /admin/security/ip-whitelist        AllowlistEntryRequest → AllowlistEntry
 * - DELETE /admin/security/ip-whitelist/{id} → 204
 *
 * The configuration is stored as the `security` section of the shop settings (decision 029's
 * storage: one row, read from memory by every process, refreshed by notification); every switch
 * is read by the code that enforces it.
 */

// ---------------------------------------------------------------------------------------------
// Configuration.

const flag = (label: string) => z.boolean({ error: `${label} must be on or off (true or false)` });

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/**
 * The shortest staff password the policy may ask for: the floor every password the shop stores
 * already meets (docs/product.md#passwords), so a policy can only make passwords stronger.
 */
export const PASSWORD_MIN_LENGTH_FLOOR = 12;

export const SecurityConfigSchema = z.object({
  two_factor: z.object({
    /** Every staff member must use two-step sign-in; one without it enrols at their next sign-in. */
    required_for_admins: flag('Two-step sign-in for every staff member'),
  }),
  /** Staff passwords set from now on (invitation, change of password); existing ones stay valid. */
  password_policy: z.object({
    min_length: wholeNumber('Minimum password length', PASSWORD_MIN_LENGTH_FLOOR, 128),
    require_upper: flag('Require an upper-case letter'),
    require_lower: flag('Require a lower-case letter'),
    require_number: flag('Require a number'),
    require_symbol: flag('Require a symbol'),
  }),
  sessions: z.object({
    /** A staff session with no activity for this long ends (its refresh token is refused). */
    admin_idle_timeout_minutes: wholeNumber('Idle timeout (minutes)', 15, 43_200),
    /** Live sessions per staff member: a new sign-in ends the oldest beyond this. */
    max_sessions_per_admin: wholeNumber('Sessions per staff member', 1, 50),
  }),
  access: z.object({
    /** Failed sign-ins before the account (or the address) is locked. */
    max_login_attempts: wholeNumber('Sign-in attempts before lockout', 3, 100),
    /** How long a lockout lasts, and the window failures are counted in. */
    lockout_minutes: wholeNumber('Lockout (minutes)', 1, 1_440),
  }),
  ip_allowlist: z.object({
    /** Staff routes, the admin socket and the hidden sign-in route answer listed addresses only. */
    enabled: flag('Address allowlist'),
  }),
  monitoring: z.object({
    /** Alert when a staff member signs in from an address never seen for them. */
    alert_on_new_ip: flag('Alert on a sign-in from a new address'),
    /** Failed sign-ins on one account within the lockout window that raise an alert (0: never). */
    alert_on_failed_logins_threshold: wholeNumber('Failed sign-ins that raise an alert', 0, 1_000),
  }),
  audit: z.object({
    /** Audit entries older than this are deleted by the daily retention run. */
    retention_days: wholeNumber('Keep the audit log (days)', 30, 3_650),
  }),
});
export type SecurityConfig = z.infer<typeof SecurityConfigSchema>;

export const DEFAULT_SECURITY_CONFIG: SecurityConfig = {
  two_factor: { required_for_admins: false },
  password_policy: {
    min_length: PASSWORD_MIN_LENGTH_FLOOR,
    require_upper: false,
    require_lower: false,
    require_number: false,
    require_symbol: false,
  },
  sessions: { admin_idle_timeout_minutes: 720, max_sessions_per_admin: 10 },
  access: { max_login_attempts: 10, lockout_minutes: 15 },
  ip_allowlist: { enabled: false },
  monitoring: { alert_on_new_ip: true, alert_on_failed_logins_threshold: 5 },
  audit: { retention_days: 365 },
};

/** Entries the address allowlist may hold (each staff request is matched against all of them). */
export const ALLOWLIST_MAX_ENTRIES = 100;

export const SECURITY_MESSAGES = {
  /** 409: enabling the allowlist (or removing an entry) would shut out the caller. */
  allowlistExcludesYou: (ip: string) =>
    `Your current address ${ip} is not on the allowlist: add it first, or you would be locked out`,
  allowlistEmpty: 'Add at least one address before turning the allowlist on',
  /** 403 on a staff route from an address not on the list. */
  addressNotAllowed: 'Staff access is not allowed from this address',
  alertNotFound: 'Alert not found',
  alertAlreadyResolved: 'This alert is already resolved',
  entryNotFound: 'Allowlist entry not found',
  entryExists: 'This address or range is already on the allowlist',
  /** 400: not one IPv4/IPv6 address or CIDR range. */
  invalidAddress: 'Enter one IPv4 or IPv6 address (203.0.113.7) or a range in CIDR form (203.0.113.0/24)',
  allowlistFull: `The allowlist holds at most ${ALLOWLIST_MAX_ENTRIES} entries: remove one first, or use a range`,
} as const;

// ---------------------------------------------------------------------------------------------
// Alerts.

export const SECURITY_ALERT_TYPES = ['login', 'access', 'security', 'system'] as const;
export type SecurityAlertType = (typeof SECURITY_ALERT_TYPES)[number];
export const SECURITY_ALERT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type SecurityAlertSeverity = (typeof SECURITY_ALERT_SEVERITIES)[number];

export const SecurityAlertSchema = z.object({
  id: z.uuid(),
  type: z.enum(SECURITY_ALERT_TYPES),
  severity: z.enum(SECURITY_ALERT_SEVERITIES),
  title: z.string(),
  description: z.string(),
  ip_address: z.string().nullable(),
  user_id: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  resolved: z.boolean(),
  resolved_by: z.string().nullable(),
  /** The name of the staff member who resolved it (null while open, or once they are removed). */
  resolved_by_name: z.string().nullable(),
  resolved_at: z.iso.datetime({ offset: true }).nullable(),
});
export type SecurityAlert = z.infer<typeof SecurityAlertSchema>;

/** GET /admin/security/alerts: newest first; `resolved=false` is the open ones. */
export const SecurityAlertListQuerySchema = PageQuerySchema.extend({
  resolved: QueryBooleanSchema.optional(),
  severity: z
    .enum(SECURITY_ALERT_SEVERITIES, { error: `Severity must be one of ${SECURITY_ALERT_SEVERITIES.join(', ')}` })
    .optional(),
  type: z.enum(SECURITY_ALERT_TYPES, { error: `Type must be one of ${SECURITY_ALERT_TYPES.join(', ')}` }).optional(),
});
export type SecurityAlertListQuery = z.infer<typeof SecurityAlertListQuerySchema>;

/** Bulk deletes of more items than this at once raise a `security` alert. */
export const BULK_DELETE_ALERT_OVER = 20;

// ---------------------------------------------------------------------------------------------
// Address allowlist.

export const AllowlistEntrySchema = z.object({
  id: z.uuid(),
  ip_address: z.string(),
  description: z.string(),
  created_by: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  last_used_at: z.iso.datetime({ offset: true }).nullable(),
  active: z.boolean(),
});
export type AllowlistEntry = z.infer<typeof AllowlistEntrySchema>;

/** GET /admin/security/ip-whitelist: the entries (oldest first) and the address this request came from. */
export const AllowlistSchema = z.object({
  entries: z.array(AllowlistEntrySchema),
  /** The caller's address as the server sees it (through TRUST_PROXY): what "Add my current address" adds. */
  your_ip: z.string(),
});
export type Allowlist = z.infer<typeof AllowlistSchema>;

export const AllowlistEntryRequestSchema = z.strictObject({
  /** One IPv4 or IPv6 address, or a CIDR range; checked with ipaddr.js on the server. */
  ip_address: safeText({ error: 'Address is required' })
    .trim()
    .min(1, 'Address is required')
    .max(64, 'Address must be at most 64 characters'),
  description: safeText({ error: 'Description must be text' })
    .trim()
    .max(200, 'Description must be at most 200 characters')
    .default(''),
});
export type AllowlistEntryRequest = z.infer<typeof AllowlistEntryRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Password policy: one rule set for the server (which refuses) and the forms (which show it).

export type PasswordPolicy = SecurityConfig['password_policy'];

/** Every rule of the staff password policy this password breaks; empty when it meets them all. */
export function passwordPolicyReasons(password: string, policy: PasswordPolicy): string[] {
  const reasons: string[] = [];
  if ([...password].length < policy.min_length) {
    reasons.push(`Password must be at least ${policy.min_length} characters`);
  }
  if (policy.require_upper && !/\p{Lu}/u.test(password)) reasons.push('Password must contain an upper-case letter');
  if (policy.require_lower && !/\p{Ll}/u.test(password)) reasons.push('Password must contain a lower-case letter');
  if (policy.require_number && !/\p{Nd}/u.test(password)) reasons.push('Password must contain a number');
  if (policy.require_symbol && !/[^\p{L}\p{Nd}\s]/u.test(password)) reasons.push('Password must contain a symbol');
  return reasons;
}
