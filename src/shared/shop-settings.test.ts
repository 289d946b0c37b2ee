import { describe, expect, it } from 'vitest';
import { formatLbp, GOVERNORATE_NAMES, GOVERNORATES, LBP_RATE_MAX, lbpPrice } from './shop-settings.ts';

describe('shop settings rules', () => {
  it('prices in Lebanese pounds at the rate, rounded to the nearest 1,000', () => {
    // $19.99 at 89,500 = 1,789,105 LBP → 1,789,000.
    expect(lbpPrice(1999, 89_500)).toBe(1_789_000);
    // $1.00 at 89,500 = 89,500 → half up to 90,000.
    expect(lbpPrice(100, 89_500)).toBe(90_000);
    // $0.01 at 89,500 = 895 → 1,000; nothing costs nothing.
    expect(lbpPrice(1, 89_500)).toBe(1000);
    expect(lbpPrice(0, 89_500)).toBe(0);
    // 499 LBP rounds down, 500 up.
    expect(lbpPrice(1, 49_900)).toBe(0);
    expect(lbpPrice(1, 50_000)).toBe(1000);
  });

  it('stays exact at the largest price and rate', () => {
    // $10,000,000.00 at 1,000,000 LBP per dollar.
    expect(lbpPrice(1_000_000_000, LBP_RATE_MAX)).toBe(10_000_000_000_000);
    expect(() => lbpPrice(19.5, 89_500)).toThrow(RangeError);
  });

  it('writes LBP amounts with thousands separators', () => {
    expect(formatLbp(1_789_000)).toBe('1,789,000 LBP');
  });

  it('names the eight governorates', () => {
    expect(GOVERNORATES).toHaveLength(8);
    expect(GOVERNORATES.map((zone) => GOVERNORATE_NAMES[zone])).toEqual([
      'Beirut',
      'Mount Lebanon',
      'North',
      'Akkar',
      'Bekaa',
      'Baalbek-Hermel',
      'South',
      'Nabatieh',
    ]);
  });
});
