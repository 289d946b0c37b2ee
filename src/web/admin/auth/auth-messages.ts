import { ApiError } from '#web/lib/api-client.ts';

/** docs/product.md#sign-in-messages and docs/product.md#admin-panel-refusals, word for word. */
export const AUTH_UI_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  loginFailed: 'Login failed',
  noUserData: 'Login failed - no user data returned',
  initFailed: 'Failed to initialize authentication',
  signOutFailed: 'Failed to sign out',
  refreshFailed: 'Failed to refresh authentication',
  unexpected: 'An unexpected error occurred during sign in',
  notStaff: 'This account cannot use the admin panel',
  registrationRefused: 'User registration is not available in the admin panel',
  passwordResetRefused: 'Password reset is not available in the admin panel',
  profileUpdateRefused: 'Profile updates are not available in the admin panel',
  /** docs/product.md#staff-two-step-sign-in: the challenge expired, was used, or the account changed. */
  twoStepExpired: 'This sign-in has expired. Sign in again.',
} as const;

/** An error the sign-in flow raised itself, with its message already in words for the admin. */
export class SignInError extends Error {
  override readonly name = 'SignInError';
}

/**
 * The 429 words of docs/product.md#sign-in-messages, followed by how long to wait when the server said so: its message is those
 * words plus "You can try again in 14 minutes." (shared/retry-wait.ts, from the same `retry-after`
 * it sends). Read from the message, not the header, so the storefront's first-load API client
 * stays as it is (its budget has no room).
 */
function tooManyAttemptsMessage(serverMessage: string): string {
  const words = AUTH_UI_MESSAGES.tooManyAttempts;
  const wait = serverMessage.startsWith(words) ? serverMessage.slice(words.length).trim() : '';
  return /^You can try again in \d+ (second|minute)s?\.$/.test(wait) ? `${words} ${wait}` : words;
}

/** 401 and 429 have fixed words (429 with the wait); otherwise the server's message, else 'Login failed'. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof SignInError) return error.message;
  if (error instanceof ApiError) {
    if (error.status === 401) return AUTH_UI_MESSAGES.invalidCredentials;
    if (error.status === 429) return tooManyAttemptsMessage(error.message);
    return error.message || AUTH_UI_MESSAGES.loginFailed;
  }
  return AUTH_UI_MESSAGES.unexpected;
}

/**
 * The second step's words (docs/product.md#staff-two-step-sign-in): a 401 is a challenge that no
 * longer works (sign in again); a wrong code (400) and too many wrong codes (429, with the wait)
 * are the server's own words.
 */
export function twoStepErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return AUTH_UI_MESSAGES.twoStepExpired;
    return error.message || AUTH_UI_MESSAGES.loginFailed;
  }
  return AUTH_UI_MESSAGES.unexpected;
}
