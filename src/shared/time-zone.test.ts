import { describe, expect, it } from 'vitest';
import { formatInZone, toZonedInput, zonedInputToIso, zoneOffsetMinutes } from './time-zone.ts';

describe("dates in the shop's time zone", () => {
  it('an order at 23:30 UTC is the next day in Asia/Beirut, the same day in UTC', () => {
    const placed = '2026-11-25T23:30:00Z';
    expect(formatInZone(placed, 'Asia/Beirut', { dateStyle: 'medium' }, 'en-US')).toBe('Nov 26, 2026');
    expect(formatInZone(placed, 'UTC', { dateStyle: 'medium' }, 'en-US')).toBe('Nov 25, 2026');
    expect(formatInZone(placed, 'Asia/Beirut', { dateStyle: 'medium', timeStyle: 'short' }, 'en-US')).toBe(
      'Nov 26, 2026, 1:30 AM',
    );
    expect(formatInZone('not a date', 'Asia/Beirut')).toBe('—');
  });

  it("knows the zone's offset in winter and in summer", () => {
    expect(zoneOffsetMinutes(new Date('2026-01-15T12:00:00Z'), 'Asia/Beirut')).toBe(120);
    expect(zoneOffsetMinutes(new Date('2026-07-15T12:00:00Z'), 'Asia/Beirut')).toBe(180);
    expect(zoneOffsetMinutes(new Date('2026-07-15T12:00:00Z'), 'America/New_York')).toBe(-240);
    expect(zoneOffsetMinutes(new Date('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });

  it("reads a date field's wall clock in the zone, and writes it back", () => {
    expect(toZonedInput('2026-11-25T23:30:00Z', 'Asia/Beirut')).toBe('2026-11-26T01:30');
    expect(toZonedInput(null, 'Asia/Beirut')).toBe('');
    expect(zonedInputToIso('2026-11-26T01:30', 'Asia/Beirut')).toBe('2026-11-26T01:30:00+02:00');
    expect(new Date(zonedInputToIso('2026-11-26T01:30', 'Asia/Beirut') as string).toISOString()).toBe(
      '2026-11-25T23:30:00.000Z',
    );
    expect(zonedInputToIso('2026-07-01T09:05:30', 'Asia/Beirut')).toBe('2026-07-01T09:05:30+03:00');
    expect(zonedInputToIso('2026-07-01T09:05', 'America/New_York')).toBe('2026-07-01T09:05:00-04:00');
    expect(zonedInputToIso('2026-02-30T10:00', 'Asia/Beirut')).toBeNull();
    expect(zonedInputToIso('tomorrow', 'Asia/Beirut')).toBeNull();
    expect(zonedInputToIso('', 'Asia/Beirut')).toBeNull();
  });
});
