import { describe, expect, it } from 'vitest';
import { EXPIRY_FALLBACK_MS, parseExpiryDuration } from './duration.ts';

describe('parseExpiryDuration (spec §5)', () => {
  it('reads a number followed by d, h, m or s', () => {
    expect(parseExpiryDuration('7d')).toBe(7 * 86_400_000);
    expect(parseExpiryDuration('12h')).toBe(12 * 3_600_000);
    expect(parseExpiryDuration('30m')).toBe(30 * 60_000);
    expect(parseExpiryDuration('45s')).toBe(45_000);
    expect(parseExpiryDuration(' 2d ')).toBe(2 * 86_400_000);
  });

  it('falls back to 7 days for anything else', () => {
    expect(EXPIRY_FALLBACK_MS).toBe(7 * 86_400_000);
    for (const value of ['', '7', 'd', '7w', '1.5h', '-1d', '7 d', '7D', 'seven days', '0d', '99999999999999999d']) {
      expect(parseExpiryDuration(value), value).toBe(EXPIRY_FALLBACK_MS);
    }
    expect(parseExpiryDuration(undefined)).toBe(EXPIRY_FALLBACK_MS);
    expect(parseExpiryDuration(null)).toBe(EXPIRY_FALLBACK_MS);
  });
});
