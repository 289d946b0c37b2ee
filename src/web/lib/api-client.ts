import type { FieldError, Pagination } from '#shared/contracts/common.ts';
import { serverContext } from '#web/ssr/server-context.ts';

/**
 * The one way the web app talks to the API (docs/product.md#response-handling-in-the-web-app,
 * docs/product.md#api-client-errors). Every call goes to `/api`, sends and receives JSON, and fails
 * with an `ApiError`.
 */
export const API_BASE = '/api';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as is when it is FormData (uploads). */
  body?: unknown;
  /** Appended to the path; null, undefined and '' are left out. */
  query?: QueryParams;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string | null;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ListResult<T> {
  data: T[];
  pagination: Pagination;
  /** Extra facts about the list, when the endpoint sends any. */
  meta?: Record<string, unknown>;
}

/** `code` is one of the server's error codes (contracts/common.ts), or NETWORK_ERROR / UNKNOWN_ERROR. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly errors: FieldError[];

  constructor(message: string, status: number, code = 'UNKNOWN_ERROR', errors: FieldError[] = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = errors;
  }

  /** 4xx: retrying the same request will not help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function buildUrl(path: string, query?: QueryParams): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (value === undefined || value === null || value === '') continue;
      params.append(key, String(value));
    }
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toPagination(page: number, limit: number, total: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / Math.max(limit, 1)));
  return { page, limit, total, totalPages, hasNext: page < totalPages, hasPrev: page > 1 };
}

/** A nested `{ data: { data: [...], total, page, limit } }` list. */
function isNestedList(value: unknown): value is { data: unknown[]; total: number; page: number; limit: number } {
  return (
    isObject(value) &&
    Array.isArray(value.data) &&
    typeof value.total === 'number' &&
    typeof value.page === 'number' &&
    typeof value.limit === 'number'
  );
}

/**
 * docs/product.md#response-handling-in-the-web-app: a list with pagination returns both; a nested
 * list is normalised; else the `data` field.
 */
export function unwrapBody(body: unknown): unknown {
  if (!isObject(body) || !('data' in body)) return body;
  // Whole, so a list's `meta` (e.g. the admin orders' per-status counts) travels along when sent.
  if ('pagination' in body) return { ...body };
  if (isNestedList(body.data)) {
    const { data, total, page, limit } = body.data;
    return { data, pagination: toPagination(page, limit, total) };
  }
  return body.data;
}

function toFieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is FieldError => isObject(item) && typeof item.path === 'string' && typeof item.message === 'string',
  );
}

async function readJson(response: Response): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await response.text().catch(() => '');
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, token, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    // Rendered on the server (decision 009), the API is answered in process, not over the network.
    const send = import.meta.env.SSR ? (serverContext.fetch ?? fetch) : fetch;
    response = await send(buildUrl(path, query), { method, headers, body: payload, signal });
  } catch (error) {
    if (isAbort(error) || signal?.aborted) throw error;
    throw new ApiError('Network error', 0, 'NETWORK_ERROR');
  }

  if (response.status === 204) return {} as T;

  const parsed = await readJson(response);
  if (!response.ok) {
    if (!parsed.ok || !isObject(parsed.value)) {
      throw new ApiError(`Request failed with status ${response.status}`, response.status);
    }
    const { message, code, errors } = parsed.value;
    throw new ApiError(
      typeof message === 'string' && message !== '' ? message : 'Request failed',
      response.status,
      typeof code === 'string' ? code : undefined,
      toFieldErrors(errors),
    );
  }
  if (!parsed.ok) {
    // A 2xx that is not JSON is not our API (for example the SPA's index.html behind a bad proxy).
    throw new ApiError(`Unexpected response from the server (status ${response.status})`, response.status);
  }
  if (parsed.value === undefined) return {} as T;
  return unwrapBody(parsed.value) as T;
}

export function apiGet<T>(path: string, options: Omit<ApiRequestOptions, 'method' | 'body'> = {}): Promise<T> {
  return apiRequest<T>(path, { ...options, method: 'GET' });
}

export function apiPost<T>(path: string, body?: unknown, options: Omit<ApiRequestOptions, 'method' | 'body'> = {}) {
  return apiRequest<T>(path, { ...options, method: 'POST', body });
}

export function apiPut<T>(path: string, body?: unknown, options: Omit<ApiRequestOptions, 'method' | 'body'> = {}) {
  return apiRequest<T>(path, { ...options, method: 'PUT', body });
}

export function apiPatch<T>(path: string, body?: unknown, options: Omit<ApiRequestOptions, 'method' | 'body'> = {}) {
  return apiRequest<T>(path, { ...options, method: 'PATCH', body });
}

export function apiDelete<T = Record<string, never>>(path: string, options: Omit<ApiRequestOptions, 'method'> = {}) {
  return apiRequest<T>(path, { ...options, method: 'DELETE' });
}

/** An unwrapped answer that must be a list (`{ data: [...], pagination }`), or the error saying it is not. */
export function toListResult<T>(result: Partial<ListResult<T>>): ListResult<T> {
  if (Array.isArray(result.data) && isObject(result.pagination)) return result as ListResult<T>;
  throw new ApiError('Unexpected response from the server: expected a list', 200);
}

/**
 * A GET of a list endpoint (`{ data: [...], pagination }`, or the nested shape of
 * docs/product.md#response-handling-in-the-web-app).
 */
export async function apiList<T>(
  path: string,
  options: Omit<ApiRequestOptions, 'method' | 'body'> = {},
): Promise<ListResult<T>> {
  return toListResult(await apiGet<Partial<ListResult<T>>>(path, options));
}
