import { eq } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import { assertStrongPassword } from '#server/auth/password-strength.ts';
import { generatePassword, hashPassword, verifyPassword } from '#server/auth/passwords.ts';
import { revokeUserSessions } from '#server/auth/sessions.service.ts';
import type { Db } from '#server/db/client.ts';
import { uniqueViolationAs } from '#server/db/unique.ts';
import { badRequest, conflict, unauthorized } from '#server/errors.ts';
import type { UserRow } from '#server/users/users.mapper.ts';
import { users } from '#server/users/users.table.ts';
import {
  ACCOUNT_MESSAGES,
  type ChangeShopperPasswordRequest,
  MISSING_CONTACT_MESSAGE,
  type SignUpRequest,
  type UpdateShopperRequest,
} from '#shared/contracts/accounts.ts';

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

/** Creates a customer account; a taken email or phone is a 409 with the field named. */
export async function signUpShopper(db: Db, body: SignUpRequest, context: AuditContext): Promise<UserRow> {
  assertStrongPassword(body.password, body);
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
    throw duplicateContactError(error);
  }
}

/** A taken email or phone as a 409 naming the field (db/unique.ts); any other error rethrown. */
const duplicateContactError = uniqueViolationAs({
  users_phone_unique: () =>
    conflict(ACCOUNT_MESSAGES.duplicatePhone, [{ path: 'phone', message: ACCOUNT_MESSAGES.duplicatePhone }]),
  users_email_unique: () =>
    conflict(ACCOUNT_MESSAGES.duplicateEmail, [{ path: 'email', message: ACCOUNT_MESSAGES.duplicateEmail }]),
});

/**
 * PUT /account/user: a changed email or phone loses its verification (the caller sends a new
 * one); removing both is refused with the spec's words. Returns the account and what changed.
 */
export async function updateShopperProfile(
  db: Db,
  user: UserRow,
  body: UpdateShopperRequest,
  context: AuditContext,
): Promise<{ user: UserRow; emailChanged: boolean; phoneChanged: boolean }> {
  const email = body.email === undefined ? user.email : body.email;
  const phone = body.phone === undefined ? user.phone : body.phone;
  if (!email && !phone) {
    throw badRequest(MISSING_CONTACT_MESSAGE, [
      { path: 'email', message: MISSING_CONTACT_MESSAGE },
      { path: 'phone', message: MISSING_CONTACT_MESSAGE },
    ]);
  }
  const emailChanged = email !== user.email;
  const phoneChanged = phone !== user.phone;
  let updated: UserRow | undefined;
  try {
    [updated] = await db
      .update(users)
      .set({
        ...(body.name !== undefined && { name: body.name }),
        ...(emailChanged && { email, emailVerifiedAt: null }),
        ...(phoneChanged && { phone, phoneVerifiedAt: null }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id))
      .returning();
  } catch (error) {
    throw duplicateContactError(error);
  }
  if (!updated) throw unauthorized(ACCOUNT_MESSAGES.sessionMissing);
  if (emailChanged || phoneChanged) {
    await recordAudit(db, {
      context,
      actor: updated,
      action: 'account.contact_changed',
      entityType: 'user',
      entityId: user.id,
      before: { email: user.email, phone: user.phone },
      after: { email: updated.email, phone: updated.phone },
    });
  }
  return { user: updated, emailChanged, phoneChanged };
}

/**
 * Sets a new password (already judged strong) and ends the account's sessions: all of them
 * (recovery), or all but `keepFamilyId` (a change from a signed-in device).
 */
export async function setShopperPassword(
  db: Db,
  user: UserRow,
  password: string,
  action: 'account.password_reset' | 'account.password_changed',
  context: AuditContext,
  keepFamilyId?: string,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await revokeUserSessions(db, user.id, keepFamilyId);
  await recordAudit(db, { context, actor: user, action, entityType: 'user', entityId: user.id });
}

/** The sign-in lockout as a route hands it to a service (auth-limits.ts, per account key). */
export interface PasswordLockout {
  /**
   * Counts the attempt before the password is checked, refusing (429) a locked account; the
   * attempt stays counted as a failure unless `succeeded()` gives it back (decision 017).
   */
  before(): Promise<{ succeeded(): Promise<void> }>;
}

/**
 * POST /account/change-password: the current password (a wrong one counts toward the sign-in
 * lockout), the strength rules, then every other device signed out.
 */
export async function changeShopperPassword(
  db: Db,
  user: UserRow,
  body: ChangeShopperPasswordRequest,
  keepFamilyId: string,
  context: AuditContext,
  lockout: PasswordLockout,
): Promise<void> {
  const attempt = await lockout.before();
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw badRequest(ACCOUNT_MESSAGES.wrongPassword, [
      { path: 'currentPassword', message: ACCOUNT_MESSAGES.wrongPassword },
    ]);
  }
  await attempt.succeeded();
  assertStrongPassword(body.newPassword, user, 'newPassword');
  await setShopperPassword(db, user, body.newPassword, 'account.password_changed', context, keepFamilyId);
}
