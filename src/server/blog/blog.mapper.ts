import type {
  AdminBlogPost,
  AdminBlogPostSummary,
  BlogCategory,
  BlogPostStatus,
  BlogPostSummary,
} from '#shared/contracts/blog.ts';
import type { blogCategories, blogPosts } from './blog.table.ts';

export type BlogPostRow = typeof blogPosts.$inferSelect;
export type BlogCategoryRow = typeof blogCategories.$inferSelect;

/** What the post queries join onto a row: the author's account and the category. Lists leave the content out. */
export interface BlogSummaryJoined {
  post: Omit<BlogPostRow, 'content'>;
  authorName: string | null;
  authorAvatar: string | null;
  category: { id: string; name: string; slug: string } | null;
}

/** One post, with its content. */
export interface BlogPostJoined extends BlogSummaryJoined {
  post: BlogPostRow;
}

/**
 * The status a post has now: `published` and `scheduled` differ only by whether `published_at`
 * has passed (docs/product.md#blog-posts-and-categories), so a stored status is read through the
 * clock. The SQL twin is `statusCondition` in blog-post-queries.ts.
 */
export function effectiveStatus(row: Pick<BlogPostRow, 'status' | 'publishedAt'>, now: Date): BlogPostStatus {
  const status = row.status as BlogPostStatus;
  if (status !== 'published' && status !== 'scheduled') return status;
  return row.publishedAt !== null && row.publishedAt <= now ? 'published' : 'scheduled';
}

export function toAdminBlogPostSummary(joined: BlogSummaryJoined, now: Date): AdminBlogPostSummary {
  const { post } = joined;
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    featured_image: post.featuredImage,
    images: post.images,
    // The live account's name and picture; the name kept at writing once the account is gone.
    author: { name: joined.authorName ?? post.authorName, avatar: joined.authorAvatar },
    author_id: post.authorId,
    category_id: post.categoryId,
    category: joined.category,
    tags: post.tags,
    status: effectiveStatus(post, now),
    published_at: post.publishedAt?.toISOString() ?? null,
    meta_title: post.metaTitle,
    meta_description: post.metaDescription,
    canonical_url: post.canonicalUrl,
    is_featured: post.isFeatured,
    view_count: post.viewCount,
    reading_time_minutes: post.readingTimeMinutes,
    created_at: post.createdAt.toISOString(),
    updated_at: post.updatedAt.toISOString(),
  };
}

/** A post in a public list: the staff-side account id left out. */
export function toBlogPostSummary(joined: BlogSummaryJoined, now: Date): BlogPostSummary {
  const { author_id: _authorId, ...summary } = toAdminBlogPostSummary(joined, now);
  return summary;
}

export function toAdminBlogPost(joined: BlogPostJoined, now: Date): AdminBlogPost {
  return { ...toAdminBlogPostSummary(joined, now), content: joined.post.content };
}

export function toBlogCategory(row: BlogCategoryRow, postCount: number): BlogCategory {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    parent_id: row.parentId,
    sort_order: row.sortOrder,
    is_active: row.isActive,
    post_count: postCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
