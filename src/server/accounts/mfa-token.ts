import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { TOKEN_ISSUER } from '#server/auth/tokens.ts';

/**
 * The challenge between the first and the second step of a sign-in. Its own audience, and no
 * `sid`/`role`, so it is never accepted as an access token (verifyAccessToken refuses any other
 * audience); `jti` lets POST /account/mfa/verify use it once.
 */
export const MFA_TOKEN_AUDIENCE = 'cedar-shopper-mfa';
export const MFA_TOKEN_TTL_SECONDS = 300;

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export function signMfaToken(userId: string, secret: string, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(MFA_TOKEN_AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + MFA_TOKEN_TTL_SECONDS)
    .sign(keyOf(secret));
}

/** The user and token id of a live challenge, or undefined (forged, expired, another kind of token). */
export async function verifyMfaToken(
  token: string,
  secret: string,
): Promise<{ userId: string; jti: string } | undefined> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: MFA_TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub', 'jti'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return undefined;
    return { userId: payload.sub, jti: payload.jti };
  } catch {
    return undefined;
  }
}
