import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { BACKUP_CODE_COUNT } from '#shared/contracts/accounts.ts';
import { twoFactorBackupCodes } from './backup-codes.table.ts';

/** No 0/o, 1/l/i: a code read off paper is typed right. 31^10 ≈ 8·10^14 per code. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

function randomHalf(): string {
  let out = '';
  for (let index = 0; index < HALF; index += 1) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** Case, spaces and the dash do not matter when a code is typed back. */
export function normaliseBackupCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

const hashOf = (code: string) => createHash('sha256').update(normaliseBackupCode(code)).digest('hex');

/** Replaces the user's backup codes with ten new ones (`xxxxx-xxxxx`), returned once; only hashes are kept. */
export async function replaceBackupCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, () => `${randomHalf()}-${randomHalf()}`);
  await db.delete(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, userId));
  await db.insert(twoFactorBackupCodes).values(codes.map((code) => ({ userId, codeHash: hashOf(code) })));
  return codes;
}

export async function deleteBackupCodes(db: Db, userId: string): Promise<void> {
  await db.delete(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, userId));
}

/** Uses an unused backup code: a conditional update, so a code works once even under a race. */
export async function consumeBackupCode(db: Db, userId: string, code: string): Promise<boolean> {
  const normalised = normaliseBackupCode(code);
  if (normalised.length !== HALF * 2) return false;
  const used = await db
    .update(twoFactorBackupCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorBackupCodes.userId, userId),
        eq(twoFactorBackupCodes.codeHash, hashOf(normalised)),
        isNull(twoFactorBackupCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorBackupCodes.id });
  return used.length === 1;
}

/** How many of the user's backup codes are still unused (the staff Security page shows it). */
export async function countUnusedBackupCodes(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ id: twoFactorBackupCodes.id })
    .from(twoFactorBackupCodes)
    .where(and(eq(twoFactorBackupCodes.userId, userId), isNull(twoFactorBackupCodes.usedAt)));
  return rows.length;
}
