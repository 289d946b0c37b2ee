import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '#server/db/transaction.ts';
import { lockProductsForRating, recomputeProductRatings } from '#server/reviews/product-rating.ts';
import { reviews } from '#server/reviews/reviews.table.ts';
import { users } from '#server/users/users.table.ts';
import type { Review, ReviewStatus } from '#shared/contracts/reviews.ts';
import { createProduct } from '../factories/catalogue.ts';
import { reviewsApi } from '../helpers/shopper-reviews.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

interface Fixture {
  rating: number;
  daysAgo: number;
  status?: ReviewStatus;
  verified?: boolean;
  helpful?: number;
  title?: string;
}

/**
 * docs/product.md#review-rules: the product's list (approved only, sorted, filtered, paged), its
 * summary, and the product page's JSON-LD built from them. Reviews are stored directly here; the
 * writes themselves are tests/api/reviews.test.ts.
 */
describe('a product’s reviews: list, summary and structured data', () => {
  let ctx: TestApp;
  let dist: string;
  let api: ReturnType<typeof reviewsApi>;
  let productId: string;
  const ids = new Map<string, string>();

  const FIXTURES: Fixture[] = [
    { rating: 5, daysAgo: 1, verified: true, helpful: 2, title: 'a' },
    { rating: 4, daysAgo: 2, verified: false, helpful: 7, title: 'b' },
    { rating: 5, daysAgo: 3, verified: true, helpful: 0, title: 'c' },
    { rating: 1, daysAgo: 4, verified: false, helpful: 7, title: 'd' },
    { rating: 3, daysAgo: 5, verified: true, helpful: 1, title: 'e' },
    { rating: 2, daysAgo: 6, verified: false, helpful: 0, title: 'f' },
    { rating: 4, daysAgo: 7, verified: true, helpful: 3, title: 'g' },
    { rating: 5, daysAgo: 8, verified: true, helpful: 0, title: 'h' },
    { rating: 4, daysAgo: 9, verified: false, helpful: 0, title: 'i' },
    { rating: 5, daysAgo: 10, verified: true, helpful: 9, title: 'j' },
    { rating: 3, daysAgo: 11, verified: false, helpful: 0, title: 'k' },
    { rating: 4, daysAgo: 12, verified: true, helpful: 0, title: 'l' },
    // Not approved: never listed or counted.
    { rating: 1, daysAgo: 0, status: 'pending', title: 'pending' },
    { rating: 1, daysAgo: 0, status: 'rejected', title: 'rejected' },
    { rating: 1, daysAgo: 0, status: 'hidden', title: 'hidden' },
  ];

  async function storeReviews(product: string, fixtures: Fixture[]): Promise<void> {
    const db = ctx.database.db;
    const authors = await db
      .insert(users)
      .values(
        fixtures.map((_, i) => ({
          email: `reviewer-${randomUUID().slice(0, 8)}@example.com`,
          passwordHash: 'not-a-password-hash',
          name: `Reviewer ${i}`,
          role: 'customer' as const,
        })),
      )
      .returning({ id: users.id });
    const now = Date.now();
    await inTransaction(db, async (tx) => {
      await lockProductsForRating(tx, [product]);
      const rows = await tx
        .insert(reviews)
        .values(
          fixtures.map((fixture, i) => ({
            productId: product,
            userId: authors[i]?.id,
            userName: `Reviewer ${i}`,
            rating: fixture.rating,
            title: fixture.title ?? '',
            comment: `Comment ${fixture.title ?? i}`,
            verifiedPurchase: fixture.verified ?? false,
            helpfulCount: fixture.helpful ?? 0,
            status: fixture.status ?? 'approved',
            createdAt: new Date(now - fixture.daysAgo * 86_400_000 - i),
          })),
        )
        .returning({ id: reviews.id, title: reviews.title });
      for (const row of rows) ids.set(row.title, row.id);
      await recomputeProductRatings(tx, [product]);
    });
  }

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'cedar-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><meta name="description" content="x" /><title>Cedar Shop</title></head><body><div id="root"></div></body></html>',
    );
    ctx = await createTestApp({ serveWebApp: true, webDistDir: dist });
    api = reviewsApi(ctx.app);
    productId = (await createProduct(ctx.database.db, { name: 'Reviewed board', slug: 'reviewed-board' })).id;
    await storeReviews(productId, FIXTURES);
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dist, { recursive: true, force: true });
  });

  const titles = async (query: string) => {
    const response = await api.list(productId, query);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as Review[]).map((review) => review.title);
  };

  it('lists approved reviews, newest first, ten per page', async () => {
    const first = (await api.list(productId)).json();
    expect(first.data.map((review: Review) => review.title)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
      'h',
      'i',
      'j',
    ]);
    expect(first.pagination).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2, hasNext: true, hasPrev: false });
    expect(first.data[0]).toMatchObject({ status: 'approved', user_name: 'Reviewer 0', user_helpful_vote: null });
    const second = (await api.list(productId, '?page=2')).json();
    expect(second.data.map((review: Review) => review.title)).toEqual(['k', 'l']);
    expect(second.pagination).toMatchObject({ page: 2, hasNext: false, hasPrev: true });
    expect(await titles('?page=3')).toEqual([]);
    expect(await titles('?limit=3&page=2')).toEqual(['d', 'e', 'f']);
  });

  it('sorts by each REVIEW_SORTS order (ties: newest first)', async () => {
    expect(await titles('?sort_by=oldest&limit=3')).toEqual(['l', 'k', 'j']);
    expect(await titles('?sort_by=highest_rating&limit=5')).toEqual(['a', 'c', 'h', 'j', 'b']);
    expect(await titles('?sort_by=lowest_rating&limit=4')).toEqual(['d', 'f', 'e', 'k']);
    expect(await titles('?sort_by=most_helpful&limit=5')).toEqual(['j', 'b', 'd', 'g', 'a']);
  });

  it('filters by stars and verified purchases, with totals to match', async () => {
    expect(await titles('?rating_filter=5')).toEqual(['a', 'c', 'h', 'j']);
    expect(await titles('?verified_only=true')).toEqual(['a', 'c', 'e', 'g', 'h', 'j', 'l']);
    expect(await titles('?verified_only=1&rating_filter=4')).toEqual(['g', 'l']);
    expect(await titles('?verified_only=false&rating_filter=4')).toEqual(['b', 'g', 'i', 'l']);
    expect((await api.list(productId, '?rating_filter=4&limit=2')).json().pagination).toMatchObject({
      total: 4,
      totalPages: 2,
    });
    expect(await titles('?rating_filter=1')).toEqual(['d']);
  });

  it('sums up the approved reviews', async () => {
    const summary = await api.summary(productId);
    expect(summary.statusCode).toBe(200);
    // 45 stars over 12 reviews: 3.75 stored on the product, 3.8 shown.
    expect(summary.json().data).toEqual({
      product_id: productId,
      total_reviews: 12,
      average_rating: 3.8,
      rating_distribution: { 1: 1, 2: 1, 3: 2, 4: 4, 5: 4 },
      verified_purchases: 7,
      recommendation_percentage: 67,
    });
    const product = (await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}` })).json().data;
    expect(product).toMatchObject({ rating: 3.75, review_count: 12 });

    const empty = (await createProduct(ctx.database.db)).id;
    expect((await api.summary(empty)).json().data).toEqual({
      product_id: empty,
      total_reviews: 0,
      average_rating: 0,
      rating_distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      verified_purchases: 0,
      recommendation_percentage: 0,
    });
    expect((await api.list(empty)).json()).toMatchObject({ data: [], pagination: { total: 0, totalPages: 1 } });
  });

  it('answers an approved review by id to anyone, and hides the others', async () => {
    const shown = await api.get(ids.get('a') ?? '');
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({ title: 'a', rating: 5 });
    for (const title of ['pending', 'rejected', 'hidden']) {
      expect((await api.get(ids.get(title) ?? '')).statusCode, title).toBe(404);
    }
  });

  it("puts the rating and the three newest reviews in the product page's JSON-LD", async () => {
    const html = (await ctx.app.inject({ method: 'GET', url: '/product/reviewed-board' })).body;
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}');
    expect(jsonLd.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 3.75,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
    expect(jsonLd.review.map((review: { name: string }) => review.name)).toEqual(['a', 'b', 'c']);
    expect(jsonLd.review[0]).toMatchObject({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Reviewer 0' },
      reviewRating: { ratingValue: 5 },
      reviewBody: 'Comment a',
    });

    // Without reviews: neither.
    await createProduct(ctx.database.db, { name: 'Unreviewed', slug: 'unreviewed-board' });
    const plain = (await ctx.app.inject({ method: 'GET', url: '/product/unreviewed-board' })).body;
    const plainLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(plain)?.[1] ?? '{}');
    expect(plainLd['@type']).toBe('Product');
    expect(plainLd).not.toHaveProperty('aggregateRating');
    expect(plainLd).not.toHaveProperty('review');
  });
});
