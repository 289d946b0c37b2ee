import { ACCOUNT_MESSAGES } from '#shared/contracts/accounts.ts';
import { AUTH_MESSAGES } from '#shared/contracts/auth.ts';
import { ApiError } from '#web/lib/api-client.ts';

/**
 * The shopper auth error kinds (docs/product.md#shopper-session-in-the-browser). Screens and the
 * session keeper decide on the kind, not on status codes: a `retryable` failure never ends a
 * session (nothing was decided), the others say what the shopper must do.
 */
export type AuthErrorKind =
  | 'session_missing'
  | 'invalid_token_response'
  | 'invalid_credentials'
  | 'weak_password'
  | 'invalid_jwt'
  | 'retryable'
  | 'other';

/** 502, 503, 504 and no answer at all (status 0): the server may answer the same request later. */
const RETRYABLE_STATUSES = new Set([0, 502, 503, 504]);

/** Thrown when a 2xx answer lacks what it promised (a token grant without a session or challenge). */
export const INVALID_TOKEN_RESPONSE = 'Failed to refresh authentication';

export function authErrorKind(error: unknown): AuthErrorKind {
  if (!(error instanceof ApiError)) return 'other';
  if (RETRYABLE_STATUSES.has(error.status)) return 'retryable';
  if (error.message === ACCOUNT_MESSAGES.sessionMissing) return 'session_missing';
  if (error.message === INVALID_TOKEN_RESPONSE && error.status < 300) return 'invalid_token_response';
  if (error.status === 401 && error.message === ACCOUNT_MESSAGES.invalidCredentials) return 'invalid_credentials';
  // An expired access token, or one the server cannot read (forged, wrong key, ended session).
  if (error.status === 401 && (error.code === 'TOKEN_EXPIRED' || error.message === AUTH_MESSAGES.unauthorized)) {
    return 'invalid_jwt';
  }
  if (error.status === 400 && weakPasswordReasons(error).length > 0) return 'weak_password';
  return 'other';
}

export function isRetryable(error: unknown): boolean {
  return authErrorKind(error) === 'retryable';
}

/** The server's reasons for refusing a password (one field error per rule broken). */
export function weakPasswordReasons(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  return error.errors
    .filter((item) => item.path === 'password' || item.path === 'newPassword')
    .map((item) => item.message);
}

/** Field errors by field name (the last path segment), for tying server refusals to inputs. */
export function fieldErrors(error: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (!(error instanceof ApiError)) return result;
  for (const item of error.errors) {
    const field = item.path.split('.').pop() || '';
    if (field && !result[field]) result[field] = item.message;
  }
  return result;
}

/** What the shopper reads for a failed call: the server's words, or a hint to retry. */
export function authErrorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return 'We could not reach the shop. Check your connection and try again.';
  if (error.status === 429) return error.message || 'Too many login attempts. Please try again later.';
  if (RETRYABLE_STATUSES.has(error.status)) return 'The shop is busy right now. Please try again in a moment.';
  return error.message || fallback;
}
