import { describe, expect, it } from 'vitest';
import { auditDiff, diffValue, WHOLE_VALUE } from './audit-diff.ts';

describe('auditDiff', () => {
  it('marks changed, added, removed and kept fields, nested ones by their path', () => {
    const rows = auditDiff(
      { name: 'Lamp', price: 25, tags: ['a'], variants: [{ sku: 'L-1', price: 25 }], old: true },
      { name: 'Lamp', price: 27.5, tags: ['a', 'b'], variants: [{ sku: 'L-1', price: 27.5 }], fresh: null },
    );
    expect(rows).toEqual([
      { path: 'name', before: 'Lamp', after: 'Lamp', change: 'same' },
      { path: 'price', before: 25, after: 27.5, change: 'changed' },
      { path: 'tags[0]', before: 'a', after: 'a', change: 'same' },
      { path: 'variants[0].sku', before: 'L-1', after: 'L-1', change: 'same' },
      { path: 'variants[0].price', before: 25, after: 27.5, change: 'changed' },
      { path: 'old', before: true, after: undefined, change: 'removed' },
      { path: 'tags[1]', before: undefined, after: 'b', change: 'added' },
      { path: 'fresh', before: undefined, after: null, change: 'added' },
    ]);
  });

  it('shows a record made (no before) as added fields, and one without either as nothing', () => {
    expect(auditDiff(null, { code: 'SUMMER' })).toEqual([
      { path: 'code', before: undefined, after: 'SUMMER', change: 'added' },
    ]);
    expect(auditDiff(null, null)).toEqual([]);
  });

  it('compares plain values and empty containers as a whole', () => {
    expect(auditDiff('off', 'on')).toEqual([{ path: WHOLE_VALUE, before: 'off', after: 'on', change: 'changed' }]);
    // An empty list that gains items: the items are the change.
    expect(auditDiff({ list: [] }, { list: [1] }).map((row) => [row.path, row.change])).toEqual([['list[0]', 'added']]);
    expect(auditDiff({ list: [1] }, { list: [] }).map((row) => [row.path, row.change])).toEqual([
      ['list[0]', 'removed'],
    ]);
    expect(auditDiff({ list: [] }, { list: {} }).map((row) => [row.path, row.change])).toEqual([['list', 'changed']]);
  });

  it('writes text as it is and anything else as JSON', () => {
    expect(diffValue('a "b"')).toBe('a "b"');
    expect(diffValue(null)).toBe('null');
    expect(diffValue({ a: 1 })).toBe('{"a":1}');
    expect(diffValue(undefined)).toBe('');
  });
});
