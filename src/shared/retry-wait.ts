/**
 * How long to wait, in words, for a refusal that carries `retry-after` (the sign-in lockout): the
 * server puts it in its 429 message and the admin sign-in screen after the words of
 * docs/product.md#sign-in-messages.
 */
export function waitInWords(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return whole === 1 ? '1 second' : `${whole} seconds`;
  const minutes = Math.ceil(whole / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** `message` followed by the wait, when one is known: "… You can try again in 14 minutes." */
export function withRetryWait(message: string, retryAfterSeconds?: number): string {
  if (!retryAfterSeconds || !Number.isFinite(retryAfterSeconds) || retryAfterSeconds <= 0) return message;
  return `${message} You can try again in ${waitInWords(retryAfterSeconds)}.`;
}
