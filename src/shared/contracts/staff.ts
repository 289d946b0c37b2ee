import { z } from 'zod';
import { AuthUserSchema, EmailSchema, PASSWORD_MAX_LENGTH, STAFF_ROLES } from './auth.ts';
import { type PasswordPolicy, passwordPolicyReasons, SecurityConfigSchema } from './security.ts';
import { safeText } from './text.ts';

/**
 * Staff accounts and invitations (docs/product.md#staff-accounts). The admin panel and the server
 * share these shapes and words.
 *
 * Staff (admin scope):
 * - GET    /admin/users                          ?search&role&is_active&page&limit → page of StaffMember
 * - POST   /admin/users                          InviteStaffRequest → 201 StaffInvitation
 * - PUT    /admin/users/{id}                     UpdateStaffRequest → StaffMember
 * - DELETE /admin/users/{id}                     → 204
 * - PUT    /admin/users/{id}/status              { is_active } → StaffMember
 * - GET    /admin/users/invitations              → StaffInvitation[] (pending, not expired)
 * - POST   /admin/users/invitations/{id}/resend  → StaffInvitation (a new link; the old one dies)
 * - DELETE /admin/users/invitations/{id}         → 204
 *
 * Public (the invitation link's token is the only credential):
 * - GET  /auth/invitations/{token}  → InvitationPreview, or 404 (unknown) / 410 (expired, used)
 * - POST /auth/invitations/accept   AcceptInvitationRequest → 201 StaffMember (no session)
 */

/** An invitation link works this long (docs/product.md#staff-accounts). */
export const STAFF_INVITATION_TTL_HOURS = 72;
export const STAFF_INVITATION_TTL_MS = STAFF_INVITATION_TTL_HOURS * 60 * 60 * 1000;

/** Invitations (and resends) one staff member may send per hour. */
export const STAFF_INVITATIONS_PER_HOUR = 20;
/** Invitation link checks (GET and accept together) per client address per 15 minutes. */
export const STAFF_INVITATION_CHECKS_PER_WINDOW = 30;
export const STAFF_INVITATION_CHECK_WINDOW_MINUTES = 15;

export const STAFF_NAME_MAX = 100;

export const STAFF_MESSAGES = {
  emailIsStaff: 'This email already belongs to a staff account',
  emailIsShopper: 'This email belongs to a shopper account: a staff member needs an email no shopper account uses',
  lastSuperAdmin: 'The shop must keep at least one active super admin: make another staff member super admin first',
  cannotRemoveSelf: 'You cannot remove your own account',
  cannotChangeOwnRole: 'You cannot change your own role: ask another super admin',
  staffNotFound: 'Staff member not found',
  invitationNotFound: 'Invitation not found',
  /** 404 on the public link: unknown, replaced by a newer invitation or cancelled. */
  invitationUnknown:
    'This invitation link is not valid: it may have been replaced by a newer one or cancelled. Ask for a new invitation.',
  /** 410. */
  invitationExpired: 'This invitation has expired. Ask the person who invited you to send a new one.',
  /** 410. */
  invitationUsed: 'This invitation has already been used. Sign in with your email and password.',
  tooManyInvitations: 'Too many invitations sent. Please try again later.',
  tooManyChecks: 'Too many invitation attempts from this address. Please try again later.',
  passwordsDiffer: 'The passwords do not match',
} as const;

