import { queryOptions } from '@tanstack/react-query';
import { BLOG_PAGE_SIZE, RELATED_POSTS_LIMIT } from '#shared/blog.ts';
import type { BlogCategory, BlogPost, BlogPostSummary } from '#shared/contracts/blog.ts';
import type { Product } from '#shared/contracts/products.ts';
import { ApiError, apiGet, apiList } from '#web/lib/api-client.ts';

/**
 * The blog pages' reads (docs/product.md#blog-pages), all under the `blog` key. The server draws
 * /blog and /blog/{slug} (decision 009) by answering these same queries in process, and the
 * browser starts with its answers.
 */
export const blogKeys = {
  all: ['blog'] as const,
  categories: ['blog', 'categories'] as const,
  list: (params: BlogListParams) => ['blog', 'posts', params] as const,
  post: (slug: string) => ['blog', 'post', slug] as const,
  related: (slug: string) => ['blog', 'related', slug] as const,
  products: (refs: readonly string[]) => ['blog', 'products', refs] as const,
};

/** GET /blogs/categories: the active categories with their number of public posts. */
export const blogCategoriesQuery = queryOptions({
  queryKey: blogKeys.categories,
  queryFn: ({ signal }) => apiGet<BlogCategory[]>('/blogs/categories', { signal }),
});

export interface BlogListParams {
  page: number;
  search?: string;
  category_id?: string;
}

/** GET /blogs/posts: a page of public posts, newest first. */
export function blogPostsQuery(params: BlogListParams) {
  return queryOptions({
    queryKey: blogKeys.list(params),
    queryFn: ({ signal }) =>
      apiList<BlogPostSummary>('/blogs/posts', { query: { ...params, limit: BLOG_PAGE_SIZE }, signal }),
  });
}

/** GET /blogs/posts/{slug}: the post (a view is counted separately, from the browser only). */
export function blogPostQuery(slug: string) {
  return queryOptions({
    queryKey: blogKeys.post(slug),
    queryFn: ({ signal }) => apiGet<BlogPost>(`/blogs/posts/${encodeURIComponent(slug)}`, { signal }),
  });
}

/** GET /blogs/posts/{slug}/related: 5 other posts, closest first. */
export function relatedPostsQuery(slug: string) {
  return queryOptions({
    queryKey: blogKeys.related(slug),
    queryFn: ({ signal }) =>
      apiGet<BlogPostSummary[]>(`/blogs/posts/${encodeURIComponent(slug)}/related`, {
        query: { limit: RELATED_POSTS_LIMIT },
        signal,
      }),
  });
}

/**
 * The products a post names (its cards and `/product/…` links), as one query: each is read with
 * GET /products/{id or slug} (the product page's own request, answered in process when the server
 * draws the page), and a product that is gone or hidden is left out instead of failing the page.
 */
export function mentionedProductsQuery(refs: readonly string[]) {
  return queryOptions({
    queryKey: blogKeys.products(refs),
    queryFn: async ({ signal }) => {
      const found = await Promise.all(
        refs.map((ref) =>
          apiGet<Product>(`/products/${encodeURIComponent(ref)}`, { signal }).catch((error: unknown) => {
            if (error instanceof ApiError && error.status === 404) return null;
            throw error;
          }),
        ),
      );
      return refs.flatMap((ref, index) => {
        const product = found[index];
        return product ? [{ ref, product }] : [];
      });
    },
    enabled: refs.length > 0,
  });
}

/** Counts one view of the post (GET …?increment_views=true); the server counts a visitor once a day. */
export function countPostView(slug: string): Promise<unknown> {
  return apiGet(`/blogs/posts/${encodeURIComponent(slug)}`, { query: { increment_views: true } });
}
