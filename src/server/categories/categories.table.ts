import { type AnyPgColumn, boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '#server/db/columns.ts';

export const categories = pgTable(
  'categories',
  {
    id: idColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull().default(''),
    image: text('image'),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    /** The content's fingerprint as the demo seed wrote it (src/server/db/demo-marks.ts); null for the merchant's own rows. */
    demoHash: text('demo_hash'),
  },
  (table) => [index('categories_parent_idx').on(table.parentId), index('categories_sort_idx').on(table.sortOrder)],
);
