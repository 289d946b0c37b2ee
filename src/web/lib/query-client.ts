import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

const MINUTE = 60_000;
const MAX_QUERY_RETRIES = 3;

/** docs/product.md#api-client-errors: a 4xx will fail again, so it is not retried; anything else up to 3 times. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

/** docs/product.md#limits-and-constants "Query cache": stale after 5 min, kept 10 min; mutations are not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * MINUTE, gcTime: 10 * MINUTE, retry: shouldRetryQuery },
      mutations: { retry: 0 },
    },
  });
}
