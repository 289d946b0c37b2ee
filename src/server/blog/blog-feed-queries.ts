import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { blogCategories, blogPosts } from './blog.table.ts';
import { publicCondition } from './blog-post-queries.ts';

/** Posts in the RSS feed (docs/product.md#demo-posts-feed-and-sitemap). */
export const FEED_POST_LIMIT = 20;
/** The sitemap protocol's own cap; the shop's catalogue takes its share first. */
const SITEMAP_POST_LIMIT = 50_000;

export interface FeedPost {
  title: string;
  slug: string;
  excerpt: string;
  category: string | null;
  publishedAt: Date;
  updatedAt: Date;
}

/** The newest public posts for /blog/feed.xml, without their content. */
export async function listFeedPosts(db: Db, now: Date, limit = FEED_POST_LIMIT): Promise<FeedPost[]> {
  const rows = await db
    .select({
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      category: blogCategories.name,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .where(publicCondition(now))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(limit);
  // Public posts always have a date (publicCondition); the fallback only satisfies the type.
  return rows.map((row) => ({ ...row, publishedAt: row.publishedAt ?? row.updatedAt }));
}

/** Every public post's slug and last change, for /sitemap.xml. */
export function listSitemapPosts(db: Db, now: Date): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(publicCondition(now))
    .orderBy(sql`${blogPosts.publishedAt} desc`, desc(blogPosts.id))
    .limit(SITEMAP_POST_LIMIT);
}
