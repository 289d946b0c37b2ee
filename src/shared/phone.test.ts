import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone } from './phone.ts';

describe('normalizePhone', () => {
  it.each([
    ['03 123 456', '+9613123456'],
    ['03-123-456', '+9613123456'],
    ['3123456', '+9613123456'],
    ['71 123 456', '+96171123456'],
    ['076 123 456', '+96176123456'],
    ['81 123 456', '+96181123456'],
    ['01 234 567', '+9611234567'],
    ['+961 3 123 456', '+9613123456'],
    ['+961 03 123 456', '+9613123456'],
    ['00961 71 123 456', '+96171123456'],
    ['961 70 123 456', '+96170123456'],
    ['(+961) 79-123-456', '+96179123456'],
    ['+33 6 12 34 56 78', '+33612345678'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each([
    '',
    'abc',
    '12',
    '03 123 45',
    '72 123 456',
    '+961 2 123 456',
    '03 123 4567 8',
    '+0 123 456 789',
    'call 03 123 456',
  ])('refuses %j', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('formatPhone', () => {
  it('groups Lebanese numbers as people read them and leaves others alone', () => {
    expect(formatPhone('+9613123456')).toBe('+961 3 123 456');
    expect(formatPhone('+96171123456')).toBe('+961 71 123 456');
    expect(formatPhone('+33612345678')).toBe('+33612345678');
  });
});
