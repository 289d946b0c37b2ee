import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN } from './contracts/admin-products.ts';
import { firstFreeSlug, SLUG_MAX_LENGTH, slugify } from './slug.ts';

describe('slugify', () => {
  it('lowercases, folds accents and joins words with single hyphens', () => {
    expect(slugify('Arduino Uno R3')).toBe('arduino-uno-r3');
    expect(slugify('  Café Crème -- Brûlée!  ')).toBe('cafe-creme-brulee');
    expect(slugify('Straße & Smørrebrød')).toBe('strasse-smorrebrod');
    expect(slugify('ESP32 (Wi‑Fi/BLE) 3.3V')).toBe('esp32-wi-fi-ble-3-3v');
  });

  it('gives "" when nothing ASCII is left', () => {
    expect(slugify('中文')).toBe('');
    expect(slugify('---')).toBe('');
  });

  it('stops at the maximum length without a trailing hyphen', () => {
    const slug = slugify(`${'a'.repeat(119)} bcd`);
    expect(slug).toBe('a'.repeat(119));
    expect(slugify('word '.repeat(60))).toHaveLength(SLUG_MAX_LENGTH - 1);
    expect(slugify('word '.repeat(60))).toMatch(SLUG_PATTERN);
  });
});

describe('firstFreeSlug', () => {
  it('keeps a free slug, else appends the first free number within the length limit', () => {
    expect(firstFreeSlug('tea', new Set())).toBe('tea');
    expect(firstFreeSlug('tea', new Set(['tea', 'tea-2']))).toBe('tea-3');
    expect(firstFreeSlug('abcde', new Set(['abcde']), 5)).toBe('abc-2');
  });
});
