import { queryOptions } from '@tanstack/react-query';
import type { DemoDataPresent } from '#shared/contracts/demo-data.ts';
import { adminGet } from '../auth/admin-api.ts';

/**
 * What is left of the demo the shop started with (`GET /admin/settings/demo`,
 * docs/product.md#demo-data): Settings' demo data panel counts it, and Analytics says when its
 * figures still hold the demo's made-up orders. One key, so a removal refreshes both.
 */
export const demoDataQuery = () =>
  queryOptions({
    queryKey: ['admin', 'settings', 'demo'] as const,
    queryFn: ({ signal }) => adminGet<DemoDataPresent>('/admin/settings/demo', { signal }),
  });
