import { inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/users/users.table.ts';
import { STAFF_ROLES } from '#shared/contracts/auth.ts';
import { generatePassword, hashPassword } from './passwords.ts';

export interface FirstAdminResult {
  email: string;
  /** Set only when this call created the admin with a generated password (print it once). */
  generatedPassword?: string;
  created: boolean;
}

/**
 * Makes sure the shop has a staff account. The first one comes from ADMIN_EMAIL/ADMIN_PASSWORD,
 * or gets a generated password that the caller prints once; an existing admin is never touched.
 */
const normalisedEmailOf = (email: string) => email.trim().toLowerCase();

export async function ensureFirstAdmin(db: Db, email: string, password: string | undefined): Promise<FirstAdminResult> {
  const [existing] = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]))
    .limit(1);
  if (existing) return { email: existing.email ?? normalisedEmailOf(email), created: false };

  const normalisedEmail = normalisedEmailOf(email);
  const plainPassword = password ?? generatePassword();
  await db
    .insert(users)
    .values({
      email: normalisedEmail,
      passwordHash: await hashPassword(plainPassword),
      name: normalisedEmail.split('@')[0] ?? normalisedEmail,
      role: 'super_admin',
    })
    .onConflictDoNothing();
  return { email: normalisedEmail, created: true, generatedPassword: password ? undefined : plainPassword };
}
