import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { UserRole } from '#shared/contracts/auth.ts';
import type { SessionAudience } from './sessions.table.ts';

export const TOKEN_ISSUER = 'cedar-shop';

export interface AccessClaims {
  /** User id. */
  sub: string;
  role: UserRole;
  /** The session family (stable across refreshes), checked on every request so a logout takes effect at once. */
  sid: string;
  /**
   * `shopper` tokens carry `aud: "cedar-shopper"`; staff tokens (the admin panel's) carry none, as
   * they always have. The session family's own audience is checked too (decision 013).
   */
  audience: SessionAudience;
}

export const SHOPPER_TOKEN_AUDIENCE = 'cedar-shopper';

/** What a token is signed with: staff unless said otherwise. */
export type SignedClaims = Omit<AccessClaims, 'audience'> & { audience?: SessionAudience };

export type AccessTokenCheck = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** Signs an access JWT (HS256) that expires `ttlMs` after `now`. */
export function signAccessToken(
  claims: SignedClaims,
  secret: string,
  ttlMs: number,
  now: number = Date.now(),
): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  const jwt = new SignJWT({ role: claims.role, sid: claims.sid }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' });
  if (claims.audience === 'shopper') jwt.setAudience(SHOPPER_TOKEN_AUDIENCE);
  return jwt
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
    const { sub, role, sid, aud } = payload;
    if (typeof sub !== 'string' || typeof role !== 'string' || typeof sid !== 'string') {
      return { ok: false, reason: 'invalid' };
    }
    if (aud !== undefined && aud !== SHOPPER_TOKEN_AUDIENCE) return { ok: false, reason: 'invalid' };
    const audience: SessionAudience = aud === SHOPPER_TOKEN_AUDIENCE ? 'shopper' : 'staff';
    return { ok: true, claims: { sub, role: role as UserRole, sid, audience } };
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
