import { queryOptions } from '@tanstack/react-query';
import type { Category } from '#shared/contracts/categories.ts';
import { apiGet } from '#web/lib/api-client.ts';

/** GET /categories → `{ data: Category[] }`: the active categories in sort order. */
export const categoriesQuery = queryOptions({
  queryKey: ['categories'] as const,
  queryFn: ({ signal }) => apiGet<Category[]>('/categories', { signal }),
});

export function topLevelCategories(categories: readonly Category[]): Category[] {
  return categories.filter((category) => category.parent_id === null);
}
