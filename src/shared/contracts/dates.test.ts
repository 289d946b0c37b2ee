import { describe, expect, it } from 'vitest';
import { CalendarDateSchema, DateTimeSchema, isCalendarDate } from './dates.ts';

describe('CalendarDateSchema', () => {
  it.each(['2026-12-31', '2028-02-29', '2000-02-29', '0001-01-01', '9999-12-31', '2030-04-30'])(
    '%s is a date',
    (day) => {
      expect(CalendarDateSchema.safeParse(day).success).toBe(true);
    },
  );

  it.each([
    '2030-02-31',
    '2030-02-29',
    '1900-02-29',
    '2030-04-31',
    '2030-13-01',
    '2030-00-10',
    '2030-01-00',
    '2030-01-32',
    '0000-01-01',
    '2030-1-1',
    '2030-01-01T00:00:00Z',
    ' 2030-01-01',
    '',
    'tomorrow',
  ])('%s is refused with the date message', (day) => {
    const result = CalendarDateSchema.safeParse(day);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Use a date like 2026-12-31']);
  });

  it('round-trips years below 100 (Date.UTC would read them as 19xx)', () => {
    expect(isCalendarDate('0099-02-28')).toBe(true);
    expect(isCalendarDate('0096-02-29')).toBe(true);
    expect(isCalendarDate('0099-02-29')).toBe(false);
  });
});

describe('DateTimeSchema', () => {
  it.each(['2026-12-31T09:30:00Z', '2028-02-29T23:59:59.999+02:00', '2026-06-01T00:00:00-05:00'])(
    '%s is a date-time',
    (value) => {
      expect(DateTimeSchema.safeParse(value).success).toBe(true);
    },
  );

  it.each([
    '2030-02-31T10:00:00Z',
    '2030-02-29T10:00:00+02:00',
    '0000-06-01T00:00:00Z',
    '0001-01-01T00:00:00+14:00',
    '2030-01-01T24:00:00Z',
    '2030-01-01',
    'soon',
  ])('%s is refused with one message', (value) => {
    const result = DateTimeSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
  });
});
