import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/users/users.table.ts';
import { AUDIT_TOP_COUNT, type AuditStats } from '#shared/contracts/audit.ts';
import { STAFF_ROLES } from '#shared/contracts/auth.ts';
import { shopToday } from '#shared/promo-codes.ts';
import { auditLogDaily, auditLogHourly, auditLogHourlyActions, auditLogHourlyUsers, auditLogs } from './audit.table.ts';
import { startOfShopDay } from './audit-queries.ts';

/**
 * `GET /admin/audit/stats` (docs/product.md#audit-log): one statement over the counts the
 * triggers keep (src/server/db/sql/audit-log.sql), never over the log itself, so a million
 * entries cost what a hundred do (docs/decisions/034-audit-log-at-scale.md): the daily counts'
 * sum for the total, at most 48 hourly rows for today and the chart, and the last 24 hours of the
 * per-action and per-person counts for the top lists.
 */

const HOUR_MS = 3_600_000;

interface TodayRow {
  events: number;
  failed_logins: number;
  admin_actions: number;
  security_events: number;
}

interface StatsRow {
  total: string;
  today: TodayRow;
  head: TodayRow;
  top_users: AuditStats['top_users'];
  top_actions: AuditStats['top_actions'];
  by_hour: { hour: string; events: number; failures: number }[];
}

const floorHour = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

export async function auditStats(db: Db, now: Date, timeZone: string): Promise<AuditStats> {
  const hourNow = floorHour(now);
  const firstHour = new Date(hourNow.getTime() - 23 * HOUR_MS);
  // Today: the whole hours from the first one starting at or after the shop's midnight, from the
  // counts; in a zone whose midnight is not on the hour (India, Nepal…) the part before that hour
  // comes from the log itself (under an hour of entries, through its time index), judged by the
  // same SQL functions the counting trigger uses.
  const midnight = startOfShopDay(shopToday(now, timeZone), timeZone);
  const firstWholeHour = new Date(Math.ceil(midnight.getTime() / HOUR_MS) * HOUR_MS);
  const staffRoles = sql.join(
    STAFF_ROLES.map((role) => sql`${role}`),
    sql`, `,
  );
  const [row] = (
    (await db.execute(sql`
      select
        (select coalesce(sum(events), 0) from ${auditLogDaily})::text as total,
        (select row_to_json(t) from (
          select coalesce(sum(events), 0)::int as events, coalesce(sum(failed_logins), 0)::int as failed_logins,
                 coalesce(sum(admin_actions), 0)::int as admin_actions, coalesce(sum(security_events), 0)::int as security_events
          from ${auditLogHourly} where hour >= ${instant(firstWholeHour)} and hour <= ${instant(hourNow)}
        ) t) as today,
        (select row_to_json(t) from (
          select count(*)::int as events,
                 (count(*) filter (where cedar_audit_failed_login(a.action, a.status)))::int as failed_logins,
                 (count(*) filter (where cedar_audit_admin_action(a.action, a.status, a.user_id)))::int as admin_actions,
                 (count(*) filter (where cedar_audit_security_event(a.action, a.status)))::int as security_events
          from ${auditLogs} a where a.created_at >= ${instant(midnight)} and a.created_at < ${instant(firstWholeHour)}
        ) t) as head,
        (select coalesce(json_agg(t), '[]') from (
          select u.id as user_id, u.name, u.email, sum(c.events)::int as events
          from ${auditLogHourlyUsers} c join ${users} u on u.id = c.user_id
          where c.hour >= ${instant(firstHour)} and c.hour <= ${instant(hourNow)} and u.role in (${staffRoles})
          group by u.id, u.name, u.email order by 4 desc, u.name limit ${AUDIT_TOP_COUNT}
        ) t) as top_users,
        (select coalesce(json_agg(t), '[]') from (
          select action, sum(events)::int as events from ${auditLogHourlyActions}
          where hour >= ${instant(firstHour)} and hour <= ${instant(hourNow)}
          group by action order by 2 desc, action limit ${AUDIT_TOP_COUNT}
        ) t) as top_actions,
        (select coalesce(json_agg(t), '[]') from (
          select to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00.000"Z"') as hour, events, failures
          from ${auditLogHourly} where hour >= ${instant(firstHour)} and hour <= ${instant(hourNow)}
        ) t) as by_hour`)) as unknown as { rows: StatsRow[] }
  ).rows;
  if (!row) throw new Error('the audit stats statement answered no row');
  const today = (key: keyof TodayRow) => (row.today?.[key] ?? 0) + (row.head?.[key] ?? 0);
  const counted = new Map(row.by_hour.map((hour) => [hour.hour, hour]));
  return {
    total_events: Number(row.total),
    today_events: today('events'),
    failed_logins: today('failed_logins'),
    admin_actions: today('admin_actions'),
    security_events: today('security_events'),
    top_users: row.top_users,
    top_actions: row.top_actions,
    events_by_hour: Array.from({ length: 24 }, (_, index) => {
      const hour = new Date(firstHour.getTime() + index * HOUR_MS).toISOString();
      const found = counted.get(hour);
      return { hour, events: found?.events ?? 0, failures: found?.failures ?? 0 };
    }),
  };
}
