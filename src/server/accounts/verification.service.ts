import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import { generatePassword, hashPassword } from '#server/auth/passwords.ts';
import { revokeUserSessions } from '#server/auth/sessions.service.ts';
import { linkAccountToCustomer } from '#server/customers/customer-account-link.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { RateLimitOptions } from '#server/plugins/rate-limiter.ts';
import { deleteBackupCodes } from '#server/two-factor/backup-codes.ts';
import type { UserRow } from '#server/users/users.mapper.ts';
import { users } from '#server/users/users.table.ts';
import {
  EMAIL_LINK_TTL_MS,
  ONE_TIME_CODE_LENGTH,
  ONE_TIME_CODE_MAX_ATTEMPTS,
  ONE_TIME_CODE_TTL_MS,
} from '#shared/contracts/accounts.ts';
import { type VerificationChannel, type VerificationPurpose, verificationCodes } from './accounts.tables.ts';

/**
 * One-time codes and links (docs/product.md#one-time-codes-and-links). A code is 6 digits and
 * lives 10 minutes; a link token is 32 random bytes and lives 24 hours. Only the sha256 is
 * stored. Each is used once (a conditional UPDATE … WHERE consumed_at IS NULL), a code dies after
 * 5 wrong tries, and a new one for the same account and purpose replaces the older ones.
 */

const HOUR = 60 * 60_000;

export interface AccountCodeLimits {
  /** Codes and links sent to one email or phone. */
  codesPerDestination: RateLimitOptions;
  /** Codes and links asked for from one IP. */
  codesPerIp: RateLimitOptions;
  /** Codes and links checked from one IP (right or wrong). */
  checksPerIp: RateLimitOptions;
}

export const DEFAULT_ACCOUNT_CODE_LIMITS: AccountCodeLimits = {
  codesPerDestination: { limit: 5, windowMs: HOUR },
  codesPerIp: { limit: 20, windowMs: HOUR },
  checksPerIp: { limit: 30, windowMs: 15 * 60_000 },
};

export type SecretKind = 'code' | 'link';
export type VerificationRow = typeof verificationCodes.$inferSelect;

const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * Makes a new code or link for this account and purpose, ending the older live ones. Returns the
 * secret to send; only its hash is kept.
 */
export async function issueSecret(
  db: Db,
  input: {
    userId: string;
    purpose: VerificationPurpose;
    channel: VerificationChannel;
    destination: string;
    kind: SecretKind;
  },
): Promise<string> {
  const secret =
    input.kind === 'code'
      ? String(randomInt(0, 10 ** ONE_TIME_CODE_LENGTH)).padStart(ONE_TIME_CODE_LENGTH, '0')
      : randomBytes(32).toString('base64url');
  const ttl = input.kind === 'code' ? ONE_TIME_CODE_TTL_MS : EMAIL_LINK_TTL_MS;
  await db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(verificationCodes.userId, input.userId),
          eq(verificationCodes.purpose, input.purpose),
          isNull(verificationCodes.consumedAt),
        ),
      );
    await tx.insert(verificationCodes).values({
      userId: input.userId,
      purpose: input.purpose,
      channel: input.channel,
      destination: input.destination,
      secretHash: sha256(secret),
      expiresAt: new Date(Date.now() + ttl),
    });
  });
  return secret;
}

const live = () =>
  and(
    isNull(verificationCodes.consumedAt),
    gt(verificationCodes.expiresAt, sql`now()`),
    lt(verificationCodes.attempts, ONE_TIME_CODE_MAX_ATTEMPTS),
  );

/**
 * Uses this account's live code for `purpose`: the row when `code` matches (and nobody used it
 * first), else undefined. Every try is counted before the code is compared (decision 017): one
 * conditional UPDATE takes a try only while the code has fewer than 5, so however many guesses
 * arrive at once, at most 5 are ever compared; the 5th wrong one leaves it dead.
 */
export async function consumeCode(
  db: Db,
  input: { userId: string; purpose: VerificationPurpose; code: string },
): Promise<VerificationRow | undefined> {
  const newest = db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, input.userId), eq(verificationCodes.purpose, input.purpose), live()))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  // live() is checked again on the row itself: on PostgreSQL a concurrent try that took the row
  // first makes this UPDATE re-read it, so the 6th of a burst finds attempts = 5 and takes nothing.
  const [tried] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(inArray(verificationCodes.id, newest), live()))
    .returning();
  if (!tried || tried.secretHash !== sha256(input.code)) return undefined;
  // The right code on its last allowed try is still good: only unused and unexpired are asked.
  const [used] = await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.id, tried.id),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return used;
}

