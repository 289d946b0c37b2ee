import { z } from 'zod';
import { EXPIRY_DURATION_PATTERN } from '../duration.ts';
import { ORDER_STATUSES } from './orders.ts';
import { safeText } from './text.ts';

/**
 * Auth and staff accounts (docs/product.md#users-and-roles, docs/product.md#tokens,
 * docs/product.md#signing-in, docs/product.md#auth-endpoints, docs/product.md#admin-endpoints). The
 * server answers with these shapes; the admin panel reads them.
 */

export const USER_ROLES = ['customer', 'admin', 'super_admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/**
 * Roles allowed into the admin panel, the admin API and the real-time namespace
 * (docs/product.md#roles-and-permissions).
 */
export const STAFF_ROLES = ['admin', 'super_admin'] as const satisfies readonly UserRole[];

export function isStaffRole(role: UserRole): boolean {
  return (STAFF_ROLES as readonly UserRole[]).includes(role);
}

/** docs/product.md#signing-in: sign-in trims and lowercases the email. */
export const EmailSchema = safeText()
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ message: 'Enter a valid email address' }));

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * A new password: long enough to resist guessing, and not one kind of character only
 * (letters alone or digits alone). Length matters more than symbols, so that is the main rule.
 */
export const NewPasswordSchema = safeText()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine((value) => /[A-Za-z]/.test(value) && /[^A-Za-z]/.test(value), {
    message: 'Password must contain letters and at least one number or symbol',
  });

export const LoginRequestSchema = z.object({
  email: EmailSchema,
  // Checked, not judged: an old password that no longer meets NewPasswordSchema still signs in.
  password: safeText().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const RegisterRequestSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  name: safeText().trim().min(1, 'Enter your name').max(100).optional(),
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

export const RefreshRequestSchema = z.object({
  refreshToken: safeText().min(1, 'refreshToken is required').max(512),
});
export type RefreshRequest = z.infer<typeof RefreshRequestSchema>;

/** POST /auth/logout: the bearer token names the session; a refresh token may be sent instead or as well. */
export const LogoutRequestSchema = z.object({ refreshToken: safeText().max(512).optional() }).optional();

export const ChangePasswordRequestSchema = z.object({
  currentPassword: safeText().min(1, 'Enter your current password').max(PASSWORD_MAX_LENGTH),
  newPassword: NewPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** PUT /auth/me: only these two; role, email and status are not the user's to change. */
export const UpdateProfileRequestSchema = z
  .object({
    name: safeText().trim().min(1, 'Enter your name').max(100, 'Name must be at most 100 characters').optional(),
    avatar_url: safeText()
      .trim()
      .max(2048)
      .refine((value) => value === '' || value.startsWith('/uploads/') || /^https:\/\//.test(value), {
        message: 'Avatar must be an uploaded image or an https:// address',
      })
      .nullable()
      .optional(),
  })
  .strict();
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;

/** docs/product.md#users-and-roles: id, email, name, role, avatar_url, created_at (plus status and last sign-in). */
export const AuthUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
  avatar_url: z.string().nullable(),
  is_active: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type AuthUser = z.infer<typeof AuthUserSchema>;

/**
 * docs/product.md#tokens (also the answer to register and refresh). `token` is a short-lived access
 * JWT; `expiresIn` is its life as an expiry duration (docs/product.md#expiry-durations; "15m": a
 * number followed by d, h, m or s; the client stores arrival time + that duration, 7 days when it
 * cannot read it); `refreshToken` is opaque, single-use, and lives for JWT_EXPIRES_IN.
 */
export const LoginResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  expiresIn: z.string().regex(EXPIRY_DURATION_PATTERN),
  user: AuthUserSchema,
  /**
   * Staff sessions only: how long the panel may sit without the admin's activity before it stops
   * refreshing and signs out (the security configuration's sessions.admin_idle_timeout_minutes, as
   * an expiry duration: "720m"); the server refuses a refresh token left unused that long.
   */
  idleTimeout: z.string().regex(EXPIRY_DURATION_PATTERN).optional(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** Error codes the auth endpoints use beyond the common ones. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  tokenExpired: 'Your session has expired. Please sign in again.',
  unauthorized: 'Authentication required',
  forbidden: 'You do not have permission to perform this action',
  invalidRefreshToken: 'Your session is no longer valid. Please sign in again.',
  wrongCurrentPassword: 'Current password is incorrect',
  cannotDisableSelf: 'You cannot disable your own account',
} as const;

export const AdminUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  search: safeText().trim().max(200).optional(),
  /** Staff only: shoppers are managed under Customers (docs/product.md#accounts-in-the-admin). */
  role: z.enum(STAFF_ROLES).optional(),
  is_active: z.enum(['true', 'false']).optional(),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;

export const UserStatusRequestSchema = z.object({ is_active: z.boolean() });

/** GET /admin/stats: the dashboard home. Money in dollars (2 decimals); "today" in the shop's UTC day. */
export const AdminStatsSchema = z.object({
  today: z.object({ orders: z.number().int(), revenue: z.number() }),
  pending_orders: z.number().int(),
  low_stock_count: z.number().int(),
  out_of_stock_count: z.number().int(),
  active_products: z.number().int(),
  recent_orders: z.array(
    z.object({
      id: z.string(),
      order_number: z.string(),
      customer_name: z.string(),
      total: z.number(),
      status: z.enum(ORDER_STATUSES),
      item_count: z.number().int(),
      created_at: z.string(),
    }),
  ),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

/** How many latest orders the dashboard lists. */
export const DASHBOARD_RECENT_ORDERS = 8;
