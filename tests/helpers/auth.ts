import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '#server/auth/passwords.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/users/users.table.ts';
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
  return row;
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
