import { queryOptions } from '@tanstack/react-query';
import type { ShopPage } from '#shared/contracts/pages.ts';
import { apiGet } from '#web/lib/api-client.ts';

/** Query keys under `shop-pages` (the admin's page editor invalidates them after a save). */
export const shopPageKeys = {
  all: ['shop-pages'] as const,
  detail: (slug: string) => ['shop-pages', 'detail', slug] as const,
};

/** GET /pages/{slug}: one fixed page (docs/product.md#fixed-pages). */
export function shopPageQuery(slug: string) {
  return queryOptions({
    queryKey: shopPageKeys.detail(slug),
    queryFn: ({ signal }) => apiGet<ShopPage>(`/pages/${encodeURIComponent(slug)}`, { signal }),
  });
}
