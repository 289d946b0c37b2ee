import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '#server/db/columns.ts';
import { users } from '#server/users/users.table.ts';

/** Every admin write and security event: who, what, before/after, IP, when (docs/engineering.md#data-rules). */
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
    index('audit_logs_created_idx').on(table.createdAt),
    index('audit_logs_entity_idx').on(table.entityType, table.entityId),
  ],
);
