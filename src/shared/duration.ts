/**
 * docs/product.md#expiry-durations: a number followed by d, h, m or s ("7d", "12h", "30m",
 * "45s"); anything else falls back to 7 days (`EXPIRY_FALLBACK_MS`).
 */
export const EXPIRY_FALLBACK_MS = 7 * 24 * 60 * 60 * 1000;

const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 } as const;

/** The format itself: what `formatExpiryDuration` writes and `parseExpiryDuration` reads. */
export const EXPIRY_DURATION_PATTERN = /^\d+[dhms]$/;

/** Takes anything (a stored or received value may be of any type); only a string can match. */
export function parseExpiryDuration(value: unknown): number {
  const match = /^(\d+)([dhms])$/.exec(typeof value === 'string' ? value.trim() : '');
  if (!match) return EXPIRY_FALLBACK_MS;
  const amount = Number(match[1]);
  const ms = amount * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  // "0d" is no session at all, and an absurd number is a typo: both take the fallback.
  return ms > 0 && Number.isSafeInteger(ms) ? ms : EXPIRY_FALLBACK_MS;
}

/**
 * A duration in the same format, in the largest unit that states it exactly (900 000 ms → "15m",
 * 86 400 000 → "1d", 90 000 → "90s"). Sub-second parts round to whole seconds, at least "1s".
 */
export function formatExpiryDuration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  for (const unit of ['d', 'h', 'm'] as const) {
    const unitSeconds = UNIT_MS[unit] / 1000;
    if (seconds % unitSeconds === 0) return `${seconds / unitSeconds}${unit}`;
  }
  return `${seconds}s`;
}
