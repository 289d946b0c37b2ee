import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { createQueryClient, shouldRetryQuery } from './query-client.ts';

describe('query retry policy', () => {
  it('does not retry a 4xx', () => {
    expect(shouldRetryQuery(0, new ApiError('Not found', 404, 'NOT_FOUND'))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('Bad', 400, 'VALIDATION_ERROR'))).toBe(false);
  });

  it('retries a 5xx, a network error or anything else up to 3 times', () => {
    for (const error of [new ApiError('Oops', 500), new ApiError('Network error', 0), new Error('x')]) {
      expect(shouldRetryQuery(0, error)).toBe(true);
      expect(shouldRetryQuery(2, error)).toBe(true);
      expect(shouldRetryQuery(3, error)).toBe(false);
    }
  });

  it('uses the cache times of docs/product.md#limits-and-constants and never retries mutations', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(300_000);
    expect(defaults.queries?.gcTime).toBe(600_000);
    expect(defaults.mutations?.retry).toBe(0);
  });
});
