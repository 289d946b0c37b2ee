import { SALES_PERIOD_BUCKETS, type SalesPeriod } from './contracts/analytics.ts';

/**
 * The calendar of the analytics (docs/product.md#analytics): periods are whole calendar days
 * (`YYYY-MM-DD`) in the shop's time zone, so this file only counts days; which day "today" is comes
 * from the caller (the shop's clock read in the shop's zone). Pure, for the server and the screens.
 */

export interface DayRange {
  /** First day, inclusive (YYYY-MM-DD). */
  from: string;
  /** Last day, inclusive (YYYY-MM-DD). */
  to: string;
}

const DAY_MS = 86_400_000;

function toUtc(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(2000, month - 1, date));
  at.setUTCFullYear(year, month - 1, date);
  return at.getTime();
}

function fromUtc(ms: number): string {
  const at = new Date(ms);
  const year = String(at.getUTCFullYear()).padStart(4, '0');
  return `${year}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-${String(at.getUTCDate()).padStart(2, '0')}`;
}

/** The day `count` days after `day` (before, when negative). */
export function addDays(day: string, count: number): string {
  return fromUtc(toUtc(day) + count * DAY_MS);
}

/** How many days `range` holds (both ends counted). */
export function daysIn(range: DayRange): number {
  return Math.round((toUtc(range.to) - toUtc(range.from)) / DAY_MS) + 1;
}

/** Every day of `range`, in order. */
export function eachDay(range: DayRange): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** "The last N days": today and the N − 1 days before it. */
export function lastDays(today: string, count: number): DayRange {
  return { from: addDays(today, 1 - count), to: today };
}

/** The period of the same length just before `range` (what growth compares with). */
export function previousPeriod(range: DayRange): DayRange {
  return { from: addDays(range.from, -daysIn(range)), to: addDays(range.from, -1) };
}

/** `YYYY-MM` of a day. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** The first day of `day`'s month. */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The first day of the month after `day`'s. */
export function nextMonthStart(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 12
    ? `${String(year + 1).padStart(4, '0')}-01-01`
    : `${day.slice(0, 4)}-${String(month + 1).padStart(2, '0')}-01`;
}

/** Every calendar month `range` touches (`YYYY-MM`), in order. */
export function eachMonth(range: DayRange): string[] {
  const months: string[] = [];
  for (let first = monthStart(range.from); first <= range.to; first = nextMonthStart(first))
    months.push(monthOf(first));
  return months;
}

/**
 * `range` cut for the roll-ups: the whole calendar months inside it (read from the monthly
 * roll-up, first days of the first and last month) and the days at either edge outside them (from
 * the daily one). A range inside one month, or with no whole month, is all days.
 */
export function splitByMonths(range: DayRange): { months: DayRange | null; days: DayRange[] } {
  const firstWhole = range.from === monthStart(range.from) ? range.from : nextMonthStart(range.from);
  const afterLastWhole =
    addDays(range.to, 1) === nextMonthStart(range.to) ? nextMonthStart(range.to) : monthStart(range.to);
  if (firstWhole >= afterLastWhole) return { months: null, days: [range] };
  const days: DayRange[] = [];
  if (range.from < firstWhole) days.push({ from: range.from, to: addDays(firstWhole, -1) });
  if (afterLastWhole <= range.to) days.push({ from: afterLastWhole, to: range.to });
  return { months: { from: firstWhole, to: monthStart(addDays(afterLastWhole, -1)) }, days };
}

/** Half away from zero, to one decimal, of a ratio of two whole numbers times 100. */
function percentOneDecimal(part: number, whole: number): number {
  const tenths = (part * 1000) / whole;
  return (Math.sign(tenths) * Math.round(Math.abs(tenths))) / 10;
}

/**
 * Growth of `current` against `previous` (whole numbers: cents or counts), in percent with one
 * decimal; null when the previous period had nothing (no growth can be said).
 */
export function growthPercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return percentOneDecimal(current - previous, previous);
}

/** `part` of `whole` in percent with one decimal; 0 when `whole` is 0. */
export function ratePercent(part: number, whole: number): number {
  return whole === 0 ? 0 : percentOneDecimal(part, whole);
}

export interface SalesBucket extends DayRange {
  /** The bucket's name: its first day, or YYYY-MM, YYYY-Qn, YYYY. */
  period: string;
}

/** Monday of `day`'s week. */
function mondayOf(day: string): string {
  const weekday = new Date(toUtc(day)).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * The buckets of `GET /admin/analytics/sales?period` (SALES_PERIOD_BUCKETS): the last 30 days, 12
 * Monday-based weeks, 12 months, 8 quarters or 5 years, or one bucket per day for a number of days,
 * oldest first. The last one is the current period, cut at today.
 */
export function salesBuckets(period: SalesPeriod | number, today: string): SalesBucket[] {
  if (typeof period === 'number' || period === 'day') {
    const count = typeof period === 'number' ? period : SALES_PERIOD_BUCKETS.day;
    return eachDay(lastDays(today, count)).map((day) => ({ period: day, from: day, to: day }));
  }
  const count = SALES_PERIOD_BUCKETS[period];
  const buckets: SalesBucket[] = [];
  let start = bucketStart(period, today);
  let end = today;
  for (let index = 0; index < count; index++) {
    buckets.unshift({ period: bucketName(period, start), from: start, to: end });
    end = addDays(start, -1);
    start = bucketStart(period, end);
  }
  return buckets;
}

function bucketStart(period: Exclude<SalesPeriod, 'day'>, day: string): string {
  if (period === 'week') return mondayOf(day);
  if (period === 'month') return monthStart(day);
  if (period === 'quarter') {
    const month = Number(day.slice(5, 7));
    return `${day.slice(0, 4)}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
  }
  return `${day.slice(0, 4)}-01-01`;
}

function bucketName(period: Exclude<SalesPeriod, 'day'>, start: string): string {
  if (period === 'week') return start;
  if (period === 'month') return monthOf(start);
  if (period === 'quarter') return `${start.slice(0, 4)}-Q${(Number(start.slice(5, 7)) + 2) / 3}`;
  return start.slice(0, 4);
}
