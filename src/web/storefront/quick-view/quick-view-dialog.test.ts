import { describe, expect, it } from 'vitest';
import { firstChoices, stockText } from './quick-view-dialog.tsx';

describe('quick view', () => {
  it('adds a product with options with the first choice of each, as the product page starts', () => {
    expect(
      firstChoices({
        variations: [
          { name: 'Headers', options: ['Soldered', 'Loose'] },
          { name: 'Colour', options: ['Blue'] },
        ],
      }),
    ).toEqual({ Headers: 'Soldered', Colour: 'Blue' });
    expect(firstChoices(undefined)).toEqual({});
  });

  it('says how many are left at or under the low-stock threshold', () => {
    expect(stockText(true, { stock_quantity: 2, low_stock_threshold: 5 })).toBe('Only 2 left in stock');
    expect(stockText(true, { stock_quantity: 9, low_stock_threshold: 5 })).toBe('In stock');
    expect(stockText(false)).toBe('Out of stock');
  });
});
