import { ApiError } from '#web/lib/api-client.ts';
import type { ToastOptions } from '#web/lib/toast.ts';

/** The categories of the docs/product.md#global-error-handler table. */
export type ErrorCategory =
  | 'network'
  | 'authentication'
  | 'authorization'
  | 'validation'
  | 'not-found'
  | 'server'
  | 'client'
  | 'default';

export type ErrorSeverity = 'low' | 'medium' | 'high' | 'critical';

export interface CategoryResponse {
  severity: ErrorSeverity;
  /** What the shopper sees; none for `client` (docs/product.md#global-error-handler). */
  toast?: ToastOptions;
}

export const LOGIN_PATH = '/login';

function reloadPage(): void {
  window.location.reload();
}

function goToLogin(): void {
  window.location.assign(LOGIN_PATH);
}

/**
 * Texts word for word from docs/product.md#global-error-handler. Severities of `not-found` and `default`:
 * a missing item is the shopper's everyday (low), an unknown failure is worth a look (medium).
 */
export const ERROR_RESPONSES: Record<ErrorCategory, CategoryResponse> = {
  network: {
    severity: 'medium',
    toast: {
      title: 'Connection Issue',
      description: 'Please check your internet connection and try again.',
      variant: 'warning',
      action: { label: 'Retry', onClick: reloadPage },
    },
  },
  authentication: {
    severity: 'high',
    toast: {
      title: 'Authentication Required',
      description: 'Please log in to continue.',
      variant: 'error',
      action: { label: 'Login', onClick: goToLogin },
    },
  },
  authorization: {
    severity: 'high',
    toast: { title: "You don't have permission to perform this action.", variant: 'error' },
  },
  validation: {
    severity: 'low',
    toast: { title: 'Invalid Input', description: 'Please check your input and try again.', variant: 'warning' },
  },
  'not-found': {
    severity: 'low',
    toast: { title: 'Not Found', description: 'The requested item could not be found.', variant: 'info' },
  },
  server: {
    severity: 'critical',
    toast: { title: 'Our servers are experiencing issues. Please try again later.', variant: 'error' },
  },
  client: { severity: 'low' },
  default: {
    severity: 'medium',
    toast: {
      title: 'Something went wrong',
      description: 'An unexpected error occurred. Please try again.',
      variant: 'error',
    },
  },
};

export function categoryOfStatus(status: number): ErrorCategory {
  if (status === 0) return 'network';
  if (status === 401) return 'authentication';
  if (status === 403) return 'authorization';
  if (status === 400 || status === 422) return 'validation';
  if (status === 404) return 'not-found';
  if (status >= 500 && status < 600) return 'server';
  if (status >= 400 && status < 500) return 'client';
  return 'default';
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * The HTTP status an error carries: our ApiError, or anything shaped like one (a thrown Response,
 * another client's error with `status` or `statusCode`).
 */
export function statusOf(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  for (const key of ['status', 'statusCode']) {
    const value = field(error, key);
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 600) return value;
  }
  return undefined;
}

/** Chromium, Firefox and Safari words for a fetch that never got an answer. */
const FETCH_FAILED = /failed to fetch|networkerror when attempting to fetch|load failed|network request failed/i;
/** A lazy chunk that could not be downloaded (Vite, webpack and the browsers' own words). */
const CHUNK_FAILED =
  /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|unable to preload css|loading (css )?chunk .* failed/i;

function messageOf(error: unknown): string {
  const message = typeof error === 'string' ? error : field(error, 'message');
  return typeof message === 'string' ? message : '';
}

export function categorizeError(error: unknown): ErrorCategory {
  const status = statusOf(error);
  if (status !== undefined) return categoryOfStatus(status);
  const name = field(error, 'name');
  const message = messageOf(error);
  if (name === 'ChunkLoadError' || CHUNK_FAILED.test(message)) return 'network';
  if (name === 'TypeError' && FETCH_FAILED.test(message)) return 'network';
  return 'default';
}

/**
 * Noise that is logged as a warning but not shown: cancelled requests, the browser's
 * ResizeObserver notice, and "Script error." (a cross-origin script; nothing to act on).
 */
export function isBenignError(error: unknown): boolean {
  if (field(error, 'name') === 'AbortError') return true;
  const message = messageOf(error);
  return message === 'Script error.' || message.startsWith('ResizeObserver loop');
}

const MAX_MESSAGE = 500;
const MAX_STACK = 2000;

/** Name, message and stack of anything thrown, trimmed for the log. */
export function describeError(error: unknown): { name: string; message: string; stack?: string } {
  const name = field(error, 'name');
  const stack = field(error, 'stack');
  let message = messageOf(error);
  if (!message) {
    try {
      message = JSON.stringify(error) ?? String(error);
    } catch {
      message = String(error);
    }
  }
  return {
    name: typeof name === 'string' ? name : typeof error,
    message: message.slice(0, MAX_MESSAGE),
    ...(typeof stack === 'string' && { stack: stack.slice(0, MAX_STACK) }),
  };
}
