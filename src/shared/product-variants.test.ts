import { describe, expect, it } from 'vitest';
import { headlineVariantOf, lineLabel, sellsOwnCombinations } from './product-variants.ts';

const variant = (options: Record<string, string>, price: number, is_active = true, sort_order = 0) => ({
  options,
  price,
  is_active,
  sort_order,
});

describe('variants kept for their orders (inactive) do not decide the product’s shape or price', () => {
  it('a product with an active default shares one stock, whatever inactive combinations it keeps', () => {
    expect(sellsOwnCombinations([variant({}, 9)])).toBe(false);
    expect(sellsOwnCombinations([variant({}, 9), variant({ Memory: '8 GB' }, 75, false)])).toBe(false);
  });

  it('a product whose default was split into combinations sells its own, the old default kept inactive', () => {
    expect(sellsOwnCombinations([variant({}, 9, false), variant({ Memory: '2 GB' }, 45)])).toBe(true);
    expect(sellsOwnCombinations([variant({ Memory: '2 GB' }, 45)])).toBe(true);
    expect(sellsOwnCombinations([])).toBe(false);
  });

  it('the headline is the active default, else the cheapest active variant, else the cheapest of all', () => {
    const cheapInactiveDefault = variant({}, 5, false);
    const eight = variant({ Memory: '8 GB' }, 75, true, 0);
    const two = variant({ Memory: '2 GB' }, 45, true, 1);
    expect(headlineVariantOf([cheapInactiveDefault, eight, two])).toBe(two);
    const activeDefault = variant({}, 60);
    expect(headlineVariantOf([activeDefault, variant({ Memory: '2 GB' }, 45, false)])).toBe(activeDefault);
    const off = variant({ Memory: '4 GB' }, 55, false);
    expect(headlineVariantOf([variant({ Memory: '8 GB' }, 75, false), off])).toBe(off);
  });

  it('breaks ties as the roll-up’s ORDER BY is_active DESC, price, sort_order, id does', () => {
    const later = { ...variant({ Color: 'White' }, 45, true, 1), id: '00000000-0000-4000-8000-000000000001' };
    const first = { ...variant({ Color: 'Black' }, 45, true, 1), id: '00000000-0000-4000-8000-000000000002' };
    const sortedFirst = { ...variant({ Color: 'Red' }, 45, true, 0), id: 'ffffffff-0000-4000-8000-000000000000' };
    expect(headlineVariantOf([first, later])).toBe(later);
    expect(headlineVariantOf([later, first, sortedFirst])).toBe(sortedFirst);
    // An active variant beats a cheaper inactive one.
    expect(headlineVariantOf([variant({}, 5, false), first])).toBe(first);
  });

  it('names a line by its values in variation order', () => {
    const variations = [
      { name: 'Memory', options: ['2 GB', '8 GB'] },
      { name: 'Color', options: ['Black'] },
    ];
    expect(lineLabel('Raspberry Pi 4', { Color: 'Black', Memory: '8 GB' }, variations)).toBe(
      'Raspberry Pi 4 (8 GB, Black)',
    );
    expect(lineLabel('Breadboard', {})).toBe('Breadboard');
  });
});
