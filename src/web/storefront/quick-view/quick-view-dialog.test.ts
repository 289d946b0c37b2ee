import { describe, expect, it } from 'vitest';
import { stockText } from './quick-view-dialog.tsx';

describe('quick view', () => {
  it('says how many are left at or under the low-stock threshold', () => {
    expect(stockText(true, { stock_quantity: 2, low_stock_threshold: 5 })).toBe('Only 2 left in stock');
    expect(stockText(true, { stock_quantity: 9, low_stock_threshold: 5 })).toBe('In stock');
    expect(stockText(false)).toBe('Out of stock');
  });
});
