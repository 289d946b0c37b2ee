import { z } from 'zod';
import { safeText } from './text.ts';

/**
 * The one date type of every contract that takes a date (docs/product.md#dates-in-requests).
 * A date is valid only when it survives a round trip through the calendar: `2030-02-31` looks
 * like a date, and `Date.parse` even accepts it (as 3 March), but no such day exists, and the
 * database refuses it, which used to surface as a 500. Year 0 does not exist either (the
 * calendar goes from 1 BC to AD 1), so the year runs from 0001 to 9999.
 */
export const CALENDAR_DATE_MESSAGE = 'Use a date like 2026-12-31';
export const DATE_TIME_MESSAGE = 'Use a date and time like 2026-12-31T09:30:00Z';

/** `YYYY-MM-DD` naming a day that exists (month lengths and leap years checked). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  // Date.UTC reads years 0–99 as 1900–1999: the year is set on its own.
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An ISO date-time with an offset whose day exists and whose instant (in UTC) is in years 1–9999. */
export function isDateTime(value: string): boolean {
  if (!isCalendarDate(value.slice(0, 10))) return false;
  const instant = new Date(value);
  const year = instant.getUTCFullYear();
  return !Number.isNaN(instant.getTime()) && year >= 1 && year <= 9999;
}

/** A calendar date (`2026-12-31`); `message` is what a refused value says under its field. */
export const calendarDate = (message = CALENDAR_DATE_MESSAGE) => safeText().refine(isCalendarDate, { message });

export const CalendarDateSchema = calendarDate();

/** A date and time with an offset (`2026-12-31T09:30:00+02:00`), as a real instant. */
export const dateTime = (message = DATE_TIME_MESSAGE) =>
  // Checked only once the format passed, so a refused value carries one message.
  z.iso
    .datetime({ offset: true, error: message })
    .refine(isDateTime, { message, when: (payload) => payload.issues.length === 0 });

export const DateTimeSchema = dateTime();
