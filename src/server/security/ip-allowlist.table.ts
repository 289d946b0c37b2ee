import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '#server/db/columns.ts';
import { users } from '#server/users/users.table.ts';

/**
 * The staff address allowlist (docs/product.md#address-allowlist): one IPv4/IPv6 address or CIDR
 * range per row, stored in ipaddr.js's normal form (`203.0.113.0/24`, `2001:db8::/32`; a single
 * address as a /32 or /128), so the same range cannot be entered twice in two spellings.
 */
export const adminIpAllowlist = pgTable('admin_ip_allowlist', {
  id: idColumn(),
  ipAddress: text('ip_address').notNull().unique(),
  description: text('description').notNull().default(''),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAtColumn(),
  /** Stamped at most once a minute per entry by the allowlist check (a write per request would cost too much). */
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  active: boolean('active').notNull().default(true),
});
