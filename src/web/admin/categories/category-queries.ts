import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCategory, AdminCategoryStats } from '#shared/contracts/admin-categories.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { adminGet, adminPost } from '../auth/admin-api.ts';
import { applyOrders, type CategoryOrder } from './category-tree.ts';

/** Every admin category query starts with this key, so one invalidation refreshes the list and the stats. */
export const ADMIN_CATEGORIES_KEY = ['admin', 'categories'] as const;

/** GET /admin/categories?include_inactive=true → the flat list, inactive ones too. */
export const adminCategoriesQuery = queryOptions({
  queryKey: [...ADMIN_CATEGORIES_KEY, 'list'] as const,
  queryFn: ({ signal }) =>
    adminGet<AdminCategory[]>('/admin/categories', { query: { include_inactive: true }, signal }),
});

export const adminCategoryStatsQuery = queryOptions({
  queryKey: [...ADMIN_CATEGORIES_KEY, 'stats'] as const,
  queryFn: ({ signal }) => adminGet<AdminCategoryStats>('/admin/categories/stats', { signal }),
});

/**
 * After any write: the admin lists, and the storefront's category queries too. The panel and the
 * shop share one query client, so a shop tab opened from the panel would otherwise show stale menus.
 * (Only the key is shared; nothing is imported from the storefront.)
 */
export function invalidateCategories(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ADMIN_CATEGORIES_KEY }),
    queryClient.invalidateQueries({ queryKey: ['categories'] }),
  ]).then(() => undefined);
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

const REORDER_KEY = [...ADMIN_CATEGORIES_KEY, 'reorder'] as const;

/**
 * POST /admin/categories/reorder, applied to the cached list at once (a move should feel instant)
 * and rolled back if the server refuses it.
 */
export function useReorderCategories() {
  const queryClient = useQueryClient();
  const key = adminCategoriesQuery.queryKey;
  return useMutation({
    mutationKey: REORDER_KEY,
    // One reorder at a time on the server, in click order (each plan was made from the screen the previous move left).
    scope: { id: 'admin-category-reorder' },
    mutationFn: (categoryOrders: CategoryOrder[]) =>
      adminPost<AdminCategory[]>('/admin/categories/reorder', { categoryOrders }),
    onMutate: async (categoryOrders) => {
      // A list request in flight would overwrite the optimistic order with the old one.
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      if (previous) queryClient.setQueryData(key, applyOrders(previous, categoryOrders));
      return { previous };
    },
    onSuccess: (list) => {
      // With further moves queued, the server's list would undo their optimistic order for a moment.
      if (Array.isArray(list) && queryClient.isMutating({ mutationKey: REORDER_KEY }) <= 1) {
        queryClient.setQueryData(key, list);
      }
    },
    onError: (error, _orders, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast({
        variant: 'error',
        title: 'Could not move the category',
        description: errorMessage(error, '') || undefined,
      });
    },
    // The last move in the queue refreshes from the server (an earlier one would refetch too soon).
    onSettled: () =>
      queryClient.isMutating({ mutationKey: REORDER_KEY }) <= 1 ? invalidateCategories(queryClient) : undefined,
  });
}
