import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysIn,
  eachDay,
  eachMonth,
  growthPercent,
  lastDays,
  previousPeriod,
  ratePercent,
  salesBuckets,
  splitByMonths,
} from './analytics-periods.ts';

describe('analytics periods', () => {
  it('counts calendar days across months, years and a leap day', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(daysIn({ from: '2026-03-01', to: '2026-03-31' })).toBe(31);
    expect(eachDay({ from: '2026-12-30', to: '2027-01-02' })).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });

  it('takes the last N days with today, and the N days before them', () => {
    const week = lastDays('2026-03-29', 7);
    expect(week).toEqual({ from: '2026-03-23', to: '2026-03-29' });
    expect(previousPeriod(week)).toEqual({ from: '2026-03-16', to: '2026-03-22' });
    expect(lastDays('2026-03-29', 1)).toEqual({ from: '2026-03-29', to: '2026-03-29' });
    expect(eachMonth({ from: '2026-01-31', to: '2026-03-01' })).toEqual(['2026-01', '2026-02', '2026-03']);
  });

  it('cuts a period into whole months and the days at its edges', () => {
    expect(splitByMonths({ from: '2026-01-15', to: '2026-04-10' })).toEqual({
      months: { from: '2026-02-01', to: '2026-03-01' },
      days: [
        { from: '2026-01-15', to: '2026-01-31' },
        { from: '2026-04-01', to: '2026-04-10' },
      ],
    });
    expect(splitByMonths({ from: '2026-02-01', to: '2026-03-31' })).toEqual({
      months: { from: '2026-02-01', to: '2026-03-01' },
      days: [],
    });
    expect(splitByMonths({ from: '2026-01-15', to: '2026-02-10' })).toEqual({
      months: null,
      days: [{ from: '2026-01-15', to: '2026-02-10' }],
    });
    expect(splitByMonths({ from: '2026-02-01', to: '2026-02-28' })).toEqual({
      months: { from: '2026-02-01', to: '2026-02-01' },
      days: [],
    });
    expect(splitByMonths({ from: '2025-12-31', to: '2026-02-01' })).toEqual({
      months: { from: '2026-01-01', to: '2026-01-01' },
      days: [
        { from: '2025-12-31', to: '2025-12-31' },
        { from: '2026-02-01', to: '2026-02-01' },
      ],
    });
  });

  it('says growth in percent with one decimal, null against nothing', () => {
    expect(growthPercent(150, 100)).toBe(50);
    expect(growthPercent(50, 100)).toBe(-50);
    expect(growthPercent(2, 3)).toBe(-33.3);
    expect(growthPercent(1, 3)).toBe(-66.7);
    expect(growthPercent(100, 0)).toBeNull();
    expect(growthPercent(0, 0)).toBeNull();
    expect(growthPercent(0, 5)).toBe(-100);
    expect(ratePercent(1, 3)).toBe(33.3);
    expect(ratePercent(0, 0)).toBe(0);
  });

  it('makes the sales buckets, the current one cut at today', () => {
    const days = salesBuckets('day', '2026-03-29');
    expect(days).toHaveLength(30);
    expect(days[29]).toEqual({ period: '2026-03-29', from: '2026-03-29', to: '2026-03-29' });
    expect(salesBuckets(3, '2026-03-01').map((bucket) => bucket.period)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    // 2026-03-26 is a Thursday: its week began on Monday the 23rd.
    const weeks = salesBuckets('week', '2026-03-26');
    expect(weeks).toHaveLength(12);
    expect(weeks[11]).toEqual({ period: '2026-03-23', from: '2026-03-23', to: '2026-03-26' });
    expect(weeks[10]).toEqual({ period: '2026-03-16', from: '2026-03-16', to: '2026-03-22' });
    expect(weeks[0]?.from).toBe('2026-01-05');
    const months = salesBuckets('month', '2026-03-26');
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ period: '2025-04', from: '2025-04-01', to: '2025-04-30' });
    expect(months[11]).toEqual({ period: '2026-03', from: '2026-03-01', to: '2026-03-26' });
    const quarters = salesBuckets('quarter', '2026-05-02');
    expect(quarters.map((bucket) => bucket.period)).toEqual([
      '2024-Q3',
      '2024-Q4',
      '2025-Q1',
      '2025-Q2',
      '2025-Q3',
      '2025-Q4',
      '2026-Q1',
      '2026-Q2',
    ]);
    expect(quarters[6]).toEqual({ period: '2026-Q1', from: '2026-01-01', to: '2026-03-31' });
    expect(quarters[7]).toEqual({ period: '2026-Q2', from: '2026-04-01', to: '2026-05-02' });
    const years = salesBuckets('year', '2026-05-02');
    expect(years.map((bucket) => bucket.period)).toEqual(['2022', '2023', '2024', '2025', '2026']);
    expect(years[3]).toEqual({ period: '2025', from: '2025-01-01', to: '2025-12-31' });
  });
});
