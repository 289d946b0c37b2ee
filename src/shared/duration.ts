/**
 * Spec §5 "Expiry duration format": a number followed by d, h, m or s ("7d", "12h", "30m",
 * "45s"); anything else falls back to 7 days (spec §9 "Token expiry fallback").
 */
export const EXPIRY_FALLBACK_MS = 7 * 24 * 60 * 60 * 1000;

const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 } as const;

export function parseExpiryDuration(value: string | undefined | null): number {
  const match = /^(\d+)([dhms])$/.exec((value ?? '').trim());
  if (!match) return EXPIRY_FALLBACK_MS;
  const amount = Number(match[1]);
  const ms = amount * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  // "0d" is no session at all, and an absurd number is a typo: both take the fallback.
  return ms > 0 && Number.isSafeInteger(ms) ? ms : EXPIRY_FALLBACK_MS;
}
