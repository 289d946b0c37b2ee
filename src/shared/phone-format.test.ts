import { describe, expect, it } from 'vitest';
import { formatPhoneForDisplay } from './phone-format.ts';

describe('formatPhoneForDisplay', () => {
  it('groups Lebanese numbers after their 1- or 2-digit prefix', () => {
    expect(formatPhoneForDisplay('+96171234567')).toBe('+961 71 234 567');
    expect(formatPhoneForDisplay('+9611234567')).toBe('+961 1 234 567');
    expect(formatPhoneForDisplay('+9613123456')).toBe('+961 3 123 456');
    expect(formatPhoneForDisplay('+96181123456')).toBe('+961 81 123 456');
  });

  it('puts a space after the country code of other countries', () => {
    expect(formatPhoneForDisplay('+33612345678')).toBe('+33 612345678');
    expect(formatPhoneForDisplay('+14155550123')).toBe('+1 4155550123');
    expect(formatPhoneForDisplay('+971501234567')).toBe('+971 501234567');
    expect(formatPhoneForDisplay('+447911123456')).toBe('+44 7911123456');
  });

  it('leaves anything that is not E.164 as it is', () => {
    expect(formatPhoneForDisplay('03 123 456')).toBe('03 123 456');
    expect(formatPhoneForDisplay('')).toBe('');
    expect(formatPhoneForDisplay('+12')).toBe('+12');
  });
});
