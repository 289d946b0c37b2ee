import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { UserRole } from '#shared/contracts/auth.ts';

export const TOKEN_ISSUER = 'cedar-shop';

export interface AccessClaims {
  /** User id. */
  sub: string;
  role: UserRole;
  /** The session family (stable across refreshes), checked on every request so a logout takes effect at once. */
  sid: string;
}

export type AccessTokenCheck = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** Signs an access JWT (HS256) that expires `ttlMs` after `now`. */
export function signAccessToken(
  claims: AccessClaims,
  secret: string,
  ttlMs: number,
  now: number = Date.now(),
): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ role: claims.role, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(TOKEN_ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + Math.max(1, Math.round(ttlMs / 1000)))
    .sign(keyOf(secret));
}

/**
 * Verifies signature, issuer and expiry. Only HS256 is accepted, so `alg: none` and algorithm
 * swaps fail; the signature is checked before the expiry, so "expired" is never said of a forgery.
 * `exp` is required: jose checks it only when present, and a token without one, even signed with
 * our key (by an old build, a test, a leaked key), would never expire.
 */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessTokenCheck> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    const { sub, role, sid } = payload;
    if (typeof sub !== 'string' || typeof role !== 'string' || typeof sid !== 'string') {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: { sub, role: role as UserRole, sid } };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/** An opaque refresh token: 32 random bytes, base64url. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a refresh token: a leaked table cannot be replayed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
