import { queryOptions } from '@tanstack/react-query';
import {
  ANALYTICS_DAY_CHOICES,
  ANALYTICS_DEFAULT_DAYS,
  type AnalyticsDashboard,
  type AnalyticsOverview,
  type OrderAnalytics,
  type ProductAnalytics,
} from '#shared/contracts/analytics.ts';
import { adminGet } from '../auth/admin-api.ts';

/** Every analytics query starts with this key (an order written elsewhere may refresh them all). */
export const ADMIN_ANALYTICS_KEY = ['admin', 'analytics'] as const;

export type AnalyticsDays = (typeof ANALYTICS_DAY_CHOICES)[number];

/** The period the URL names (`?days=`), the default for anything else. */
export function daysFrom(value: string | null): AnalyticsDays {
  const days = Number(value);
  return (ANALYTICS_DAY_CHOICES as readonly number[]).includes(days) ? (days as AnalyticsDays) : ANALYTICS_DEFAULT_DAYS;
}

/** How the switcher and the captions name a period: "7 days" … "12 months". */
export const PERIOD_LABELS: Record<AnalyticsDays, string> = {
  7: '7 days',
  30: '30 days',
  90: '90 days',
  365: '12 months',
};

/**
 * The screen's four answers (docs/product.md#analytics-and-reports). Figures of the past change
 * rarely within a minute: a minute's stale time, so switching periods back and forth is instant.
 */
const STALE_MS = 60_000;

export const dashboardQuery = (days: AnalyticsDays) =>
  queryOptions({
    queryKey: [...ADMIN_ANALYTICS_KEY, 'dashboard', days] as const,
    queryFn: ({ signal }) => adminGet<AnalyticsDashboard>('/admin/analytics/dashboard', { query: { days }, signal }),
    staleTime: STALE_MS,
  });

export const overviewQuery = (days: AnalyticsDays) =>
  queryOptions({
    queryKey: [...ADMIN_ANALYTICS_KEY, 'overview', days] as const,
    queryFn: ({ signal }) => adminGet<AnalyticsOverview>('/admin/analytics', { query: { days }, signal }),
    staleTime: STALE_MS,
  });

export const orderAnalyticsQuery = (days: AnalyticsDays) =>
  queryOptions({
    queryKey: [...ADMIN_ANALYTICS_KEY, 'orders', days] as const,
    queryFn: ({ signal }) => adminGet<OrderAnalytics>('/admin/analytics/orders', { query: { days }, signal }),
    staleTime: STALE_MS,
  });

export const productAnalyticsQuery = (days: AnalyticsDays) =>
  queryOptions({
    queryKey: [...ADMIN_ANALYTICS_KEY, 'products', days] as const,
    queryFn: ({ signal }) => adminGet<ProductAnalytics>('/admin/analytics/products', { query: { days }, signal }),
    staleTime: STALE_MS,
  });