/** Invitations are for staff roles only (InviteStaffRequestSchema). */
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_STATUSES = ['active', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/** A row of the staff list: the account, its status, two-step sign-in and last sign-in with its address. */
export const StaffMemberSchema = AuthUserSchema.extend({
  status: z.enum(STAFF_STATUSES),
  /** Two-step sign-in is on (users.two_factor_enabled_at set). */
  two_factor_enabled: z.boolean(),
  /** The address of the last sign-in, if known. */
  last_login_ip: z.string().nullable(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

const StaffRoleSchema = z.enum(STAFF_ROLES, { error: 'Choose a role: admin or super admin' });

const StaffNameSchema = safeText({ error: 'Name must be text' })
  .trim()
  .min(1, 'Enter a name')
  .max(STAFF_NAME_MAX, `Name must be at most ${STAFF_NAME_MAX} characters`);

export const InviteStaffRequestSchema = z.strictObject({
  email: EmailSchema,
  /** Optional: the person may give their own when they accept; '' for none. */
  name: safeText({ error: 'Name must be text' })
    .trim()
    .max(STAFF_NAME_MAX, `Name must be at most ${STAFF_NAME_MAX} characters`)
    .default(''),
  role: StaffRoleSchema,
});
export type InviteStaffRequest = z.infer<typeof InviteStaffRequestSchema>;
export type InviteStaffInput = z.input<typeof InviteStaffRequestSchema>;

export const UpdateStaffRequestSchema = z
  .strictObject({ name: StaffNameSchema.optional(), role: StaffRoleSchema.optional() })
  .refine((value) => value.name !== undefined || value.role !== undefined, {
    message: 'Send a name or a role to change',
  });
export type UpdateStaffRequest = z.infer<typeof UpdateStaffRequestSchema>;

export const StaffInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  /** The inviting staff member's name (null once they were removed). */
  invited_by: z.string().nullable(),
  expires_at: z.iso.datetime({ offset: true }),
  created_at: z.iso.datetime({ offset: true }),
});
export type StaffInvitation = z.infer<typeof StaffInvitationSchema>;

/** The link's token: 43 base64url characters as issued; anything else is simply not found. */
export const InvitationTokenSchema = safeText({ error: 'The invitation token is required' })
  .trim()
  .min(1, 'The invitation token is required')
  .max(200, 'The invitation token is too long');

export const PasswordPolicySchema = SecurityConfigSchema.shape.password_policy;

/** What the invitation page shows before a password is chosen: who, as what, until when, and the rules. */
export const InvitationPreviewSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  expires_at: z.iso.datetime({ offset: true }),
  /** The shop's staff password policy, so the form can show its rules before the server judges. */
  password_policy: PasswordPolicySchema,
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

export const AcceptInvitationRequestSchema = z.strictObject({
  token: InvitationTokenSchema,
  // Judged by the server (the password rules and the shop's policy, every reason at once).
  password: safeText({ error: 'Choose a password' })
    .min(1, 'Choose a password')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  /** The name to use instead of the one the invitation gave; blank keeps it. */
  name: safeText({ error: 'Name must be text' })
    .trim()
    .max(STAFF_NAME_MAX, `Name must be at most ${STAFF_NAME_MAX} characters`)
    .optional(),
});
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequestSchema>;

/**
 * The accept form's rules (the admin sign-in page): the request's fields, the password confirmed,
 * and the shop's policy checked as typed. The server judges again, with the common-password rules.
 */
export function acceptInvitationFormSchema(policy: PasswordPolicy) {
  return z
    .object({
      name: AcceptInvitationRequestSchema.shape.name.unwrap(),
      password: AcceptInvitationRequestSchema.shape.password,
      confirm: safeText().min(1, 'Type the password again'),
    })
    .superRefine((value, ctx) => {
      const reasons = passwordPolicyReasons(value.password, policy);
      if (reasons[0]) ctx.addIssue({ code: 'custom', path: ['password'], message: reasons[0] });
      if (value.confirm && value.confirm !== value.password) {
        ctx.addIssue({ code: 'custom', path: ['confirm'], message: STAFF_MESSAGES.passwordsDiffer });
      }
    });
}
export type AcceptInvitationForm = z.infer<ReturnType<typeof acceptInvitationFormSchema>>;

/** The policy's rules in words, for the form to list ("At least 12 characters", "A number"…). */
export function passwordPolicyRules(policy: PasswordPolicy): string[] {
  return [
    `At least ${policy.min_length} characters`,
    ...(policy.require_upper ? ['An upper-case letter'] : []),
    ...(policy.require_lower ? ['A lower-case letter'] : []),
    ...(policy.require_number ? ['A number'] : []),
    ...(policy.require_symbol ? ['A symbol'] : []),
    'Not a common password, and not your email',
  ];
}
