import { z } from 'zod';
import { BACKUP_CODE_COUNT, FactorCodeSchema } from './accounts.ts';
import { LoginResponseSchema, PASSWORD_MAX_LENGTH } from './auth.ts';
import { safeText } from './text.ts';

/**
 * Staff two-step sign-in (docs/product.md#staff-two-step-sign-in). On the same TOTP machinery as
 * the shoppers' (src/server/two-factor/), with a challenge of its own audience.
 *
 * Signed in as staff (the admin scope):
 * - GET  /admin/security/2fa                → StaffTwoFactorStatus
 * - POST /admin/security/2fa/setup          → StaffTwoFactorSetup (not live yet; 409 when already on)
 * - POST /admin/security/2fa/verify         StaffTwoFactorVerifyRequest → StaffTwoFactorStatus (turns it on)
 * - POST /admin/security/2fa/disable        StaffTwoFactorProof → StaffTwoFactorStatus
 * - POST /admin/security/2fa/backup-codes   StaffTwoFactorProof → StaffBackupCodes (the old ones die)
 *
 * Signing in (no session yet):
 * - POST /auth/login                         → LoginResponse | StaffTwoFactorChallenge | StaffEnrolmentChallenge
 * - POST /auth/login/two-factor              StaffSecondStepRequest → LoginResponse
 * - POST /auth/login/two-factor/setup        StaffEnrolmentSetupRequest → StaffTwoFactorSetup
 * - POST /auth/login/two-factor/enrol        StaffEnrolmentVerifyRequest → LoginResponse
 */

/** A code from the authenticator app: 6 digits (spaces ignored). */
export const StaffTotpCodeSchema = safeText({ error: 'Enter the 6-digit code from your authenticator app' })
  .transform((value) => value.replace(/\s/g, ''))
  .refine((value) => /^\d{6}$/.test(value), 'Enter the 6-digit code from your authenticator app');

/** A code from the app, or a backup code (`xxxxx-xxxxx`). */
export const StaffFactorCodeSchema = FactorCodeSchema;

export const StaffPasswordProofSchema = safeText({ error: 'Enter your password' })
  .min(1, 'Enter your password')
  .max(PASSWORD_MAX_LENGTH);

export const StaffTwoFactorSetupSchema = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** The otpauth:// URI as an SVG QR code (a data: URL image). */
  qrCode: z.string(),
  /** Shown this once; they work once two-step sign-in is on. */
  backupCodes: z.array(z.string()).length(BACKUP_CODE_COUNT),
});
export type StaffTwoFactorSetup = z.infer<typeof StaffTwoFactorSetupSchema>;

export const StaffTwoFactorVerifyRequestSchema = z.strictObject({ token: StaffTotpCodeSchema });
export type StaffTwoFactorVerifyRequest = z.infer<typeof StaffTwoFactorVerifyRequestSchema>;

/** Turning it off or new backup codes: a current code (or a backup code), or the password. */
export const StaffTwoFactorProofSchema = z
  .strictObject({ code: StaffFactorCodeSchema.optional(), password: StaffPasswordProofSchema.optional() })
  .refine((value) => Boolean(value.code || value.password), {
    message: 'Enter a code from your authenticator app, or your password',
    path: ['code'],
  });
export type StaffTwoFactorProof = z.infer<typeof StaffTwoFactorProofSchema>;

export const StaffBackupCodesSchema = z.object({ backupCodes: z.array(z.string()).length(BACKUP_CODE_COUNT) });
export type StaffBackupCodes = z.infer<typeof StaffBackupCodesSchema>;

export const StaffTwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.iso.datetime({ offset: true }).nullable(),
  /** Unused backup codes left (0 while off). */
  backupCodesLeft: z.number().int(),
  /** The security configuration asks every staff member to use it (two_factor.required_for_admins). */
  required: z.boolean(),
});
export type StaffTwoFactorStatus = z.infer<typeof StaffTwoFactorStatusSchema>;

// ---------------------------------------------------------------------------------------------
// Signing in.

const ChallengeTokenSchema = safeText({ error: 'This sign-in has expired. Sign in again.' })
  .min(1, 'This sign-in has expired. Sign in again.')
  .max(2000);

/** The password was right and two-step sign-in is on: the code comes next, within `expires_in` seconds. */
export const StaffTwoFactorChallengeSchema = z.object({
  two_factor_required: z.literal(true),
  challenge_token: z.string(),
  expires_in: z.number().int(),
});
export type StaffTwoFactorChallenge = z.infer<typeof StaffTwoFactorChallengeSchema>;

/** The password was right, two-step sign-in is required and not on yet: turn it on, then the session. */
export const StaffEnrolmentChallengeSchema = z.object({
  two_factor_enrolment_required: z.literal(true),
  challenge_token: z.string(),
  expires_in: z.number().int(),
});
export type StaffEnrolmentChallenge = z.infer<typeof StaffEnrolmentChallengeSchema>;

/** What POST /auth/login answers: a session, or one of the two challenges. */
export const StaffLoginAnswerSchema = z.union([
  LoginResponseSchema,
  StaffTwoFactorChallengeSchema,
  StaffEnrolmentChallengeSchema,
]);
export type StaffLoginAnswer = z.infer<typeof StaffLoginAnswerSchema>;

export const StaffSecondStepRequestSchema = z.strictObject({
  challenge_token: ChallengeTokenSchema,
  code: StaffFactorCodeSchema,
});
export type StaffSecondStepRequest = z.infer<typeof StaffSecondStepRequestSchema>;

export const StaffEnrolmentSetupRequestSchema = z.strictObject({ challenge_token: ChallengeTokenSchema });

export const StaffEnrolmentVerifyRequestSchema = z.strictObject({
  challenge_token: ChallengeTokenSchema,
  token: StaffTotpCodeSchema,
});
export type StaffEnrolmentVerifyRequest = z.infer<typeof StaffEnrolmentVerifyRequestSchema>;

/** How long a sign-in's second step may take, and an enrolment at sign-in (setting up the app takes longer). */
export const STAFF_CHALLENGE_SECONDS = 300;
export const STAFF_ENROLMENT_CHALLENGE_SECONDS = 900;
