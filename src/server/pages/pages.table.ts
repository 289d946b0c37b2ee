import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '#server/users/users.table.ts';

/**
 * The shop's fixed pages (docs/product.md#fixed-pages), one row per slug of #shared/pages.ts once
 * staff first save it. A slug with no row is served from its default text
 * (src/server/pages/default-pages.ts), so a new shop needs no seed step. `content` is HTML already
 * through the blog's sanitiser and is cleaned again when served.
 */
export const shopPages = pgTable('shop_pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  metaTitle: text('meta_title'),
  metaDescription: text('meta_description'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
