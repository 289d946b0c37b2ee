import type { QueryClient } from '@tanstack/react-query';
import type {
  AdminBlogPost,
  AdminBlogPostSummary,
  BlogCategory,
  BlogCategoryCreate,
  BlogCategoryUpdate,
  BlogPostCreate,
  BlogPostUpdate,
} from '#shared/contracts/blog.ts';
import type { QueryParams } from '#web/lib/api-client.ts';
import { adminDelete, adminGet, adminList, adminPost, adminPut } from '../auth/admin-api.ts';

/** Every admin blog query starts with this key, so one invalidation refreshes the lists, editors and categories. */
export const ADMIN_BLOG_KEY = ['admin', 'blog'] as const;

const POSTS = '/blogs/admin/posts';
const CATEGORIES = '/blogs/admin/categories';
const postPath = (id: string) => `${POSTS}/${encodeURIComponent(id)}`;
const categoryPath = (id: string) => `${CATEGORIES}/${encodeURIComponent(id)}`;

export const listBlogPosts = (query: QueryParams, signal?: AbortSignal) =>
  adminList<AdminBlogPostSummary>(POSTS, { query, signal });
export const getBlogPost = (id: string, signal?: AbortSignal) => adminGet<AdminBlogPost>(postPath(id), { signal });
export const createBlogPost = (body: BlogPostCreate) => adminPost<AdminBlogPost>(POSTS, body);
export const updateBlogPost = (id: string, body: BlogPostUpdate) => adminPut<AdminBlogPost>(postPath(id), body);
export const deleteBlogPost = (id: string) => adminDelete(postPath(id));

export const createBlogCategory = (body: BlogCategoryCreate) => adminPost<BlogCategory>(CATEGORIES, body);
export const updateBlogCategory = (id: string, body: BlogCategoryUpdate) =>
  adminPut<BlogCategory>(categoryPath(id), body);
/** 409 when it holds posts and `moveTo` is not given (docs/product.md#blog-posts-and-categories). */
export const deleteBlogCategory = (id: string, moveTo?: string) =>
  adminDelete(categoryPath(id), { query: { move_to: moveTo } });

/** Every blog category, inactive too (the editor's picker, the list's filter, the categories screen). */
export const blogCategoriesQuery = {
  queryKey: [...ADMIN_BLOG_KEY, 'categories'],
  queryFn: ({ signal }: { signal?: AbortSignal }) => adminGet<BlogCategory[]>(CATEGORIES, { signal }),
  staleTime: 30_000,
} as const;

export function invalidateBlog(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ADMIN_BLOG_KEY });
}
