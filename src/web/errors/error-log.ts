import type { ErrorCategory, ErrorSeverity } from './categorize.ts';
import type { ErrorSource } from './error-report.ts';

/**
 * The local error and warning log (docs/product.md#global-error-handler: recorded locally only, never
 * sent anywhere; the last 100). Kept in memory and mirrored to sessionStorage, so an entry survives the reload that
 * a 'Retry' or 'Try Again' does but leaves with the tab. Storage that is full, disabled or holds
 * something that is not our list never breaks the page: the log then lives in memory only.
 */
export const ERROR_LOG_KEY = 'cedar-error-log';
export const ERROR_LOG_LIMIT = 100;

export interface ErrorLogEntry {
  /** ISO date and time. */
  time: string;
  level: 'error' | 'warning';
  category: ErrorCategory;
  severity: ErrorSeverity;
  source: ErrorSource;
  name: string;
  message: string;
  stack?: string;
  /** The page's path only: a query string may hold what the shopper typed. */
  path: string;
}

let entries: ErrorLogEntry[] | undefined;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function isEntry(value: unknown): value is ErrorLogEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.time === 'string' && typeof entry.message === 'string' && typeof entry.level === 'string';
}

function load(): ErrorLogEntry[] {
  try {
    const stored: unknown = JSON.parse(storage()?.getItem(ERROR_LOG_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isEntry).slice(-ERROR_LOG_LIMIT) : [];
  } catch {
    return [];
  }
}

function current(): ErrorLogEntry[] {
  entries ??= load();
  return entries;
}

function save(list: ErrorLogEntry[]): void {
  try {
    storage()?.setItem(ERROR_LOG_KEY, JSON.stringify(list));
  } catch {
    // Full or disabled storage: the in-memory log still works.
  }
}

/** The log, oldest first. */
export function readErrorLog(): ErrorLogEntry[] {
  return [...current()];
}

/** Appends an entry (time and path filled in) and drops the oldest beyond the last 100. */
export function recordError(entry: Omit<ErrorLogEntry, 'time' | 'path'>): ErrorLogEntry {
  const full: ErrorLogEntry = { time: new Date().toISOString(), path: window.location.pathname, ...entry };
  const list = current();
  list.push(full);
  list.splice(0, Math.max(0, list.length - ERROR_LOG_LIMIT));
  save(list);
  return full;
}

export function clearErrorLog(): void {
  entries = [];
  try {
    storage()?.removeItem(ERROR_LOG_KEY);
  } catch {
    // Nothing stored to clear.
  }
}
