import { describe, expect, it } from 'vitest';
import { waitInWords, withRetryWait } from './retry-wait.ts';

describe('retry wait in words', () => {
  it('says seconds under a minute, whole minutes (rounded up) from there', () => {
    expect(waitInWords(1)).toBe('1 second');
    expect(waitInWords(0.2)).toBe('1 second');
    expect(waitInWords(42)).toBe('42 seconds');
    expect(waitInWords(60)).toBe('1 minute');
    expect(waitInWords(61)).toBe('2 minutes');
    expect(waitInWords(900)).toBe('15 minutes');
  });

  it('adds the wait after the message only when one is known', () => {
    expect(withRetryWait('Too many login attempts. Please try again later.', 840)).toBe(
      'Too many login attempts. Please try again later. You can try again in 14 minutes.',
    );
    expect(withRetryWait('Slow down.', undefined)).toBe('Slow down.');
    expect(withRetryWait('Slow down.', Number.NaN)).toBe('Slow down.');
  });
});
