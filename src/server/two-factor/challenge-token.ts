import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/**
 * The challenge between the first and the second step of a sign-in, for shoppers and staff alike.
 * Each kind has its own audience, and none carries `sid`/`role`, so a challenge is never accepted
 * as an access token (verifyAccessToken refuses any audience but the shopper one) nor as a
 * challenge of another kind: a shopper's challenge does not finish a staff sign-in, and a staff
 * enrolment challenge does not stand in for a code. `jti` lets the step that finishes it use it
 * once (the caller's `usedChallenges` limiter).
 */
export const CHALLENGE_AUDIENCES = {
  /** A shopper's second step (POST /account/mfa/verify). */
  shopper: 'cedar-shopper-mfa',
  /** A staff member's second step (POST /auth/login/two-factor). */
  staff: 'cedar-staff-mfa',
  /** A staff member who must turn two-step sign-in on before the session (POST /auth/login/two-factor/enrol). */
  staffEnrolment: 'cedar-staff-mfa-enrolment',
} as const;
export type ChallengeKind = keyof typeof CHALLENGE_AUDIENCES;

/** The issuer of every token this server signs (auth/tokens.ts TOKEN_ISSUER has the same value). */
const ISSUER = 'cedar-shop';

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export function signChallengeToken(
  kind: ChallengeKind,
  userId: string,
  secret: string,
  ttlSeconds: number,
  now = Date.now(),
): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(CHALLENGE_AUDIENCES[kind])
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(keyOf(secret));
}

/** The user and token id of a live challenge of this kind, or undefined (forged, expired, another kind of token). */
export async function verifyChallengeToken(
  kind: ChallengeKind,
  token: string,
  secret: string,
): Promise<{ userId: string; jti: string } | undefined> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: CHALLENGE_AUDIENCES[kind],
      requiredClaims: ['exp', 'iat', 'sub', 'jti'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return undefined;
    return { userId: payload.sub, jti: payload.jti };
  } catch {
    return undefined;
  }
}
