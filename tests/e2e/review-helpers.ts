import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { AdminReview, Review, ReviewSettings, ReviewWrite } from '#shared/contracts/reviews.ts';
import { adminApi } from './promo-helpers.ts';

/**
 * What the admin reviews specs need from the API that the test is not about: shoppers, their
 * reviews, a delivered order (a verified purchase), the settings.
 */

export interface Shopper {
  token: string;
  name: string;
}

/** A new shopper account (docs/product.md#signing-up-and-in-shoppers), signed in. */
export async function signUpShopper(request: APIRequestContext, name: string): Promise<Shopper> {
  const response = await request.post('/api/account/signup', {
    data: { email: `reviewer-${randomUUID().slice(0, 8)}@example.com`, password: 'cedar-Shopper-2026!', name },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { session } = (await response.json()).data as { session: { access_token: string } };
  return { token: session.access_token, name };
}

export async function productBySlug(request: APIRequestContext, slug: string): Promise<{ id: string; name: string }> {
  const response = await request.get(`/api/products/${slug}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { id: string; name: string } }).data;
}

/** A product's rating and approved review count as the catalogue has them, and the sum of the stars. */
export async function productRating(
  request: APIRequestContext,
  slug: string,
): Promise<{ rating: number; review_count: number; sum: number }> {
  const { id } = await productBySlug(request, slug);
  const product = (
    (await (await request.get(`/api/products/${slug}`)).json()) as {
      data: { rating: number; review_count: number };
    }
  ).data;
  const summary = (
    (await (await request.get(`/api/reviews/products/${id}/reviews/summary`)).json()) as {
      data: { rating_distribution: Record<string, number> };
    }
  ).data;
  const sum = Object.entries(summary.rating_distribution).reduce((total, [stars, n]) => total + Number(stars) * n, 0);
  return { rating: product.rating, review_count: product.review_count, sum };
}

export async function postReview(
  request: APIRequestContext,
  shopper: Shopper,
  productId: string,
  body: ReviewWrite,
): Promise<Review> {
  const response = await request.post(`/api/reviews/products/${productId}/reviews`, {
    data: body,
    headers: { Authorization: `Bearer ${shopper.token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Review }).data;
}

/** The review as the shop sees it now. */
export async function adminReview(page: Page, id: string): Promise<AdminReview> {
  const response = await adminApi(page, 'GET', `/admin/reviews/${id}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: AdminReview }).data;
}

export async function reviewSettings(page: Page): Promise<ReviewSettings> {
  return ((await (await adminApi(page, 'GET', '/admin/reviews/settings')).json()) as { data: ReviewSettings }).data;
}

export async function saveReviewSettings(page: Page, settings: ReviewSettings): Promise<void> {
  const response = await adminApi(page, 'PUT', '/admin/reviews/settings', settings);
  expect(response.status(), await response.text()).toBe(200);
}

/** A signed-in order of the product taken to delivered by the shop: the shopper's purchase is verified. */
export async function deliveredOrder(page: Page, shopper: Shopper, productId: string): Promise<void> {
  const placed = await page.request.post('/api/orders', {
    headers: { Authorization: `Bearer ${shopper.token}` },
    data: {
      customer: {
        name: shopper.name,
        phone: `03 ${100 + Math.floor(Math.random() * 900)} ${100 + Math.floor(Math.random() * 900)}`,
      },
      shipping_address: { city: 'Beirut', street: 'Bliss Street', governorate: 'beirut' },
      items: [{ product_id: productId, quantity: 1 }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { id } = ((await placed.json()) as { data: { id: string } }).data;
  for (const status of ['confirmed', 'processing', 'shipped', 'delivered']) {
    const moved = await adminApi(page, 'PUT', `/admin/orders/${id}`, { status });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}

/** Words unique to this run and test, for titles the list can be searched by. */
export const uniqueWord = () => `rv${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;
