import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '#server/db/columns.ts';
import { users } from '#server/users/users.table.ts';

/**
 * Every admin write and security event: who, what, before/after, IP, when (docs/engineering.md#data-rules).
 * Append-only from the application (docs/product.md#audit-log): a database trigger refuses any
 * change or delete but the retention run's, the foreign key's `user_id` → null when an account
 * is removed, and the personal-data erasure (decision 034; src/server/db/sql/audit-log.sql).
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: idColumn(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userEmail: text('user_email'),
    /**
     * The actor's name when the entry was written: a removed staff member's entries keep it (the
     * user id is set null on removal). The log is append-only, so nothing fills it in later.
     */
    userName: text('user_name'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** `failure` for refused attempts (a wrong password, a wrong two-step code, an allowlist refusal). */
    status: text('status').$type<'success' | 'failure'>().notNull().default('success'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    // The list's order (newest first, id breaking ties), and one index per filter in that order,
    // so a filtered first page reads twenty index entries, not the matching million (decision 034).
    index('audit_logs_created_idx').on(table.createdAt, table.id),
    index('audit_logs_action_idx').on(table.action, table.createdAt, table.id),
    index('audit_logs_entity_type_idx').on(table.entityType, table.createdAt, table.id),
    // Also what the foreign key's ON DELETE SET NULL finds a removed account's entries by.
    index('audit_logs_user_idx').on(table.userId, table.createdAt, table.id),
    // Failures are few: a partial index; `success` walks the list's own index.
    index('audit_logs_failure_idx').on(table.createdAt, table.id).where(sql`${table.status} = 'failure'`),
    index('audit_logs_entity_idx').on(table.entityType, table.entityId),
    // The search box: trigrams of what it matches (pg_trgm), so a rare term is found without
    // reading the log. The query repeats the expression exactly (auditSearchText).
    index('audit_logs_search_idx').using(
      'gin',
      sql`${auditSearchText({
        action: table.action,
        entityId: table.entityId,
        userEmail: table.userEmail,
        userName: table.userName,
        ip: table.ip,
      })} gin_trgm_ops`,
    ),
  ],
);

/**
 * What the list's search matches: action, entity id, the actor's email and name, and the IP, in
 * lower case, one string. The trigram index is built on exactly this expression.
 */
export function auditSearchText(
  columns: Record<'action' | 'entityId' | 'userEmail' | 'userName' | 'ip', SQLWrapper>,
): SQL {
  return sql`lower(${columns.action} || ' ' || coalesce(${columns.entityId}, '') || ' ' || coalesce(${columns.userEmail}, '') || ' ' || coalesce(${columns.userName}, '') || ' ' || coalesce(${columns.ip}, ''))`;
}

/**
 * The log counted by UTC hour, kept equal to `audit_logs` at every commit by its triggers
 * (src/server/db/sql/audit-log.sql): the stats read a day's 24 rows here instead of counting the
 * log (decision 034). Each row holds the hour's entries and how many fall in each of the stats'
 * categories (docs/product.md#audit-log "Stats"), judged when the entry is written by the SQL
 * functions that define them (`cedar_audit_failed_login`…).
 */
export const auditLogHourly = pgTable('audit_log_hourly', {
  hour: timestamp('hour', { withTimezone: true }).primaryKey(),
  events: integer('events').notNull(),
  failures: integer('failures').notNull(),
  failedLogins: integer('failed_logins').notNull(),
  adminActions: integer('admin_actions').notNull(),
  securityEvents: integer('security_events').notNull(),
});

/** The log counted by UTC hour and action: the top actions. */
export const auditLogHourlyActions = pgTable(
  'audit_log_hourly_actions',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    action: text('action').notNull(),
    events: integer('events').notNull(),
  },
  (table) => [primaryKey({ columns: [table.hour, table.action] })],
);

/**
 * The log counted by UTC hour and actor (the account's id when the entry was written; entries
 * without one are not counted here): the top users.
 */
export const auditLogHourlyUsers = pgTable(
  'audit_log_hourly_users',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    userId: uuid('user_id').notNull(),
    events: integer('events').notNull(),
  },
  (table) => [primaryKey({ columns: [table.hour, table.userId] })],
);

/** The log counted by UTC day: the whole log's total in a few thousand rows at most. Kept by the same triggers. */
export const auditLogDaily = pgTable('audit_log_daily', {
  day: date('day').primaryKey(),
  events: bigint('events', { mode: 'number' }).notNull(),
});
