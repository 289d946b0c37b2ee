import type { QueryClient } from '@tanstack/react-query';
import type { AdminShopPageSummary, ShopPage, ShopPageSlug, ShopPageUpdate } from '#shared/contracts/pages.ts';
import { adminGet, adminPut } from '../auth/admin-api.ts';

/** Every admin fixed-page query starts with this key. */
export const ADMIN_PAGES_KEY = ['admin', 'pages'] as const;

const path = (slug: ShopPageSlug) => `/admin/pages/${encodeURIComponent(slug)}`;

export const listShopPages = (signal?: AbortSignal) => adminGet<AdminShopPageSummary[]>('/admin/pages', { signal });
export const getShopPage = (slug: ShopPageSlug, signal?: AbortSignal) => adminGet<ShopPage>(path(slug), { signal });
export const updateShopPage = (slug: ShopPageSlug, body: ShopPageUpdate) => adminPut<ShopPage>(path(slug), body);

export function invalidateShopPages(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ADMIN_PAGES_KEY });
}
