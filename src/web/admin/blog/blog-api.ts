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

/** The categories as `[id, label]` options, parents before their children, indented by level. */
export function blogCategoryOptions(
  categories: readonly BlogCategory[],
  exceptId?: string,
): Array<[id: string, label: string]> {
  const ids = new Set(categories.map((category) => category.id));
  const children = new Map<string | null, BlogCategory[]>();
  for (const category of categories) {
    const parent = category.parent_id && ids.has(category.parent_id) ? category.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), category]);
  }
  const options: Array<[string, string]> = [];
  const visit = (parent: string | null, depth: number) => {
    const level = [...(children.get(parent) ?? [])].sort(
      (a, b) => a.sort_order - b.sort_order || a.name.localeCompare(b.name),
    );
    for (const category of level) {
      // A category's own branch cannot be its parent (nor receive its posts).
      if (category.id === exceptId) continue;
      options.push([category.id, `${'— '.repeat(depth)}${category.name}${category.is_active ? '' : ' (inactive)'}`]);
      visit(category.id, depth + 1);
    }
  };
  visit(null, 0);
  return options;
}
