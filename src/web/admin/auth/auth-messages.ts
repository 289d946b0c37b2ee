import { withRetryWait } from '#shared/retry-wait.ts';
import { ApiError } from '#web/lib/api-client.ts';

/** Spec §8 "Sign-in messages" and §5's refusals, word for word. */
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
} as const;

/** An error the sign-in flow raised itself, with its message already in words for the admin. */
export class SignInError extends Error {
  override readonly name = 'SignInError';
}

/**
 * 401 and 429 have fixed words (429 followed by how long to wait, from `retry-after`: a locked
 * account waits up to 15 minutes and should know it); otherwise the server's message, else
 * 'Login failed'.
 */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof SignInError) return error.message;
  if (error instanceof ApiError) {
    if (error.status === 401) return AUTH_UI_MESSAGES.invalidCredentials;
    if (error.status === 429) return withRetryWait(AUTH_UI_MESSAGES.tooManyAttempts, error.retryAfterSeconds);
    return error.message || AUTH_UI_MESSAGES.loginFailed;
  }
  return AUTH_UI_MESSAGES.unexpected;
}
