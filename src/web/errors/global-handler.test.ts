import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToastOptions } from '#web/lib/toast.ts';

/**
 * Each test loads fresh copies of the handler, the log and the toast queue (as a page load does)
 * and installs the listeners on its own event target, standing in for `window`.
 */
async function setup() {
  vi.resetModules();
  const handler = await import('./global-handler.ts');
  const log = await import('./error-log.ts');
  const { connectToaster } = await import('#web/lib/toast.ts');
  const toasts: ToastOptions[] = [];
  const target = new EventTarget() as unknown as Window;
  handler.installGlobalErrorHandler(target);
  const dispatchRejection = (reason: unknown) =>
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));
  const dispatchError = (error: unknown, message = '') =>
    target.dispatchEvent(new ErrorEvent('error', { error, message }));
  /** Waits until the lazily loaded part has handled everything queued. */
  const settle = async () => {
    await handler.loadErrorHandler();
  };
  return {
    handler,
    log,
    toasts,
    connect: () => connectToaster((toast) => toasts.push(toast)),
    dispatchRejection,
    dispatchError,
    settle,
  };
}

beforeEach(() => {
  sessionStorage.clear();
});

describe('global error handler', () => {
  it('turns an unhandled rejection of a failed fetch into the Connection Issue toast and a log entry', async () => {
    const { toasts, log, connect, dispatchRejection, settle } = await setup();
    connect();
    dispatchRejection(new TypeError('Failed to fetch'));
    await settle();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({
      id: 'error-network',
      title: 'Connection Issue',
      description: 'Please check your internet connection and try again.',
      action: { label: 'Retry' },
    });
    expect(log.readErrorLog()).toEqual([
      expect.objectContaining({
        level: 'error',
        category: 'network',
        severity: 'medium',
        source: 'unhandledrejection',
        name: 'TypeError',
        message: 'Failed to fetch',
      }),
    ]);
  });

  it('turns an uncaught 401 into Authentication Required with Login', async () => {
    const { toasts, log, connect, dispatchError, settle } = await setup();
    const { ApiError } = await import('#web/lib/api-client.ts');
    connect();
    dispatchError(new ApiError('Unauthorized', 401, 'UNAUTHORIZED'));
    await settle();
    expect(toasts.map((toast) => [toast.title, toast.description, toast.action?.label])).toEqual([
      ['Authentication Required', 'Please log in to continue.', 'Login'],
    ]);
    expect(log.readErrorLog()[0]).toMatchObject({ category: 'authentication', severity: 'high', source: 'error' });
  });

  it('handles the errors that arrived before its code was loaded, in order', async () => {
    const { toasts, log, connect, dispatchRejection, dispatchError, settle } = await setup();
    const { ApiError } = await import('#web/lib/api-client.ts');
    dispatchRejection(new ApiError('Server error', 503));
    dispatchError(null, 'Uncaught ReferenceError: x is not defined');
    dispatchRejection(new ApiError('Nope', 403));
    await settle();
    // The toaster connects later still: the toasts waited in the queue of lib/toast.ts.
    connect();
    expect(toasts.map((toast) => toast.title)).toEqual([
      'Our servers are experiencing issues. Please try again later.',
      'Something went wrong',
      "You don't have permission to perform this action.",
    ]);
    expect(log.readErrorLog().map((entry) => [entry.category, entry.severity])).toEqual([
      ['server', 'critical'],
      ['default', 'medium'],
      ['authorization', 'high'],
    ]);
  });

  // Was an E2E test (errors.spec.ts): the rule needs no browser, only the handler and the log.
  it('logs an unhandled 403 on the device only, in sessionStorage, with the permission toast; nothing is sent', async () => {
    const { toasts, connect, dispatchRejection, settle } = await setup();
    const sent = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', sent);
    try {
      connect();
      dispatchRejection(Object.assign(new Error('Nope'), { name: 'ApiError', status: 403 }));
      await settle();
      expect(toasts.map((toast) => toast.title)).toEqual(["You don't have permission to perform this action."]);
      // What the page's session keeps, read as the page's next load would (not through the module).
      expect(JSON.parse(sessionStorage.getItem('cedar-error-log') ?? '[]')).toContainEqual(
        expect.objectContaining({
          category: 'authorization',
          severity: 'high',
          source: 'unhandledrejection',
          message: 'Nope',
          path: window.location.pathname,
        }),
      );
      expect(sent).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('logs validation and client errors as warnings; client errors show no toast', async () => {
    const { toasts, log, connect, dispatchRejection, settle } = await setup();
    const { ApiError } = await import('#web/lib/api-client.ts');
    connect();
    dispatchRejection(new ApiError('Bad input', 422, 'VALIDATION_ERROR'));
    dispatchRejection(new ApiError('Conflict', 409, 'CONFLICT'));
    dispatchRejection(new ApiError('Missing', 404, 'NOT_FOUND'));
    await settle();
    expect(toasts.map((toast) => toast.title)).toEqual(['Invalid Input', 'Not Found']);
    expect(log.readErrorLog().map((entry) => [entry.category, entry.level])).toEqual([
      ['validation', 'warning'],
      ['client', 'warning'],
      ['not-found', 'warning'],
    ]);
  });

  it('logs without a toast what the page already shows or what needs no action', async () => {
    const { handler, toasts, log, connect, dispatchRejection, dispatchError, settle } = await setup();
    connect();
    handler.captureError(new Error('render failed'), 'boundary', false);
    dispatchRejection(new DOMException('The operation was aborted.', 'AbortError'));
    dispatchError(null, 'ResizeObserver loop completed with undelivered notifications.');
    await settle();
    expect(toasts).toEqual([]);
    expect(log.readErrorLog().map((entry) => [entry.source, entry.level])).toEqual([
      ['boundary', 'error'],
      ['unhandledrejection', 'warning'],
      ['error', 'warning'],
    ]);
  });
});
