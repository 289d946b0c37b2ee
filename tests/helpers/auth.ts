import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '#server/auth/passwords.ts';
import { startSession } from '#server/auth/sessions.service.ts';
import { signAccessToken } from '#server/auth/tokens.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/users/users.table.ts';
import type { ShopperSession } from '#shared/contracts/accounts.ts';
import type { LoginResponse, UserRole } from '#shared/contracts/auth.ts';

export const TEST_PASSWORD = 'correct-horse-42';

/** Inserts a user with a known password (TEST_PASSWORD unless given) and a unique email. */
export async function createUser(
  db: Db,
  overrides: { email?: string; password?: string; role?: UserRole; isActive?: boolean; name?: string } = {},
) {
  const email = overrides.email ?? `user-${randomUUID().slice(0, 8)}@example.com`;
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(overrides.password ?? TEST_PASSWORD),
      name: overrides.name ?? email.split('@')[0] ?? email,
      role: overrides.role ?? 'admin',
      isActive: overrides.isActive ?? true,
    })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  // Staff and these test users always have an email (users_staff_have_email); phone-only shoppers
  // are made through the shopper API instead.
  return { ...row, email };
}

/** Signs in through the API and returns the login response (throws on failure). */
export async function signInAs(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
  ip = '10.1.0.1',
): Promise<LoginResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A strong password the shopper sign-up accepts. */
export const SHOPPER_PASSWORD = 'cedar-Shopper-2026!';

let shopperCounter = 0;
/**
 * Signs a new shopper up through POST /api/account/signup (email unless a phone is given) and
 * returns the session. Each call uses its own IP so the sign-up limit never trips.
 */
export async function signUpShopper(
  app: FastifyInstance,
  body: { email?: string; phone?: string; password?: string; name?: string } = {},
): Promise<ShopperSession> {
  shopperCounter += 1;
  const payload = {
    password: SHOPPER_PASSWORD,
    ...(body.phone ? {} : { email: `shopper-${randomUUID().slice(0, 8)}@example.com` }),
    ...body,
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/account/signup',
    payload,
    remoteAddress: `10.9.${Math.floor(shopperCounter / 250)}.${shopperCounter % 250}`,
  });
  if (response.statusCode !== 201) throw new Error(`shopper sign-up failed: ${response.statusCode} ${response.body}`);
  const session = response.json().data.session as ShopperSession | null;
  if (!session) throw new Error('shopper sign-up answered no session');
  return session;
}

/**
 * A STAFF-audience session for a customer-role user, made in the database: `/auth/login` signs in
 * staff only (decision 018), so no request can make one any more. Tests use it to prove that the
 * staff routes still check the role, should such a session ever exist (defence in depth).
 */
export async function staffSessionForCustomer(app: FastifyInstance, user: { id: string }): Promise<string> {
  const issued = await startSession(app.db, user.id, 60 * 60_000, {});
  return signAccessToken({ sub: user.id, role: 'customer', sid: issued.familyId }, app.secrets.jwtSecret, 15 * 60_000);
}
