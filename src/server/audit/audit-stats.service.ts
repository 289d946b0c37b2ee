import { and, desc, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/users/users.table.ts';
import { AUDIT_TOP_COUNT, AUDIT_TOP_DAYS, type AuditStats } from '#shared/contracts/audit.ts';
import { STAFF_ROLES } from '#shared/contracts/auth.ts';
import { shopToday } from '#shared/promo-codes.ts';
import { auditLogHourly, auditLogs } from './audit.table.ts';
import { totalEntries } from './audit-log.service.ts';
import { startOfShopDay } from './audit-queries.ts';

/**
 * `GET /admin/audit/stats` (docs/product.md#audit-log): read from the hourly and daily counts the
 * triggers keep (src/server/db/sql/audit-log.sql), never by counting the log itself, so a million
 * entries cost what a hundred do (docs/decisions/034-audit-log-at-scale.md).
 */

const HOUR_MS = 3_600_000;

/**
 * The stats' categories as conditions on a row of the log or of its hourly counts (both have
 * action, status and user_id). Their words are in the contract (AuditStatsSchema) and the docs.
 */
interface CountedColumns {
  action: SQL | object;
  status: SQL | object;
  userId: SQL | object;
}
const startsWith = (column: SQL | object, prefix: string) => sql`starts_with(${column}, ${prefix})`;
const failedLogin = (c: CountedColumns) => sql`(${c.status} = 'failure' and ${startsWith(c.action, 'auth.')})`;
const adminAction = (c: CountedColumns) =>
  sql`(${c.status} = 'success' and ${c.userId} is not null and not ${startsWith(c.action, 'auth.')} and not ${startsWith(c.action, 'account.')})`;
const securityEvent = (c: CountedColumns) =>
  sql`(${c.status} = 'failure' or ${startsWith(c.action, 'auth.')} or ${startsWith(c.action, 'security.')} or ${startsWith(c.action, 'staff.')} or ${startsWith(c.action, 'user.')})`;

/** Today's four figures over `events` (the hourly counts) or over rows (`count` of the log). */
const todayFigures = (c: CountedColumns, weight: SQL) => sql`
  coalesce(sum(${weight}), 0)::int as events,
  coalesce(sum(${weight}) filter (where ${failedLogin(c)}), 0)::int as failed_logins,
  coalesce(sum(${weight}) filter (where ${adminAction(c)}), 0)::int as admin_actions,
  coalesce(sum(${weight}) filter (where ${securityEvent(c)}), 0)::int as security_events`;

interface TodayRow {
  events: number;
  failed_logins: number;
  admin_actions: number;
  security_events: number;
}

const floorHour = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

export async function auditStats(db: Db, now: Date, timeZone: string): Promise<AuditStats> {
  const hourNow = floorHour(now);
  // Today: the whole hours from the first one starting at or after the shop's midnight, from the
  // counts; in a zone whose midnight is not on the hour (India, Nepal…) the part before that hour
  // comes from the log itself (under an hour of entries, through its time index).
  const midnight = startOfShopDay(shopToday(now, timeZone), timeZone);
  const firstWholeHour = new Date(Math.ceil(midnight.getTime() / HOUR_MS) * HOUR_MS);
  const dayHours = and(gte(auditLogHourly.hour, firstWholeHour), lte(auditLogHourly.hour, hourNow));
  const hourly = { action: auditLogHourly.action, status: auditLogHourly.status, userId: auditLogHourly.userId };
  const logged = { action: auditLogs.action, status: auditLogs.status, userId: auditLogs.userId };

  const total = await totalEntries(db);
  const [today] = (
    (await db.execute(
      sql`select ${todayFigures(hourly, sql`${auditLogHourly.events}`)} from ${auditLogHourly} where ${dayHours}`,
    )) as unknown as { rows: TodayRow[] }
  ).rows;
  let head: TodayRow | undefined;
  if (firstWholeHour.getTime() > midnight.getTime()) {
    [head] = (
      (await db.execute(
        sql`select ${todayFigures(logged, sql`1`)} from ${auditLogs}
            where ${and(gte(auditLogs.createdAt, midnight), lt(auditLogs.createdAt, firstWholeHour))}`,
      )) as unknown as { rows: TodayRow[] }
    ).rows;
  }
  const todayPart = (key: keyof TodayRow) => (today?.[key] ?? 0) + (head?.[key] ?? 0);

  const topSince = new Date(hourNow.getTime() - (AUDIT_TOP_DAYS * 24 - 1) * HOUR_MS);
  const topHours = and(gte(auditLogHourly.hour, topSince), lte(auditLogHourly.hour, hourNow));
  const eventsSum = sql<number>`sum(${auditLogHourly.events})::int`;
  const topUsers = await db
    .select({ userId: users.id, name: users.name, email: users.email, events: eventsSum })
    .from(auditLogHourly)
    .innerJoin(users, sql`${users.id} = ${auditLogHourly.userId}`)
    .where(and(topHours, inArray(users.role, [...STAFF_ROLES])))
    .groupBy(users.id, users.name, users.email)
    .orderBy(desc(sql`sum(${auditLogHourly.events})`), users.name)
    .limit(AUDIT_TOP_COUNT);
  const topActions = await db
    .select({ action: auditLogHourly.action, events: eventsSum })
    .from(auditLogHourly)
    .where(topHours)
    .groupBy(auditLogHourly.action)
    .orderBy(desc(sql`sum(${auditLogHourly.events})`), auditLogHourly.action)
    .limit(AUDIT_TOP_COUNT);

  const firstHour = new Date(hourNow.getTime() - 23 * HOUR_MS);
  const byHour = await db
    .select({
      hour: auditLogHourly.hour,
      events: eventsSum,
      failures: sql<number>`coalesce(sum(${auditLogHourly.events}) filter (where ${auditLogHourly.status} = 'failure'), 0)::int`,
    })
    .from(auditLogHourly)
    .where(and(gte(auditLogHourly.hour, firstHour), lte(auditLogHourly.hour, hourNow)))
    .groupBy(auditLogHourly.hour);
  const counted = new Map(byHour.map((row) => [row.hour.getTime(), row]));

  return {
    total_events: total,
    today_events: todayPart('events'),
    failed_logins: todayPart('failed_logins'),
    admin_actions: todayPart('admin_actions'),
    security_events: todayPart('security_events'),
    top_users: topUsers.map((row) => ({
      user_id: row.userId,
      name: row.name,
      email: row.email,
      events: Number(row.events),
    })),
    top_actions: topActions.map((row) => ({ action: row.action, events: Number(row.events) })),
    events_by_hour: Array.from({ length: 24 }, (_, index) => {
      const hour = new Date(firstHour.getTime() + index * HOUR_MS);
      const row = counted.get(hour.getTime());
      return { hour: hour.toISOString(), events: Number(row?.events ?? 0), failures: Number(row?.failures ?? 0) };
    }),
  };
}
