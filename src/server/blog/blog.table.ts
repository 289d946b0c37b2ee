import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '#server/db/columns.ts';
import { users } from '#server/users/users.table.ts';

/**
 * Blog categories (docs/product.md#blog-posts-and-categories): their own tree, apart from the
 * product categories. Deleting one moves its posts first (the service asks for `move_to`); its
 * sub-categories become top level.
 */
export const blogCategories = pgTable(
  'blog_categories',
  {
    id: idColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    parentId: uuid('parent_id').references((): AnyPgColumn => blogCategories.id, { onDelete: 'set null' }),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    /** The content's fingerprint as the demo seed wrote it (src/server/db/demo-marks.ts); null for the merchant's own rows. */
    demoHash: text('demo_hash'),
  },
  (table) => [uniqueIndex('blog_categories_slug_unique').on(table.slug)],
);

/**
 * Blog posts (docs/product.md#blog-posts-and-categories). `content` is HTML already through the
 * sanitiser (src/server/blog/post-html.ts) and is cleaned again when served. A post is public when
 * its status is `published` or `scheduled` and `published_at` has passed, so a scheduled post
 * appears on time with no job to flip it. `reading_time_minutes` is computed on every write (the
 * list sorts on it). The author is the staff user who created it; `author_name` keeps the name for
 * when that account is deleted.
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: idColumn(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    content: text('content').notNull().default(''),
    featuredImage: text('featured_image'),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    categoryId: uuid('category_id').references(() => blogCategories.id, { onDelete: 'set null' }),
    /** Lower-case, trimmed, no duplicates. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** 'draft' | 'scheduled' | 'published' | 'archived' (#shared/blog.ts BLOG_POST_STATUSES). */
    status: text('status').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    canonicalUrl: text('canonical_url'),
    isFeatured: boolean('is_featured').notNull().default(false),
    viewCount: integer('view_count').notNull().default(0),
    readingTimeMinutes: integer('reading_time_minutes').notNull().default(1),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    /** The content's fingerprint as the demo seed wrote it (src/server/db/demo-marks.ts); null for the merchant's own rows. */
    demoHash: text('demo_hash'),
  },
  (table) => [
    uniqueIndex('blog_posts_slug_unique').on(table.slug),
    index('blog_posts_status_published_idx').on(table.status, table.publishedAt),
    index('blog_posts_category_idx').on(table.categoryId),
    index('blog_posts_tags_idx').using('gin', table.tags),
    check('blog_posts_status', sql`${table.status} in ('draft', 'scheduled', 'published', 'archived')`),
    check('blog_posts_view_count_non_negative', sql`${table.viewCount} >= 0`),
  ],
);

/**
 * One row per post, visitor and day: `visitor_hash` is a hash of the IP, user agent and shop day,
 * so nothing identifying is kept. A view counts only when its row is new (insert … on conflict do
 * nothing), which holds under concurrent requests.
 */
export const blogPostViews = pgTable(
  'blog_post_views',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.visitorHash] }),
    index('blog_post_views_created_idx').on(table.createdAt),
  ],
);
