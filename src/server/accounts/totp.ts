import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/users/users.table.ts';
import type { TotpEnrolment } from '#shared/contracts/accounts.ts';

/** Codes of the step before and after the current one still count (clock drift of a phone). */
const DRIFT_SECONDS = 30;

export const isTotpShaped = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

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
  user: { id: string; twoFactorSecret: string | null; twoFactorLastStep: number | null },
  code: string,
): Promise<boolean> {
  if (!user.twoFactorSecret || !isTotpShaped(code)) return false;
  const result = await verify({
    secret: user.twoFactorSecret,
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
