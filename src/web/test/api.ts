import { beforeEach, vi } from 'vitest';

/**
 * The web tests' fake API: fetch stubbed to answer as the server does (its JSON and error shapes,
 * a list's pagination), every call recorded. Only the network is faked; the screens' own code runs.
 */

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The API's error shape (`{ message, statusCode, code, errors }`). */
export function errorBody(message: string, status: number, code = 'NOT_FOUND'): Response {
  return json({ message, statusCode: status, code, errors: [] }, status);
}

export interface Call {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Stubs fetch with `respond` and records every call (into `calls`); vi.unstubAllGlobals() puts fetch back. */
export function stubFetch(respond: (call: Call) => Response | Promise<Response>, calls: Call[] = []): Call[] {
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const call: Call = {
      method: init.method ?? 'GET',
      url: String(input),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    return respond(call);
  });
  return calls;
}

/** "METHOD /api/path" of a call, the query string left out: the key of `stubApi`'s answers. */
export const route = (call: Call) => `${call.method} ${call.url.split('?')[0]}`;

/** Stubs fetch: answers by "METHOD /api/path", 404 for anything else; records every call. */
export function stubApi(answers: Record<string, (call: Call) => Response | Promise<Response>>): Call[] {
  return stubFetch((call) => answers[route(call)]?.(call) ?? errorBody('Not found', 404));
}

export type Answer = (call: Call) => Response | Promise<Response>;

/**
 * A test file's API: before each test, fetch is stubbed and `calls` and `answers` start empty. A
 * test sets `answers["METHOD /api/path"]` for what it is about; every other call gets
 * `fallback(path, call)`, the file's usual answers. Every call is recorded in `calls`.
 */
export function recordedApi(fallback: (path: string, call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const answers: Record<string, Answer> = {};
  beforeEach(() => {
    calls.length = 0;
    for (const key of Object.keys(answers)) delete answers[key];
    stubFetch((call) => answers[route(call)]?.(call) ?? fallback(route(call), call), calls);
  });
  return { calls, answers };
}

/** A list answer's `pagination`, as the API computes it. */
export const pagination = (total: number, page = 1, limit = 20) => ({
  page,
  limit,
  total,
  totalPages: Math.max(1, Math.ceil(total / limit)),
  hasNext: page * limit < total,
  hasPrev: page > 1,
});
