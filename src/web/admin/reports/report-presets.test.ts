import { describe, expect, it } from 'vitest';
import { daysBetween, presetRange, todayIn } from './report-presets.ts';

describe('report presets', () => {
  it('count this month, last month, this quarter and this year up to today', () => {
    expect(presetRange('this_month', '2026-11-26')).toEqual({ date_from: '2026-11-01', date_to: '2026-11-26' });
    expect(presetRange('last_month', '2026-11-26')).toEqual({ date_from: '2026-10-01', date_to: '2026-10-31' });
    expect(presetRange('this_quarter', '2026-11-26')).toEqual({ date_from: '2026-10-01', date_to: '2026-11-26' });
    expect(presetRange('this_year', '2026-11-26')).toEqual({ date_from: '2026-01-01', date_to: '2026-11-26' });
    expect(presetRange('custom', '2026-11-26')).toBeNull();
  });

  it('reach back over the year and into February', () => {
    expect(presetRange('last_month', '2027-01-05')).toEqual({ date_from: '2026-12-01', date_to: '2026-12-31' });
    expect(presetRange('last_month', '2028-03-01')).toEqual({ date_from: '2028-02-01', date_to: '2028-02-29' });
    expect(presetRange('last_month', '2027-03-31')).toEqual({ date_from: '2027-02-01', date_to: '2027-02-28' });
    expect(presetRange('this_quarter', '2027-03-31')).toEqual({ date_from: '2027-01-01', date_to: '2027-03-31' });
    expect(presetRange('this_quarter', '2027-07-01')).toEqual({ date_from: '2027-07-01', date_to: '2027-07-01' });
  });

  it('take today in the shop’s time zone, not the browser’s', () => {
    // 22:30 UTC on 31 October is already 1 November in Beirut (UTC+2).
    const instant = new Date('2026-10-31T22:30:00Z');
    expect(todayIn('Asia/Beirut', instant)).toBe('2026-11-01');
    expect(todayIn('UTC', instant)).toBe('2026-10-31');
  });

  it('count a range’s days with both ends', () => {
    expect(daysBetween('2026-11-01', '2026-11-30')).toBe(30);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(3);
  });
});
