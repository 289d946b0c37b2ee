import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '#server/db/columns.ts';
import { users } from '#server/users/users.table.ts';
import type { SecurityAlertSeverity, SecurityAlertType } from '#shared/contracts/security.ts';

/**
 * Security alerts (docs/product.md#security-alerts): raised by the code that sees the event
 * (security-alerts.service.ts `raiseSecurityAlert`), shown on the Security page and in every
 * active admin's bell, resolved by a staff member (who and when are kept).
 */
export const securityAlerts = pgTable(
  'security_alerts',
  {
    id: idColumn(),
    type: text('type').$type<SecurityAlertType>().notNull(),
    severity: text('severity').$type<SecurityAlertSeverity>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    ipAddress: text('ip_address'),
    /** The staff member the event is about (signed in, locked out, changed); kept null after removal. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    resolved: boolean('resolved').notNull().default(false),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [index('security_alerts_open_idx').on(table.resolved, table.createdAt)],
);
