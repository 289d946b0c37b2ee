import { signChallengeToken, verifyChallengeToken } from '#server/two-factor/challenge-token.ts';

/**
 * A shopper's sign-in challenge (docs/product.md#two-step-sign-in): the shared challenge token
 * (two-factor/challenge-token.ts) with the shopper audience, `cedar-shopper-mfa`, for 5 minutes.
 */
export const MFA_TOKEN_TTL_SECONDS = 300;

export function signMfaToken(userId: string, secret: string, now = Date.now()): Promise<string> {
  return signChallengeToken('shopper', userId, secret, MFA_TOKEN_TTL_SECONDS, now);
}

/** The user and token id of a live shopper challenge, or undefined (forged, expired, another kind of token). */
export function verifyMfaToken(token: string, secret: string): Promise<{ userId: string; jti: string } | undefined> {
  return verifyChallengeToken('shopper', token, secret);
}
