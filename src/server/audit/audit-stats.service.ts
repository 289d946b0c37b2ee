import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { AUDIT_TOP_COUNT, type AuditStats } from '#shared/contracts/audit.ts';
import { STAFF_ROLES } from '#shared/contracts/auth.ts';
import { shopToday } from '#shared/promo-codes.ts';
import { startOfShopDay } from './audit-queries.ts';

/**
 * `GET /admin/audit/stats` (docs/product.md#audit-log): one call of `cedar_audit_stats`
 * (src/server/db/sql/audit-log.sql), which reads the counts the triggers keep and never counts
 * the log itself, so a million entries cost what a hundred do
 * (docs/decisions/034-audit-log-at-scale.md). This side says which instants: the shop's day and
 * the last 24 UTC hours, on the shop's clock.
 */

const HOUR_MS = 3_600_000;

interface TodayRow {
  events: number;
  failed_logins: number;
  admin_actions: number;
  security_events: number;
}

interface StatsJson {
  total: string;
  today: TodayRow | null;
  head: TodayRow | null;
  top_users: AuditStats['top_users'];
  top_actions: AuditStats['top_actions'];
  by_hour: { hour: string; events: number; failures: number }[];
}

const floorHour = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

export async function auditStats(db: Db, now: Date, timeZone: string): Promise<AuditStats> {
  const hourNow = floorHour(now);
  const firstHour = new Date(hourNow.getTime() - 23 * HOUR_MS);
  // Today: the whole hours from the first one starting at or after the shop's midnight come from
  // the hourly counts; in a zone whose midnight is not on the hour (India, Nepal…) the part before
  // that hour from the log itself (under an hour of entries).
  const midnight = startOfShopDay(shopToday(now, timeZone), timeZone);
  const firstWholeHour = new Date(Math.ceil(midnight.getTime() / HOUR_MS) * HOUR_MS);
  const roles = `{${STAFF_ROLES.join(',')}}`;
  const [row] = (
    (await db.execute(
      sql`select cedar_audit_stats(${instant(firstHour)}, ${instant(hourNow)}, ${instant(firstWholeHour)}, ${instant(midnight)}, ${AUDIT_TOP_COUNT}, ${roles}::text[]) as stats`,
    )) as unknown as { rows: { stats: StatsJson }[] }
  ).rows;
  const stats = row?.stats;
  if (!stats) throw new Error('cedar_audit_stats answered nothing');
  const today = (key: keyof TodayRow) => (stats.today?.[key] ?? 0) + (stats.head?.[key] ?? 0);
  const counted = new Map(stats.by_hour.map((hour) => [hour.hour, hour]));
  return {
    total_events: Number(stats.total),
    today_events: today('events'),
    failed_logins: today('failed_logins'),
    admin_actions: today('admin_actions'),
    security_events: today('security_events'),
    top_users: stats.top_users,
    top_actions: stats.top_actions,
    events_by_hour: Array.from({ length: 24 }, (_, index) => {
      const hour = new Date(firstHour.getTime() + index * HOUR_MS).toISOString();
      const found = counted.get(hour);
      return { hour, events: found?.events ?? 0, failures: found?.failures ?? 0 };
    }),
  };
}
