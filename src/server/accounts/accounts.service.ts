import { eq } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import { generatePassword, hashPassword, verifyPassword } from '#server/auth/passwords.ts';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { badRequest, conflict, unauthorized } from '#server/errors.ts';
import type { UserRow } from '#server/users/users.mapper.ts';
import { users } from '#server/users/users.table.ts';
import { ACCOUNT_MESSAGES, type SignUpRequest } from '#shared/contracts/accounts.ts';
import { NewPasswordSchema } from '#shared/contracts/auth.ts';

// A real argon2 hash to verify against when no account matches, so timing does not say which exist.
let decoyHash: Promise<string> | undefined;
const decoy = () => {
  decoyHash ??= hashPassword(generatePassword(24));
  return decoyHash;
};

/** The shopper account with this email or phone (customers only: staff never sign in here). */
export async function findShopperByContact(
  db: Db,
  contact: { email?: string; phone?: string },
): Promise<UserRow | undefined> {
  const where = contact.email
    ? eq(users.email, contact.email)
    : contact.phone
      ? eq(users.phone, contact.phone)
      : undefined;
  if (!where) return undefined;
  const [row] = await db.select().from(users).where(where).limit(1);
  return row?.role === 'customer' ? row : undefined;
}

export async function findShopper(db: Db, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (row?.role !== 'customer') throw unauthorized(ACCOUNT_MESSAGES.sessionMissing);
  return row;
}

/** The active shopper with these credentials, or undefined; always spends one argon2 verify. */
export async function checkShopperCredentials(
  db: Db,
  contact: { email?: string; phone?: string },
  password: string,
): Promise<UserRow | undefined> {
  const user = await findShopperByContact(db, contact);
  const matches = await verifyPassword(user?.passwordHash ?? (await decoy()), password);
  return user && matches && user.isActive ? user : undefined;
}

/** Refuses a weak password with every reason (docs/product.md#passwords). */
export function assertStrongPassword(password: string): void {
  const check = NewPasswordSchema.safeParse(password);
  if (!check.success) {
    const reasons = check.error.issues.map((issue) => issue.message);
    throw badRequest(
      reasons[0] ?? 'Password is too weak',
      reasons.map((message) => ({ path: 'password', message })),
    );
  }
}

/** Creates a customer account; a taken email or phone is a 409 with the field named. */
export async function signUpShopper(db: Db, body: SignUpRequest, context: AuditContext): Promise<UserRow> {
  assertStrongPassword(body.password);
  const name = body.name ?? body.email?.split('@')[0] ?? 'Shopper';
  try {
    const [created] = await db
      .insert(users)
      .values({
        email: body.email ?? null,
        phone: body.phone ?? null,
        passwordHash: await hashPassword(body.password),
        name,
        role: 'customer',
      })
      .returning();
    if (!created) throw new Error('insert returned nothing');
    await recordAudit(db, {
      context,
      actor: created,
      action: 'account.registered',
      entityType: 'user',
      entityId: created.id,
    });
    return created;
  } catch (error) {
    if (isUniqueViolation(error, 'users_phone_unique')) {
      throw conflict(ACCOUNT_MESSAGES.duplicatePhone, [{ path: 'phone', message: ACCOUNT_MESSAGES.duplicatePhone }]);
    }
    if (isUniqueViolation(error, 'users_email_unique')) {
      throw conflict(ACCOUNT_MESSAGES.duplicateEmail, [{ path: 'email', message: ACCOUNT_MESSAGES.duplicateEmail }]);
    }
    throw error;
  }
}
