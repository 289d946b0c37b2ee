import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isSafeText, safeText, UNSAFE_TEXT_MESSAGE } from './text.ts';

describe('safe text', () => {
  it('accepts ordinary text, accents, Arabic and paired surrogates (emoji)', () => {
    for (const value of ['', 'Rami Haddad', 'Café Crème', 'بيروت', 'Rocket 🚀', '\uD83D\uDE00', 'tab\tand\nnewline']) {
      expect(isSafeText(value), JSON.stringify(value)).toBe(true);
    }
  });

  it('refuses NUL and unpaired surrogates wherever they sit', () => {
    for (const value of [
      '\u0000',
      'ab\u0000',
      '\uD800',
      'a\uD83Db',
      'ends high \uDBFF',
      '\uDC00 starts low',
      'a\uDE00b',
      // A valid pair followed by a stray low half.
      '\uD83D\uDE00\uDE00',
      // Two highs in a row: the first has no partner.
      '\uD83D\uD83D\uDE00',
    ]) {
      expect(isSafeText(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('reports the rule first and keeps the chained string methods', () => {
    const schema = safeText({ error: 'Name is required' }).trim().min(2, 'Too short').max(5);
    expect(schema.parse('  Rami  ')).toBe('Rami');
    const result = schema.safeParse('x\u0000');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([UNSAFE_TEXT_MESSAGE]);
    expect(schema.safeParse('\uD800').error?.issues.map((issue) => issue.message)).toEqual([
      UNSAFE_TEXT_MESSAGE,
      'Too short',
    ]);
    expect(schema.safeParse(42).error?.issues[0]?.message).toBe('Name is required');
  });

  it('keeps its message inside a one-or-several union', () => {
    const schema = z.union([safeText(), z.array(safeText())]);
    expect(schema.safeParse('a\u0000').error?.issues).toMatchObject([{ path: [], message: UNSAFE_TEXT_MESSAGE }]);
    expect(schema.safeParse(['ok', 'a\u0000']).error?.issues).toMatchObject([
      { path: [1], message: UNSAFE_TEXT_MESSAGE },
    ]);
  });
});
