import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiDelete, apiGet, apiList, apiPost, apiRequest, buildUrl } from './api-client.ts';

type FetchArgs = [input: string, init: RequestInit];

function stubFetch(respond: (...args: FetchArgs) => Response | Promise<Response>) {
  const fake = vi.fn(async (input: string, init: RequestInit) => respond(input, init));
  vi.stubGlobal('fetch', fake);
  return fake;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('buildUrl', () => {
  it('prefixes /api and leaves out empty query values', () => {
    expect(buildUrl('/products', { page: 2, limit: 20, category: '', sort: undefined, q: null, featured: true })).toBe(
      '/api/products?page=2&limit=20&featured=true',
    );
  });

  it('repeats array values and encodes text', () => {
    expect(buildUrl('products', { tag: ['a b', 'c&d'] })).toBe('/api/products?tag=a+b&tag=c%26d');
  });

  it('appends to a path that already has a query', () => {
    expect(buildUrl('/products/featured?limit=6', { page: 1 })).toBe('/api/products/featured?limit=6&page=1');
  });
});

describe('apiRequest: requests', () => {
  it('sends JSON with the bearer token', async () => {
    const fake = stubFetch(() => json({ data: { id: 1 } }, 201));
    await apiPost('/orders', { items: [] }, { token: 'abc' });
    const [url, init] = fake.mock.calls[0] as FetchArgs;
    expect(url).toBe('/api/orders');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"items":[]}');
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer abc');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('sends extra headers such as an Idempotency-Key', async () => {
    const fake = stubFetch(() => json({ data: { id: 1 } }, 201));
    await apiPost('/orders', { items: [] }, { headers: { 'Idempotency-Key': 'order-attempt-1' } });
    const headers = (fake.mock.calls[0] as FetchArgs)[1].headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toBe('order-attempt-1');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('sends no Authorization header and no body without them', async () => {
    const fake = stubFetch(() => json({ data: [] }));
    await apiGet('/categories');
    const [, init] = fake.mock.calls[0] as FetchArgs;
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers['Content-Type']).toBeUndefined();
    expect(init.body).toBeUndefined();
  });

  it('passes FormData through untouched', async () => {
    const fake = stubFetch(() => json({ data: { id: 'x' } }));
    const form = new FormData();
    form.append('file', 'x');
    await apiRequest('/upload/images', { method: 'POST', body: form });
    const [, init] = fake.mock.calls[0] as FetchArgs;
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });
});

describe('apiRequest: response handling (docs/product.md#response-handling-in-the-web-app)', () => {
  it('turns 204 into an empty object', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(apiDelete('/products/1')).resolves.toEqual({});
  });

  it('returns data and pagination when the body has both', async () => {
    const pagination = { page: 1, limit: 2, total: 3, totalPages: 2, hasNext: true, hasPrev: false };
    stubFetch(() => json({ data: [{ id: 1 }, { id: 2 }], pagination }));
    await expect(apiGet('/products')).resolves.toEqual({ data: [{ id: 1 }, { id: 2 }], pagination });
  });

  it('normalises a nested data/total/page/limit list', async () => {
    stubFetch(() => json({ data: { data: [{ id: 1 }], total: 45, page: 2, limit: 20 } }));
    await expect(apiGet('/admin/orders')).resolves.toEqual({
      data: [{ id: 1 }],
      pagination: { page: 2, limit: 20, total: 45, totalPages: 3, hasNext: true, hasPrev: true },
    });
  });

  it('computes the last page of a nested list', async () => {
    stubFetch(() => json({ data: { data: [], total: 0, page: 1, limit: 20 } }));
    const result = await apiGet<{ pagination: unknown }>('/admin/orders');
    expect(result.pagination).toEqual({ page: 1, limit: 20, total: 0, totalPages: 1, hasNext: false, hasPrev: false });
  });

  it('otherwise returns the data field', async () => {
    stubFetch(() => json({ data: { id: 'p1', name: 'Phone' } }));
    await expect(apiGet('/products/p1')).resolves.toEqual({ id: 'p1', name: 'Phone' });
  });

  it('returns a body without a data field as it is', async () => {
    stubFetch(() => json({ hits: [], total: 0 }));
    await expect(apiGet('/search')).resolves.toEqual({ hits: [], total: 0 });
  });

  it('turns an empty 200 into an empty object', async () => {
    stubFetch(() => new Response('', { status: 200 }));
    await expect(apiGet('/ping')).resolves.toEqual({});
  });

  it('rejects a 200 that is not JSON', async () => {
    stubFetch(() => new Response('<!doctype html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    const error = await caught(apiGet('/products'));
    expect(error.status).toBe(200);
  });
});

describe('apiRequest: errors (docs/product.md#api-client-errors)', () => {
  it('carries message, status, code and the errors list', async () => {
    stubFetch(() =>
      json(
        {
          message: 'Invalid input',
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          errors: [{ path: 'email', message: 'Invalid email' }, { bad: true }],
        },
        400,
      ),
    );
    const error = await caught(apiPost('/auth/login', {}));
    expect(error.message).toBe('Invalid input');
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.errors).toEqual([{ path: 'email', message: 'Invalid email' }]);
    expect(error.isClientError).toBe(true);
  });

  it("reads 'Request failed with status {status}' for a non-JSON failure", async () => {
    stubFetch(() => new Response('Bad Gateway', { status: 502, headers: { 'Content-Type': 'text/plain' } }));
    const error = await caught(apiGet('/products'));
    expect(error.message).toBe('Request failed with status 502');
    expect(error.status).toBe(502);
    expect(error.errors).toEqual([]);
  });

  it("reads 'Request failed' for a JSON failure without a message", async () => {
    stubFetch(() => json({ code: 'NOT_FOUND' }, 404));
    const error = await caught(apiGet('/products/nope'));
    expect(error.message).toBe('Request failed');
    expect(error.status).toBe(404);
    expect(error.code).toBe('NOT_FOUND');
  });

  it("reads 'Network error' with status 0 when fetch itself fails", async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await caught(apiGet('/products'));
    expect(error.message).toBe('Network error');
    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK_ERROR');
  });

  it('lets an abort through as an abort, not a network error', async () => {
    stubFetch(() => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    await expect(apiGet('/products')).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('apiList', () => {
  it('returns the list envelope', async () => {
    const pagination = { page: 1, limit: 20, total: 1, totalPages: 1, hasNext: false, hasPrev: false };
    stubFetch(() => json({ data: [{ id: 1 }], pagination }));
    await expect(apiList('/products', { query: { page: 1 } })).resolves.toEqual({ data: [{ id: 1 }], pagination });
  });

  it('normalises the nested shape too', async () => {
    stubFetch(() => json({ data: { data: [{ id: 1 }], total: 1, page: 1, limit: 20 } }));
    const result = await apiList('/admin/orders');
    expect(result.pagination).toMatchObject({ page: 1, total: 1, totalPages: 1, hasNext: false });
  });

  it('rejects a body that is not a list', async () => {
    stubFetch(() => json({ data: { id: 1 } }));
    await caught(apiList('/products/1'));
    stubFetch(() => json({ data: [{ id: 1 }] }));
    await caught(apiList('/categories'));
  });
});
