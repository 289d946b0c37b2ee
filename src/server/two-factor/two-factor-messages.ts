/** What the two-step endpoints answer (docs/product.md#two-step-sign-in). */
export const TWO_FACTOR_MESSAGES = {
  wrongCode: 'This code is not right. Check your authenticator app (or the backup code) and try again.',
  challengeExpired: 'This sign-in has expired. Sign in again.',
  tooManyAttempts: 'Too many wrong codes. Please wait a few minutes and try again.',
  alreadyOn: 'Two-step sign-in is already on for this account.',
  notOn: 'Two-step sign-in is not on for this account.',
  notStarted: 'Start turning on two-step sign-in first.',
} as const;
