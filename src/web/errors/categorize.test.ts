import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#web/lib/api-client.ts';
import {
  categorizeError,
  categoryOfStatus,
  describeError,
  ERROR_RESPONSES,
  type ErrorCategory,
  isBenignError,
} from './categorize.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('categorizeError', () => {
  it.each<[number, ErrorCategory]>([
    [0, 'network'],
    [401, 'authentication'],
    [403, 'authorization'],
    [400, 'validation'],
    [422, 'validation'],
    [404, 'not-found'],
    [500, 'server'],
    [502, 'server'],
    [503, 'server'],
    [409, 'client'],
    [429, 'client'],
    [418, 'client'],
    [200, 'default'],
  ])('an ApiError with status %i is %s', (status, category) => {
    expect(categoryOfStatus(status)).toBe(category);
    expect(categorizeError(new ApiError('x', status))).toBe(category);
  });

  it('reads the status of errors shaped like ApiError (another bundle, a thrown Response)', () => {
    expect(categorizeError(Object.assign(new Error('x'), { name: 'ApiError', status: 401 }))).toBe('authentication');
    expect(categorizeError({ statusCode: 503, message: 'down' })).toBe('server');
    expect(categorizeError(new Response(null, { status: 404 }))).toBe('not-found');
    // Not an HTTP status: ignored.
    expect(categorizeError({ status: 'failed' })).toBe('default');
    expect(categorizeError({ status: 1234 })).toBe('default');
  });

  it('treats fetches that got no answer and chunks that could not load as network errors', () => {
    for (const message of [
      'Failed to fetch',
      'NetworkError when attempting to fetch resource.',
      'Load failed',
      'Network request failed',
    ]) {
      expect(categorizeError(new TypeError(message)), message).toBe('network');
    }
    expect(
      categorizeError(new TypeError('Failed to fetch dynamically imported module: https://shop.test/assets/store.js')),
    ).toBe('network');
    expect(categorizeError(new TypeError('Importing a module script failed.'))).toBe('network');
    expect(categorizeError(new Error('Unable to preload CSS for /assets/store.css'))).toBe('network');
    expect(categorizeError(Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' }))).toBe(
      'network',
    );
  });

  it('falls back to default for anything else', () => {
    expect(categorizeError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe('default');
    expect(categorizeError(new Error('Failed to fetch'))).toBe('default'); // not a TypeError: our own message
    expect(categorizeError('boom')).toBe('default');
    expect(categorizeError(null)).toBe('default');
    expect(categorizeError(undefined)).toBe('default');
  });
});

describe('ERROR_RESPONSES (docs/product.md#global-error-handler, word for word)', () => {
  const shown = (category: ErrorCategory) => {
    const { severity, toast } = ERROR_RESPONSES[category];
    return { severity, title: toast?.title, description: toast?.description, action: toast?.action?.label };
  };

  it('has the toasts, actions and severities of the table', () => {
    expect(shown('network')).toEqual({
      severity: 'medium',
      title: 'Connection Issue',
      description: 'Please check your internet connection and try again.',
      action: 'Retry',
    });
    expect(shown('authentication')).toEqual({
      severity: 'high',
      title: 'Authentication Required',
      description: 'Please log in to continue.',
      action: 'Login',
    });
    expect(shown('authorization')).toEqual({
      severity: 'high',
      title: "You don't have permission to perform this action.",
      description: undefined,
      action: undefined,
    });
    expect(shown('validation')).toEqual({
      severity: 'low',
      title: 'Invalid Input',
      description: 'Please check your input and try again.',
      action: undefined,
    });
    expect(shown('not-found')).toMatchObject({
      title: 'Not Found',
      description: 'The requested item could not be found.',
      action: undefined,
    });
    expect(shown('server')).toEqual({
      severity: 'critical',
      title: 'Our servers are experiencing issues. Please try again later.',
      description: undefined,
      action: undefined,
    });
    expect(shown('default')).toMatchObject({
      title: 'Something went wrong',
      description: 'An unexpected error occurred. Please try again.',
      action: undefined,
    });
  });

  it('shows nothing for client errors, which are low severity', () => {
    expect(ERROR_RESPONSES.client).toEqual({ severity: 'low' });
  });

  it("network 'Retry' reloads the page; authentication 'Login' goes to /login", () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    ERROR_RESPONSES.network.toast?.action?.onClick();
    expect(reload).toHaveBeenCalledTimes(1);
    ERROR_RESPONSES.authentication.toast?.action?.onClick();
    expect(assign).toHaveBeenCalledWith('/login');
  });
});

describe('isBenignError and describeError', () => {
  it('recognises noise that needs no toast', () => {
    expect(isBenignError(new DOMException('The operation was aborted.', 'AbortError'))).toBe(true);
    expect(isBenignError('ResizeObserver loop completed with undelivered notifications.')).toBe(true);
    expect(isBenignError('Script error.')).toBe(true);
    expect(isBenignError(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('describes anything thrown, trimmed for the log', () => {
    expect(describeError(new ApiError('Request failed', 500))).toMatchObject({
      name: 'ApiError',
      message: 'Request failed',
    });
    expect(describeError({ reason: 'x' })).toEqual({ name: 'object', message: '{"reason":"x"}' });
    expect(describeError(42)).toEqual({ name: 'number', message: '42' });
    const long = describeError(new Error('x'.repeat(5000)));
    expect(long.message).toHaveLength(500);
    expect(long.stack?.length ?? 0).toBeLessThanOrEqual(2000);
  });
});
