/**
 * Dates in the shop's time zone (settings: site, `time_zone`; docs/product.md#shop-settings): what a
 * shopper or merchant reads is the shop's day and hour, never the browser's or the server's. The
 * storefront formats through `#web/lib/shop-dates.ts` (kept tiny: it is in every first load); the
 * admin through `admin/ui/format.ts`, which uses these.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/** `value` as read in `timeZone`, e.g. "Nov 26, 2026"; `locale` undefined is the reader's own. One formatter per kind, kept. */
export function formatInZone(
  value: string | number | Date,
  timeZone: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
  locale?: string,
): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format.format(date);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The wall clock in `timeZone` at `date`: year, month (1–12), day, hour, minute, second. */
function wallClock(date: Date, timeZone: string): [number, number, number, number, number, number] {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value);
  return [part('year'), part('month'), part('day'), part('hour'), part('minute'), part('second')];
}

/** How far `timeZone` is ahead of UTC at `date`, in minutes (Asia/Beirut: 120 in winter, 180 in summer). */
export function zoneOffsetMinutes(date: Date, timeZone: string): number {
  const [year, month, day, hour, minute, second] = wallClock(date, timeZone);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/** `2026-11-26T05:40`: an instant as a `datetime-local` input shows it in `timeZone`; '' for none. */
export function toZonedInput(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const [year, month, day, hour, minute] = wallClock(date, timeZone);
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
}

/**
 * A `datetime-local` value read as the wall clock in `timeZone`, as ISO 8601 with that zone's
 * offset then (`2026-11-26T05:40:00+02:00`); null when blank or unreadable. In the hour a clock
 * change skips or repeats, the time takes one of the two offsets.
 */
export function zonedInputToIso(value: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(asUtc);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1 || hour > 23 || minute > 59 || second > 59) {
    return null;
  }
  // The offset at a first guess of the instant, then at the instant that guess gives.
  let offset = zoneOffsetMinutes(check, timeZone);
  offset = zoneOffsetMinutes(new Date(asUtc - offset * 60_000), timeZone);
  const sign = offset >= 0 ? '+' : '-';
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${zone}`;
}
