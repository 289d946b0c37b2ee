import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAtColumn } from '#server/db/columns.ts';

/**
 * Key/value settings kept in the database, so every server process on one database shares them:
 * instance secrets (JWT key, hidden admin path), the demo-seed marker, and later the site settings.
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAtColumn(),
});
