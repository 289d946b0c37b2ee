import { describe, expect, it } from 'vitest';
import { allowedTypos, excerptOf, normaliseTerm, queryTerms } from './search-text.ts';

describe('search text', () => {
  it('cuts words on anything but letters and digits, folds case and accents, drops stop words', () => {
    expect(queryTerms('ESP32-WROOM for the Câble')).toEqual(['esp32', 'wroom', 'cable']);
    expect(queryTerms('  ')).toEqual([]);
    expect(normaliseTerm('The')).toBeUndefined();
  });

  it('allows no typo under 4 letters, one from 4, two from 6', () => {
    expect([allowedTypos('led'), allowedTypos('uno'), allowedTypos('case'), allowedTypos('arduno')]).toEqual([
      0, 0, 1, 2,
    ]);
  });

  it('cuts long descriptions at a word with an ellipsis and keeps short ones whole', () => {
    expect(excerptOf('Short text.')).toBe('Short text.');
    const long = `${'word '.repeat(50)}end`;
    const excerpt = excerptOf(long, 40);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(41);
    expect(excerpt).not.toMatch(/\s…$/);
  });
});
