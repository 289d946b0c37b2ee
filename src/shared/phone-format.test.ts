import { describe, expect, it } from 'vitest';
import { formatPhoneForDisplay } from './phone-format.ts';

describe('formatPhoneForDisplay', () => {
  it.each([
    ['+96171234567', '+961 71 234 567'],
    ['+96181123456', '+961 81 123 456'],
    ['+9613123456', '+961 3 123 456'],
    ['+9611234567', '+961 1 234 567'],
    // Other countries and anything not E.164 Lebanese are shown as stored.
    ['+33612345678', '+33612345678'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(formatPhoneForDisplay(input)).toBe(expected);
  });
});
