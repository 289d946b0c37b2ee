import type { AuditContext } from '#server/audit/audit-context.ts';
import type { AuthSettings } from '#server/auth/auth.service.ts';
import type { Db } from '#server/db/client.ts';
import type { UserRow } from '#server/users/users.mapper.ts';
import type { SignInResult } from '#shared/contracts/accounts.ts';
import { MFA_TOKEN_TTL_SECONDS, signMfaToken } from './mfa-token.ts';
import { startShopperSession } from './shopper-sessions.ts';

/**
 * What every successful first step (password, code, recovery) answers: a session, or, when the
 * account has two-step sign-in on, a challenge for POST /account/mfa/verify (docs/product.md#two-step-sign-in):
 * no session is started until the second step succeeds.
 */
export async function signInResultFor(
  db: Db,
  settings: AuthSettings,
  user: UserRow,
  context: AuditContext,
): Promise<SignInResult> {
  if (user.twoFactorEnabledAt) {
    return {
      session: null,
      mfa_challenge: { mfa_token: await signMfaToken(user.id, settings.jwtSecret), expires_in: MFA_TOKEN_TTL_SECONDS },
    };
  }
  return { session: await startShopperSession(db, settings, user, context), mfa_challenge: null };
}
