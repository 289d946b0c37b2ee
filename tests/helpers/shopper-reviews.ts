import type { FastifyInstance } from 'fastify';
import type { ReviewWrite } from '#shared/contracts/reviews.ts';
import { apiAs } from './admin-api.ts';
import { bearer } from './auth.ts';
import { orderBody } from './orders.ts';

/** The shoppers' review calls (docs/product.md#reviews) through `app.inject`. */
export function reviewsApi(app: FastifyInstance) {
  const headers = (token?: string) => (token ? bearer(token) : {});
  return {
    list: (productId: string, query = '', token?: string) =>
      app.inject({ method: 'GET', url: `/api/reviews/products/${productId}/reviews${query}`, headers: headers(token) }),
    summary: (productId: string) =>
      app.inject({ method: 'GET', url: `/api/reviews/products/${productId}/reviews/summary` }),
    mine: (productId: string, token: string) =>
      app.inject({ method: 'GET', url: `/api/reviews/products/${productId}/reviews/mine`, headers: headers(token) }),
    create: (productId: string, token: string | undefined, body: ReviewWrite | Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: `/api/reviews/products/${productId}/reviews`,
        headers: headers(token),
        payload: body,
      }),
    get: (id: string, token?: string) =>
      app.inject({ method: 'GET', url: `/api/reviews/reviews/${id}`, headers: headers(token) }),
    update: (id: string, token: string | undefined, body: ReviewWrite | Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: `/api/reviews/reviews/${id}`, headers: headers(token), payload: body }),
    remove: (id: string, token: string | undefined) =>
      app.inject({ method: 'DELETE', url: `/api/reviews/reviews/${id}`, headers: headers(token) }),
    vote: (id: string, token: string | undefined, isHelpful: boolean) =>
      app.inject({
        method: 'POST',
        url: `/api/reviews/reviews/${id}/helpful`,
        headers: headers(token),
        payload: { is_helpful: isHelpful },
      }),
  };
}

/**
 * A signed-in order of the product by the shopper, taken by the shop to delivered through the
 * admin status endpoint (what makes a review a verified purchase). Returns the order id.
 */
export async function deliveredOrder(
  app: FastifyInstance,
  adminToken: string,
  shopperToken: string,
  productId: string,
  status: 'delivered' | 'shipped' = 'delivered',
): Promise<string> {
  const placed = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(shopperToken),
    payload: orderBody([{ product_id: productId, quantity: 1 }]),
  });
  if (placed.statusCode !== 201) throw new Error(`checkout failed: ${placed.statusCode} ${placed.body}`);
  const id: string = placed.json().data.id;
  const admin = apiAs(app, adminToken);
  const steps = ['confirmed', 'processing', 'shipped', 'delivered'] as const;
  for (const step of steps.slice(0, steps.indexOf(status) + 1)) {
    const moved = await admin('PUT', `/api/admin/orders/${id}`, { status: step });
    if (moved.statusCode !== 200) throw new Error(`order to ${step} failed: ${moved.statusCode} ${moved.body}`);
  }
  return id;
}

/** A review body with everything filled in; override any field. */
export function reviewBody(overrides: Partial<ReviewWrite> = {}): ReviewWrite {
  return {
    rating: 5,
    title: 'Works great',
    comment: 'Arrived quickly and works as described.',
    pros: ['Cheap'],
    cons: [],
    ...overrides,
  };
}
