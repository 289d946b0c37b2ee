import { describe, expect, it } from 'vitest';
import { PI_VARIANTS, piProduct, plainProduct } from './test-fixtures.ts';
import { choose, conflictingValues, initialVariant, offerOf, sharesOneStock, valueState } from './variant-selection.ts';

const pi = piProduct();
const { twoBlack, twoWhite, fourBlack, fourWhite, eightBlack } = PI_VARIANTS;

describe('initialVariant (decision 012 §6)', () => {
  it('takes the variant the URL names', () => {
    expect(initialVariant(pi, eightBlack.id)).toBe(eightBlack);
  });

  it('else the first in stock by sort_order, else the first', () => {
    expect(initialVariant(pi)).toBe(twoBlack);
    expect(initialVariant(pi, 'not-one-of-its-variants')).toBe(twoBlack);
    const reordered = piProduct({
      variants: [
        { ...twoBlack, sort_order: 9 },
        { ...fourBlack, sort_order: 0 },
        { ...fourWhite, sort_order: 1 },
      ],
    });
    expect(initialVariant(reordered)?.id).toBe(fourWhite.id);
    const soldOut = piProduct({ variants: [fourBlack, { ...twoBlack, in_stock: false, stock_quantity: 0 }] });
    expect(initialVariant(soldOut)?.id).toBe(twoBlack.id);
  });

  it('is the default variant of a plain product, and nothing for an answer without variants', () => {
    expect(initialVariant(plainProduct())?.options).toEqual({});
    expect(initialVariant({ variants: [] })).toBeUndefined();
  });
});

describe('valueState', () => {
  it('says available, sold-out or unavailable with the other current choices', () => {
    expect(valueState(pi, twoBlack, 'Memory', '2 GB')).toBe('available');
    expect(valueState(pi, twoBlack, 'Memory', '4 GB')).toBe('sold-out');
    expect(valueState(pi, twoBlack, 'Memory', '8 GB')).toBe('available');
    expect(valueState(pi, twoWhite, 'Memory', '4 GB')).toBe('available');
    expect(valueState(pi, twoWhite, 'Memory', '8 GB')).toBe('unavailable');
    expect(valueState(pi, eightBlack, 'Colour', 'White')).toBe('unavailable');
    expect(valueState(pi, fourWhite, 'Colour', 'Black')).toBe('sold-out');
  });

  it('names what rules a value out ("Not available with 8 GB")', () => {
    expect(conflictingValues(pi, eightBlack, 'Colour', 'White')).toEqual(['8 GB']);
    expect(conflictingValues(pi, twoWhite, 'Memory', '8 GB')).toEqual(['White']);
  });

  it('leaves shared-stock choices free', () => {
    const shared = plainProduct({ variations: [{ name: 'Headers', options: ['Soldered', 'Loose'] }] });
    expect(sharesOneStock(shared)).toBe(true);
    expect(sharesOneStock(pi)).toBe(false);
    expect(valueState(shared, initialVariant(shared), 'Headers', 'Loose')).toBe('available');
  });
});

describe('choose', () => {
  it('keeps the other choices when that variant exists', () => {
    expect(choose(pi, twoWhite, 'Memory', '4 GB')).toBe(fourWhite);
    expect(choose(pi, twoBlack, 'Colour', 'White')).toBe(twoWhite);
  });

  it('picks the variant keeping most choices, so the selection always names a real variant', () => {
    // 8 GB comes in Black only: choosing it from White moves the colour too.
    expect(choose(pi, twoWhite, 'Memory', '8 GB')).toBe(eightBlack);
    // A sold-out combination is still chosen (the page says it is sold out).
    expect(choose(pi, twoBlack, 'Memory', '4 GB')).toBe(fourBlack);
  });

  it('breaks ties by sort_order, and keeps the current variant for a value nobody sells', () => {
    const threeWay = piProduct({
      variants: [
        { ...twoBlack, options: { Memory: '2 GB', Colour: 'Black' } },
        { ...fourWhite, sort_order: 7, options: { Memory: '4 GB', Colour: 'White' } },
        { ...fourBlack, sort_order: 6, in_stock: true, options: { Memory: '4 GB', Colour: 'Red' } },
      ],
    });
    const current = threeWay.variants[0];
    if (!current) throw new Error('fixture');
    expect(choose(threeWay, current, 'Memory', '4 GB').options).toEqual({ Memory: '4 GB', Colour: 'Red' });
    expect(choose(pi, twoBlack, 'Memory', '16 GB')).toBe(twoBlack);
  });
});

describe('offerOf', () => {
  it("reads a variant's own price and stock, and a shared-stock product's from the product", () => {
    expect(offerOf(pi, eightBlack)).toBe(eightBlack);
    // The catalogue patches a product's stock live; its one default variant is the same stock.
    const plain = plainProduct({ stock_quantity: 4 });
    const patched = { ...plain, stock_quantity: 3 };
    expect(offerOf(patched, initialVariant(patched)).stock_quantity).toBe(3);
  });
});
