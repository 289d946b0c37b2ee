import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api-client.ts';
import { afterVote, distributionRows, serverRefusal, signInHref } from './review-rules.ts';
import { summary } from './test-fixtures.ts';

describe('review rules (docs/product.md#reviews-on-the-storefront)', () => {
  it('a vote moves the counts as the server will: new, changed, repeated', () => {
    const none = { helpful_count: 2, not_helpful_count: 1, user_helpful_vote: null };
    expect(afterVote(none, true)).toEqual({ helpful_count: 3, not_helpful_count: 1, user_helpful_vote: true });
    expect(afterVote(none, false)).toEqual({ helpful_count: 2, not_helpful_count: 2, user_helpful_vote: false });
    const yes = { helpful_count: 3, not_helpful_count: 1, user_helpful_vote: true };
    expect(afterVote(yes, false)).toEqual({ helpful_count: 2, not_helpful_count: 2, user_helpful_vote: false });
    expect(afterVote(yes, true)).toBe(yes);
  });

  it('the bars: 5 to 1 stars with their whole-percent share, none with no reviews', () => {
    expect(distributionRows(summary())).toEqual([
      { stars: 5, count: 6, percent: 50 },
      { stars: 4, count: 4, percent: 33 },
      { stars: 3, count: 1, percent: 8 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 1, percent: 8 },
    ]);
    const empty = summary({ total_reviews: 0, rating_distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
    expect(distributionRows(empty).map((row) => row.percent)).toEqual([0, 0, 0, 0, 0]);
  });

  it('reads a refusal: field errors by path, else the message for the form', () => {
    expect(
      serverRefusal(
        new ApiError('Validation failed', 400, 'VALIDATION_ERROR', [
          { path: 'cons.0', message: 'Cons must not be blank' },
        ]),
      ),
    ).toEqual({ fields: { 'cons.0': 'Cons must not be blank' }, message: null });
    expect(serverRefusal(new ApiError('You have already reviewed this product', 409, 'CONFLICT'))).toEqual({
      fields: {},
      message: 'You have already reviewed this product',
    });
    expect(serverRefusal(new ApiError('Network error', 0, 'NETWORK_ERROR')).message).toContain('could not reach');
  });

  it('sends the shopper to sign in and back to the reviews of this product', () => {
    expect(signInHref('/product/pi?variant=1')).toBe('/login?next=%2Fproduct%2Fpi%3Fvariant%3D1%23reviews');
  });
});
