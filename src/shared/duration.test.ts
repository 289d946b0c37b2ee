import { describe, expect, it } from 'vitest';
import { EXPIRY_DURATION_PATTERN, EXPIRY_FALLBACK_MS, formatExpiryDuration, parseExpiryDuration } from './duration.ts';

describe('parseExpiryDuration (docs/product.md#expiry-durations)', () => {
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
    // A number of seconds (what the API used to answer) is not the format either.
    expect(parseExpiryDuration(900)).toBe(EXPIRY_FALLBACK_MS);
    expect(parseExpiryDuration({ toString: () => '15m' })).toBe(EXPIRY_FALLBACK_MS);
  });
});

describe('formatExpiryDuration', () => {
  it('writes the largest unit that states the duration exactly', () => {
    expect(formatExpiryDuration(15 * 60_000)).toBe('15m');
    expect(formatExpiryDuration(7 * 86_400_000)).toBe('7d');
    expect(formatExpiryDuration(36 * 3_600_000)).toBe('36h');
    expect(formatExpiryDuration(90_000)).toBe('90s');
    expect(formatExpiryDuration(61 * 60_000)).toBe('61m');
    expect(formatExpiryDuration(1_499)).toBe('1s');
    expect(formatExpiryDuration(0)).toBe('1s');
  });

  it('writes what parseExpiryDuration reads back', () => {
    for (const ms of [1000, 45_000, 60_000, 15 * 60_000, 3_600_000, 12 * 3_600_000, 86_400_000, 30 * 86_400_000]) {
      const text = formatExpiryDuration(ms);
      expect(text).toMatch(EXPIRY_DURATION_PATTERN);
      expect(parseExpiryDuration(text)).toBe(ms);
    }
  });
});
