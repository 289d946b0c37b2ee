import { and, eq, isNotNull, isNull, lt, not, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Db } from '#server/db/client.ts';
import { createSecretBox, isSealed, type SecretBox } from '#server/security/secret-box.ts';
import { users } from '#server/users/users.table.ts';
import type { TotpEnrolment } from '#shared/contracts/accounts.ts';

/** Codes of the step before and after the current one still count (clock drift of a phone). */
const DRIFT_SECONDS = 30;

export const isTotpShaped = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

/**
 * Authenticator secrets are stored sealed (docs/engineering.md#data-rules): `users.two_factor_secret`
 * holds `v1:…`, never the base32 secret. Shoppers' and staff's secrets share this key and these columns.
 */
export const totpSecretBox = (instanceSecret: string): SecretBox => createSecretBox(instanceSecret, 'totp-secret');

/** The value to store for a user's new secret (bound to that user: it opens on no other row). */
export const sealTotpSecret = (box: SecretBox, userId: string, secret: string): string => box.seal(secret, userId);

/**
 * The clear secret of a stored value, or null (none, altered, sealed with another key): the caller
 * then refuses every code. A clear base32 value is a row from before sealing; start-up seals those
 * (`sealClearTotpSecrets`), and until then it still works.
 */
export function openTotpSecret(box: SecretBox, userId: string, stored: string | null): string | null {
  if (!stored) return null;
  if (isSealed(stored)) return box.open(stored, userId);
  return /^[A-Z2-7]+=*$/.test(stored) ? stored : null;
}

/** Seals every authenticator secret still stored in clear; answers how many (start-up runs it). */
export async function sealClearTotpSecrets(db: Db, box: SecretBox): Promise<number> {
  const clear = await db
    .select({ id: users.id, secret: users.twoFactorSecret })
    .from(users)
    .where(and(isNotNull(users.twoFactorSecret), not(sql`${users.twoFactorSecret} like 'v1:%'`)));
  for (const row of clear) {
    if (!row.secret) continue;
    // Conditional on the old value: a secret replaced meanwhile (new enrolment) is left as it is.
    await db
      .update(users)
      .set({ twoFactorSecret: sealTotpSecret(box, row.id, row.secret) })
      .where(and(eq(users.id, row.id), eq(users.twoFactorSecret, row.secret)));
  }
  return clear.length;
}

/** A fresh base32 secret and what an authenticator app needs to add it (URI and its QR code as SVG). */
export async function newEnrolment(label: string, issuer: string): Promise<TotpEnrolment> {
  const secret = generateSecret();
  const uri = generateURI({ secret, label, issuer });
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauth_uri: uri, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Checks a TOTP code against the user's secret and, when right, records its time step with a
 * conditional update: a code (or an older one) already accepted is refused, and of two requests
 * racing with one code only one wins.
 */
export async function acceptTotp(
  db: Db,
  box: SecretBox,
  user: { id: string; twoFactorSecret: string | null; twoFactorLastStep: number | null },
  code: string,
): Promise<boolean> {
  const secret = openTotpSecret(box, user.id, user.twoFactorSecret);
  if (!secret || !isTotpShaped(code)) return false;
  const result = await verify({
    secret,
    token: code.replace(/\s/g, ''),
    epochTolerance: DRIFT_SECONDS,
    ...(user.twoFactorLastStep === null ? {} : { afterTimeStep: user.twoFactorLastStep }),
  });
  // A TOTP result always carries its time step (the HOTP half of the union does not).
  if (!result.valid || !('timeStep' in result)) return false;
  const step = result.timeStep;
  const updated = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
    .returning({ id: users.id });
  return updated.length === 1;
}
