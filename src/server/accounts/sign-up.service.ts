import type { AuditContext } from '#server/audit/audit-context.ts';
import type { AuthSettings } from '#server/auth/auth.service.ts';
import type { Db } from '#server/db/client.ts';
import { toAuthUser, type UserRow } from '#server/users/users.mapper.ts';
import type { SignUpRequest } from '#shared/contracts/accounts.ts';
import type { LoginResponse } from '#shared/contracts/auth.ts';
import { formatExpiryDuration } from '#shared/duration.ts';
import { signUpShopper } from './accounts.service.ts';
import { startShopperSession } from './shopper-sessions.ts';
import type { AccountMessenger } from './verification-delivery.ts';

/**
 * POST /account/signup and POST /auth/register: the account (strength and contact rules of
 * accounts.service.ts), then a link or code to each contact given. The shopper is signed in at
 * once; the contacts are proved later by what is sent now.
 */
export async function signUpAndSendVerification(
  db: Db,
  messenger: AccountMessenger,
  body: SignUpRequest,
  context: AuditContext,
): Promise<UserRow> {
  const user = await signUpShopper(db, body, context);
  if (user.email) await messenger.sendSecret(user, 'verify_email', 'email', context);
  if (user.phone) await messenger.sendSecret(user, 'verify_phone', 'sms', context);
  return user;
}

/**
 * POST /auth/register's answer (docs/product.md#tokens: `{ token, refreshToken, expiresIn, user }`)
 * for a new shopper: a SHOPPER session (decision 013), which opens /account/* and refreshes at
 * /account/token, never /auth/* or the admin. A new account has no two-step sign-in yet.
 */
export async function registerResponse(
  db: Db,
  settings: AuthSettings,
  user: UserRow,
  context: AuditContext,
): Promise<LoginResponse> {
  const session = await startShopperSession(db, settings, user, context);
  return {
    token: session.access_token,
    refreshToken: session.refresh_token,
    expiresIn: formatExpiryDuration(settings.accessTtlMs),
    user: toAuthUser({ ...user, lastLoginAt: new Date() }),
  };
}
