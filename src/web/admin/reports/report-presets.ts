/**
 * The Reports screen's date presets (docs/product.md#analytics-and-reports): this month, last
 * month, this quarter and this year, counted in the shop's time zone (a report's days are the
 * shop's days), each up to today; "custom" is the two dates the admin types.
 */
export const REPORT_PRESETS = ['this_month', 'last_month', 'this_quarter', 'this_year', 'custom'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

export const REPORT_PRESET_LABELS: Record<ReportPreset, string> = {
  this_month: 'This month',
  last_month: 'Last month',
  this_quarter: 'This quarter',
  this_year: 'This year',
  custom: 'Custom dates',
};

/** Today's date (YYYY-MM-DD) in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const pad = (value: number) => String(value).padStart(2, '0');
const day = (year: number, month: number, date: number) => `${year}-${pad(month)}-${pad(date)}`;
/** The last day of a month (1–12): day 0 of the next one. */
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The first and last day of a preset, given today (YYYY-MM-DD, the shop's). Custom gives null. */
export function presetRange(preset: ReportPreset, today: string): { date_from: string; date_to: string } | null {
  const [year = 1970, month = 1] = today.split('-').map(Number);
  switch (preset) {
    case 'this_month':
      return { date_from: day(year, month, 1), date_to: today };
    case 'last_month': {
      const [y, m] = month === 1 ? [year - 1, 12] : [year, month - 1];
      return { date_from: day(y, m, 1), date_to: day(y, m, lastDayOf(y, m)) };
    }
    case 'this_quarter':
      return { date_from: day(year, Math.floor((month - 1) / 3) * 3 + 1, 1), date_to: today };
    case 'this_year':
      return { date_from: day(year, 1, 1), date_to: today };
    default:
      return null;
  }
}

/** Days from one date to another, both included (2026-11-01 to 2026-11-30: 30). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
