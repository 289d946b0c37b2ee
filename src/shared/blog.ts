/**
 * The blog (docs/product.md#blog): the words and plain rules both sides use, without zod, so the
 * storefront's blog pages can import them without the contract code.
 */

/**
 * A post's stored status. `scheduled` and `published` are both public once `published_at` has
 * passed (a published post with a future date counts as scheduled until then); `draft` and
 * `archived` never are.
 */
export const BLOG_POST_STATUSES = ['draft', 'scheduled', 'published', 'archived'] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];

export const BLOG_POST_STATUS_LABELS: Record<BlogPostStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
  archived: 'Archived',
};

/** Public list sorts (`sort_by`); the admin list adds created_at and updated_at. */
export const BLOG_SORTS = ['published_at', 'title', 'view_count', 'reading_time_minutes'] as const;
export type BlogSort = (typeof BLOG_SORTS)[number];
export const BLOG_ADMIN_SORTS = [...BLOG_SORTS, 'created_at', 'updated_at'] as const;
export type BlogAdminSort = (typeof BLOG_ADMIN_SORTS)[number];

/** Posts per page of the public list (its default `limit`). */
export const BLOG_PAGE_SIZE = 12;
/** Related posts under a post (the default `limit` of /related), and the most one call may ask for. */
export const RELATED_POSTS_LIMIT = 5;
export const RELATED_POSTS_MAX = 20;

/** Field limits of posts and categories. */
export const BLOG_LIMITS = {
  title: 200,
  slug: 120,
  excerpt: 500,
  /** Characters of HTML as the editor sends it. */
  content: 200_000,
  metaTitle: 120,
  metaDescription: 320,
  url: 500,
  images: 20,
  tags: 20,
  tag: 50,
  categoryName: 80,
  categoryDescription: 2000,
  search: 100,
  /** Characters of a generated excerpt (the text of the content, cut at a word). */
  autoExcerpt: 200,
} as const;

export const BLOG_MESSAGES = {
  postNotFound: 'Post not found',
  categoryNotFound: 'Category not found',
  postSlugTaken: 'This slug is already used by another post',
  categorySlugTaken: 'This slug is already used by another blog category',
  categoryMissing: 'Blog category not found',
  parentMissing: 'Parent category not found',
  underItself: 'A category cannot be placed under itself or one of its sub-categories',
  scheduledNeedsDate: 'A scheduled post needs a publish date (published_at)',
  moveTargetMissing: 'The category to move the posts into was not found',
  moveTargetSame: 'Choose another category to move the posts into',
} as const;

/** The 409 of deleting a category that still has posts without `move_to`. */
export function categoryHasPostsMessage(posts: number): string {
  return `This category has ${posts} ${posts === 1 ? 'post' : 'posts'}. Choose another category to move them into (move_to) before deleting it.`;
}
