import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { BlogPost } from '#shared/contracts/blog.ts';
import { toBlogPostSummary } from './blog.mapper.ts';
import { blogCategories, blogPosts } from './blog.table.ts';
import { findPublicPost, publicCondition } from './blog-post-queries.ts';
import { sanitizePostHtml } from './post-html.ts';

/**
 * What the server-drawn blog pages need besides the API (decision 015): a revision that changes
 * whenever what /blog or a post shows may have changed, and one public post for a post page's meta.
 */

/**
 * A string that changes when a post or category is written or removed, AND when a scheduled post's
 * time passes (no job flips its status: the number of posts public at `now` goes up by one). One
 * query over two small tables, asked once per drawn blog page.
 */
export async function blogRevision(db: Db, now: Date): Promise<string> {
  const [row] = await db
    .select({
      posts: sql<string>`count(*)::text`,
      public: sql<string>`(count(*) filter (where ${publicCondition(now)}))::text`,
      postsChanged: sql<string | null>`max(${blogPosts.updatedAt})::text`,
      categories: sql<string>`(select concat_ws(':', count(*), max(${blogCategories.updatedAt})) from ${blogCategories})`,
    })
    .from(blogPosts);
  return row ? `${row.posts}:${row.public}:${row.postsChanged ?? ''}/${row.categories}` : '';
}

/** The public post at `slug` as `GET /blogs/posts/{slug}` answers it, or null when there is none. */
export async function publicPostForPage(db: Db, slug: string, now: Date): Promise<BlogPost | null> {
  try {
    const joined = await findPublicPost(db, slug, now);
    return { ...toBlogPostSummary(joined, now), content: sanitizePostHtml(joined.post.content) };
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}
