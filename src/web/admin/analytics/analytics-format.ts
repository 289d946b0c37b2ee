import { getSiteConfig } from '#web/lib/site-config.ts';

/**
 * How the analytics screen words its figures. Amounts go through the admin's `money()` (the shared
 * money rules, the shop's currency); only a chart's scale uses the short form below, with the exact
 * amount in its tooltip and table.
 */

const compactFormats = new Map<string, Intl.NumberFormat>();

/** An amount for a chart's axis: "$1.2K", "$35" (the shop's currency, whole units, compact). */
export function compactMoney(amount: number): string {
  const { currency } = getSiteConfig();
  let format = compactFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    compactFormats.set(currency, format);
  }
  return format.format(amount);
}

/** A whole number with thousands separators: "1,234". */
export const count = (value: number) => value.toLocaleString('en-US');

/** A percentage with one decimal: "12.5%". */
export const percent = (value: number) => `${value.toFixed(1)}%`;

/**
 * A day key of the answers (YYYY-MM-DD, already a day of the shop's zone) as words. Read as a UTC
 * day so no time zone of the browser moves it: "Nov 3", or "Nov 3, 2026" with `year`.
 */
export function dayLabel(day: string, { year = false } = {}): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    ...(year ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)));
}

/** A month key (YYYY-MM) as words: "Nov 2026". */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, 1)),
  );
}

/** "Nov 4 – Dec 3, 2026": a period's first and last day. */
export function rangeLabel(from: string, to: string): string {
  return `${dayLabel(from, { year: from.slice(0, 4) !== to.slice(0, 4) })} – ${dayLabel(to, { year: true })}`;
}

export type GrowthDirection = 'up' | 'down' | 'flat' | 'none';

/** Which way a growth figure points: `none` when there was nothing to compare with (null). */
export function growthDirection(growth: number | null): GrowthDirection {
  if (growth === null) return 'none';
  if (growth > 0) return 'up';
  if (growth < 0) return 'down';
  return 'flat';
}

/** The growth as a screen reader and the eye read it: "Up 12.5%", "Down 3.0%", "No change", "No earlier figures". */
export function growthText(growth: number | null): string {
  switch (growthDirection(growth)) {
    case 'up':
      return `Up ${percent(growth as number)}`;
    case 'down':
      return `Down ${percent(Math.abs(growth as number))}`;
    case 'flat':
      return 'No change';
    default:
      return 'No earlier figures';
  }
}

/** Hours to a readable span: "18 hours", "2.5 days". */
export function durationLabel(hours: number | null): string {
  if (hours === null) return '—';
  if (hours < 48) return `${Math.round(hours)} ${Math.round(hours) === 1 ? 'hour' : 'hours'}`;
  return `${(hours / 24).toFixed(1)} days`;
}