/** The live link row for this token, without using it (a recovery checks the new password first). */
export async function findLink(
  db: Db,
  purpose: VerificationPurpose,
  token: string,
): Promise<VerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.secretHash, sha256(token)), eq(verificationCodes.purpose, purpose), live()))
    .limit(1);
  return row;
}

/** Uses a link token once; undefined when unknown, expired, used or replaced. */
export async function consumeLink(
  db: Db,
  purpose: VerificationPurpose,
  token: string,
): Promise<VerificationRow | undefined> {
  const [row] = await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.secretHash, sha256(token)), eq(verificationCodes.purpose, purpose), live()))
    .returning();
  return row;
}

/**
 * Ends every live code and link of this account that was sent to `destination` on `channel`
 * (docs/product.md#one-time-codes-and-links): when an email or phone changes, what was sent to the
 * old one stops working at once, whatever its purpose.
 */
export async function revokeSecretsTo(
  db: Db,
  userId: string,
  channel: VerificationChannel,
  destination: string,
): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.channel, channel),
        eq(verificationCodes.destination, destination),
        isNull(verificationCodes.consumedAt),
      ),
    );
}

/** The account's contact on this channel: a code or link counts only while it still equals its destination. */
export const contactOn = (user: UserRow, channel: VerificationChannel): string | null =>
  channel === 'email' ? user.email : user.phone;

/** True when the secret was sent to the account's current contact (not one it has since changed). */
export const sentToCurrentContact = (user: UserRow, row: Pick<VerificationRow, 'channel' | 'destination'>) =>
  contactOn(user, row.channel) === row.destination;

export interface ProofOptions {
  /**
   * The session the proof came through (a signed-in shopper's verify-phone, or the email link opened
   * while signed in): it is kept when the first proof ends the account's sessions, and its holder,
   * who knew the password to get that session, keeps the password.
   */
  proverSessionId?: string;
  /** A recovery: the prover sets a new password right after, so it is not voided first. */
  newPasswordFollows?: boolean;
}

/**
 * Marks the contact a used code or link proved as verified, only if the account still has that
 * contact (a changed email is not verified by a link sent to the old one). Returns the account.
 *
 * The first proof of an account (none of its contacts was verified: a sign-up nobody has proved
 * yet) is where a pre-hijacked account changes hands (decision 018): whoever signed up with
 * someone else's email or phone chose the password and may hold sessions. So every session ends
 * but the prover's, and unless the prover came through a session of the account (or sets a new
 * password now), the password is replaced by a random one nobody knows and two-step sign-in set up
 * before is turned off: only recovery, to the contact just proved, sets a password again.
 *
 * Then the account is linked to the shop's customer record of its verified contact
 * (customers/customer-account-link.ts).
 */
export async function markVerified(
  db: Db,
  row: Pick<VerificationRow, 'userId' | 'channel' | 'destination'>,
  context: AuditContext,
  options: ProofOptions = {},
): Promise<UserRow | undefined> {
  const updated = await inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, row.userId)).for('update');
    if (!before || !sentToCurrentContact(before, row)) return undefined;
    const firstProof = before.emailVerifiedAt === null && before.phoneVerifiedAt === null;
    const now = new Date();
    const keepPassword = !firstProof || options.proverSessionId !== undefined || options.newPasswordFollows === true;
    const [after] = await tx
      .update(users)
      .set({
        ...(row.channel === 'email'
          ? { emailVerifiedAt: before.emailVerifiedAt ?? now }
          : { phoneVerifiedAt: before.phoneVerifiedAt ?? now }),
        ...(!keepPassword && {
          passwordHash: await hashPassword(generatePassword(32)),
          twoFactorSecret: null,
          twoFactorEnabledAt: null,
          twoFactorLastStep: null,
          updatedAt: now,
        }),
      })
      .where(eq(users.id, row.userId))
      .returning();
    if (!after) return undefined;
    if (firstProof) {
      await revokeUserSessions(tx, after.id, options.proverSessionId);
      if (!keepPassword) await deleteBackupCodes(tx, after.id);
      await recordAudit(tx, {
        context,
        actor: after,
        action: 'account.first_proof',
        entityType: 'user',
        entityId: after.id,
        after: { channel: row.channel, sessions_ended: true, password_voided: !keepPassword },
      });
    }
    await recordAudit(tx, {
      context,
      actor: after,
      action: 'account.verified',
      entityType: 'user',
      entityId: after.id,
      after: { channel: row.channel },
    });
    return after;
  });
  if (!updated) return undefined;
  // After the commit: a lost race for the customer (unique customer_id) must not undo the proof.
  const customerId = await linkAccountToCustomer(db, updated.id);
  return customerId ? { ...updated, customerId } : updated;
}
