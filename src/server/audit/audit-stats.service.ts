import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/users/users.table.ts';
import { AUDIT_TOP_COUNT, type AuditStats } from '#shared/contracts/audit.ts';
import { STAFF_ROLES } from '#shared/contracts/auth.ts';
import { shopToday } from '#shared/promo-codes.ts';
import { auditLogDaily, auditLogHourly, auditLogs } from './audit.table.ts';
import { startOfShopDay } from './audit-queries.ts';

/**
 * `GET /admin/audit/stats` (docs/product.md#audit-log): one statement over the counts the
 * triggers keep (src/server/db/sql/audit-log.sql), never over the log itself, so a million
 * entries cost what a hundred do (docs/decisions/034-audit-log-at-scale.md): the daily counts'
 * sum for the total, and the hourly counts of at most the last 48 hours for everything else.
 */

const HOUR_MS = 3_600_000;

/**
 * The stats' categories as conditions on a row of the log or of its hourly counts (both have
 * action, status and user_id). Their words are in the contract (AuditStatsSchema) and the docs.
 */
const startsWith = (column: string, prefix: string) => `starts_with(${column}, '${prefix}')`;
const failedLogin = (row: string) => `(${row}.status = 'failure' and ${startsWith(`${row}.action`, 'auth.')})`;
const adminAction = (row: string) =>
  `(${row}.status = 'success' and ${row}.user_id is not null and not ${startsWith(`${row}.action`, 'auth.')} and not ${startsWith(`${row}.action`, 'account.')})`;
const securityEvent = (row: string) =>
  `(${row}.status = 'failure' or ${['auth.', 'security.', 'staff.', 'user.'].map((prefix) => startsWith(`${row}.action`, prefix)).join(' or ')})`;

/** Today's four figures, summing `weight` over rows called `row`. */
const todayFigures = (row: string, weight: string) =>
  sql.raw(`coalesce(sum(${weight}), 0)::int as events,
    coalesce(sum(${weight}) filter (where ${failedLogin(row)}), 0)::int as failed_logins,
    coalesce(sum(${weight}) filter (where ${adminAction(row)}), 0)::int as admin_actions,
    coalesce(sum(${weight}) filter (where ${securityEvent(row)}), 0)::int as security_events`);

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
  top_users: { user_id: string; name: string; email: string | null; events: number }[];
  top_actions: { action: string; events: number }[];
  by_hour: { hour: string; events: number; failures: number }[];
}

const floorHour = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

export async function auditStats(db: Db, now: Date, timeZone: string): Promise<AuditStats> {
  const hourNow = floorHour(now);
  const firstHour = new Date(hourNow.getTime() - 23 * HOUR_MS);
  // Today: the whole hours from the first one starting at or after the shop's midnight, from the
  // counts; in a zone whose midnight is not on the hour (India, Nepal…) the part before that hour
  // comes from the log itself (under an hour of entries, through its time index).
  const midnight = startOfShopDay(shopToday(now, timeZone), timeZone);
  const firstWholeHour = new Date(Math.ceil(midnight.getTime() / HOUR_MS) * HOUR_MS);
  const from = new Date(Math.min(firstHour.getTime(), firstWholeHour.getTime()));
  const staffRoles = sql.join(
    STAFF_ROLES.map((role) => sql`${role}`),
    sql`, `,
  );
  const [row] = (
    (await db.execute(sql`
      with recent as materialized (
        select hour, action, status, user_id, events from ${auditLogHourly}
        where hour >= ${from.toISOString()}::timestamptz and hour <= ${hourNow.toISOString()}::timestamptz
      ),
      last_day as (select * from recent where hour >= ${firstHour.toISOString()}::timestamptz)
      select
        (select coalesce(sum(events), 0) from ${auditLogDaily})::text as total,
        (select row_to_json(t) from (
          select ${todayFigures('r', 'r.events')} from recent r where r.hour >= ${firstWholeHour.toISOString()}::timestamptz
        ) t) as today,
        (select row_to_json(t) from (
          select ${todayFigures('a', '1')} from ${auditLogs} a
          where a.created_at >= ${midnight.toISOString()}::timestamptz and a.created_at < ${firstWholeHour.toISOString()}::timestamptz
        ) t) as head,
        (select coalesce(json_agg(t), '[]') from (
          select u.id as user_id, u.name, u.email, sum(d.events)::int as events
          from last_day d join ${users} u on u.id = d.user_id
          where u.role in (${staffRoles})
          group by u.id, u.name, u.email order by 4 desc, u.name limit ${AUDIT_TOP_COUNT}
        ) t) as top_users,
        (select coalesce(json_agg(t), '[]') from (
          select action, sum(events)::int as events from last_day group by action order by 2 desc, action limit ${AUDIT_TOP_COUNT}
        ) t) as top_actions,
        (select coalesce(json_agg(t), '[]') from (
          select to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00.000"Z"') as hour, sum(events)::int as events,
                 coalesce(sum(events) filter (where status = 'failure'), 0)::int as failures
          from last_day group by 1
        ) t) as by_hour`)) as unknown as { rows: StatsRow[] }
  ).rows;
  if (!row) throw new Error('the audit stats statement answered no row');
  // The part before the first whole hour is counted only when midnight is not on the hour.
  const head = firstWholeHour.getTime() > midnight.getTime() ? row.head : undefined;
  const today = (key: keyof TodayRow) => (row.today?.[key] ?? 0) + (head?.[key] ?? 0);
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
