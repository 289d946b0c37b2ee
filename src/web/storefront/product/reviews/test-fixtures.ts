import type { ShopperSession } from '#shared/contracts/accounts.ts';
import type { Review, ReviewSummary } from '#shared/contracts/reviews.ts';

/** Review answers as the server gives them, for the review section's tests. */

export const PRODUCT = {
  id: '20000000-0000-4000-8000-000000000009',
  slug: 'soldering-iron',
  name: 'Soldering iron',
};
export const SHOPPER_ID = '40000000-0000-4000-8000-000000000001';
const T0 = '2026-11-20T10:00:00.000Z';

export const reviewId = (n: number) => `50000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function review(n: number, overrides: Partial<Review> = {}): Review {
  return {
    id: reviewId(n),
    product_id: PRODUCT.id,
    user_id: `40000000-0000-4000-8000-${String(100 + n).padStart(12, '0')}`,
    user_name: `Shopper ${n}`,
    rating: 5,
    title: `Review ${n}`,
    comment: `Comment ${n}`,
    pros: [],
    cons: [],
    verified_purchase: false,
    helpful_count: 0,
    not_helpful_count: 0,
    status: 'approved',
    shop_reply: null,
    user_helpful_vote: null,
    created_at: T0,
    updated_at: T0,
    ...overrides,
  };
}

export function summary(overrides: Partial<ReviewSummary> = {}): ReviewSummary {
  return {
    product_id: PRODUCT.id,
    total_reviews: 12,
    average_rating: 4.3,
    rating_distribution: { 1: 1, 2: 0, 3: 1, 4: 4, 5: 6 },
    verified_purchases: 8,
    recommendation_percentage: 83,
    ...overrides,
  };
}

export const page = (data: Review[], pageNumber = 1, total = data.length, limit = 10) => {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return {
    data,
    pagination: {
      page: pageNumber,
      limit,
      total,
      totalPages,
      hasNext: pageNumber < totalPages,
      hasPrev: pageNumber > 1,
    },
  };
};

export function session(): ShopperSession {
  return {
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    expires_in: 3600,
    // Far ahead: no refresh is attempted during a test.
    expires_at: Math.floor(Date.now() / 1000) + 365 * 24 * 3600,
    token_type: 'bearer',
    user: {
      id: SHOPPER_ID,
      email: 'shopper@example.com',
      phone: null,
      name: 'Me',
      email_verified: true,
      phone_verified: false,
      two_factor_enabled: false,
      created_at: T0,
      updated_at: T0,
    },
  };
}
