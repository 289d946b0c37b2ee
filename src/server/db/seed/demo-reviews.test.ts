import { describe, expect, it } from 'vitest';
import { SEED_PRODUCTS } from './catalogue-data.ts';
import { DEMO_REVIEWERS, DEMO_REVIEWS_PER_PRODUCT, demoRatings, demoReviewCount, demoReviews } from './demo-reviews.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date('2026-06-01T12:00:00Z');
const products = SEED_PRODUCTS.map((product, index) => ({
  index,
  productId: product.slug,
  rating: product.rating,
  reviewCount: product.reviewCount,
  createdDaysAgo: product.createdDaysAgo,
}));

describe('the demo reviews', () => {
  const planned = demoReviews(products, now);

  it('are the same on every run', () => {
    expect(demoReviews(products, now)).toEqual(planned);
  });

  it('give each product none to six reviews by different reviewers, averaging near its made-up rating', () => {
    const counts = new Set<number>();
    for (const product of products) {
      const mine = planned.filter((review) => review.productId === product.productId);
      expect(mine.length, product.productId).toBe(demoReviewCount(product.index, product.reviewCount));
      expect(mine.length).toBeLessThanOrEqual(DEMO_REVIEWS_PER_PRODUCT);
      counts.add(mine.length);
      expect(new Set(mine.map((review) => review.reviewer)).size).toBe(mine.length);
      if (mine.length === 0) continue;
      const average = mine.reduce((sum, review) => sum + review.rating, 0) / mine.length;
      expect(Math.abs(average - product.rating), product.productId).toBeLessThanOrEqual(0.5 / mine.length + 1e-9);
    }
    // The number varies, and some products have none.
    expect(counts.size).toBeGreaterThanOrEqual(5);
    expect(counts.has(0)).toBe(true);
  });

  it('hold whole stars, short English text, and dates within the product’s life', () => {
    for (const review of planned) {
      expect(Number.isInteger(review.rating) && review.rating >= 1 && review.rating <= 5).toBe(true);
      expect(review.title.length).toBeGreaterThan(0);
      expect(review.title.length).toBeLessThanOrEqual(100);
      expect(review.comment.length).toBeLessThanOrEqual(1000);
      expect(review.pros.length + review.cons.length).toBeLessThanOrEqual(5);
      const product = products.find((p) => p.productId === review.productId);
      const age = now.getTime() - review.createdAt.getTime();
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThanOrEqual((product?.createdDaysAgo ?? 0) * DAY_MS);
    }
    // Dates vary.
    expect(new Set(planned.map((review) => review.createdAt.getTime())).size).toBeGreaterThan(planned.length / 2);
  });

  it('are voted on by other demo reviewers only, each at most once', () => {
    for (const review of planned) {
      const voters = [...review.helpfulVoters, ...review.notHelpfulVoters];
      expect(voters).not.toContain(review.reviewer);
      expect(new Set(voters).size).toBe(voters.length);
      for (const voter of voters) expect(voter).toBeLessThan(DEMO_REVIEWERS.length);
    }
    expect(planned.some((review) => review.helpfulVoters.length > 0)).toBe(true);
    expect(planned.some((review) => review.notHelpfulVoters.length > 0)).toBe(true);
  });

  it('spread the stars without changing their sum', () => {
    expect(demoRatings(4.4, 6, 0).sort()).toEqual([3, 4, 4, 5, 5, 5]);
    expect(demoRatings(4.4, 6, 1).sort()).toEqual([4, 4, 4, 4, 5, 5]);
    expect(demoRatings(4.9, 6, 3).sort()).toEqual([4, 5, 5, 5, 5, 5]);
    expect(demoRatings(4.5, 5, 2).sort()).toEqual([4, 4, 5, 5, 5]);
    expect(demoRatings(4, 0, 0)).toEqual([]);
  });
});
