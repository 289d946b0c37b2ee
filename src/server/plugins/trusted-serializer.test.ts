import { describe, expect, it } from 'vitest';
import { keepJson } from '#server/catalogue/kept-json.ts';
import { stringifyWithKept } from './trusted-serializer.ts';

describe('stringifyWithKept', () => {
  it('writes exactly what JSON.stringify writes, kept objects included', () => {
    const kept = keepJson({ id: 'p1', name: 'Probe "A"', price: 12.5, tags: ['a'], variants: [{ sku: 'X' }] });
    class Point {
      constructor(
        readonly x: number,
        readonly y: number,
      ) {}
    }
    const values: unknown[] = [
      { data: [kept, kept], pagination: { page: 1, total: 2 } },
      { data: { hits: [kept], total: 1, facets: { brand: { 'Probe Co': 3, 'é"\\': 1 } }, empty: {} } },
      { skipped: undefined, fn: () => 1, kept, nested: [undefined, () => 1, null, Number.NaN, -0, 'ü\u2028'] },
      { at: new Date('2026-01-01T00:00:00.000Z'), point: new Point(1, 2), own: { toJSON: () => 'custom' } },
      [],
      'text',
      42,
      null,
    ];
    for (const value of values) expect(stringifyWithKept(value)).toBe(JSON.stringify(value));
    expect(stringifyWithKept(undefined)).toBeUndefined();
  });

  it('reuses a kept object’s JSON: it is written once, when first asked for', () => {
    const kept = keepJson({ id: 'p2', stock: 3 });
    const first = stringifyWithKept({ data: [kept] });
    // A kept object is frozen: whoever made it replaces it rather than changing it.
    expect(() => Object.assign(kept, { stock: 2 })).toThrow(TypeError);
    expect(stringifyWithKept({ data: [kept] })).toBe(first);
  });
});
