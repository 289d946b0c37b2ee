/**
 * Reviews and ratings (docs/product.md#reviews): the words and plain rules both sides use, without
 * zod, so the storefront's review section can import them without the contract code.
 */

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_SORTS = ['newest', 'oldest', 'highest_rating', 'lowest_rating', 'most_helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  newest: 'Newest',
  oldest: 'Oldest',
  highest_rating: 'Highest rating',
  lowest_rating: 'Lowest rating',
  most_helpful: 'Most helpful',
};

/** Field limits of a review. */
export const REVIEW_LIMITS = {
  titleMax: 100,
  commentMax: 1000,
  /** Pros and cons: up to 5 entries each, each up to 100 characters. */
  pointsMax: 5,
  pointMax: 100,
  /** The shop's reply. */
  replyMax: 1000,
  /** Reviews per page on the product page (the list's default `limit`). */
  pageSize: 10,
  /** Reviews in the product page's JSON-LD `review` list. */
  jsonLdReviews: 3,
  /** Banned words: entries and the length of each. */
  bannedWordsMax: 200,
  bannedWordMax: 50,
} as const;

/**
 * Moderation of new and edited reviews (the `review_settings` setting):
 * - `verified_auto` (default): verified purchases are approved at once, others wait;
 * - `all`: every review waits for the shop;
 * - `none`: every review is approved at once.
 * Whatever the mode, a review holding a banned word waits.
 */
export const REVIEW_MODERATION_MODES = ['verified_auto', 'all', 'none'] as const;
export type ReviewModerationMode = (typeof REVIEW_MODERATION_MODES)[number];

export const REVIEW_MODERATION_LABELS: Record<ReviewModerationMode, string> = {
  verified_auto: 'Approve verified purchases at once, hold the others',
  all: 'Hold every review for approval',
  none: 'Approve every review at once',
};

/** Reviews a shopper may write (create or edit) per hour, and helpful votes per hour. */
export const REVIEW_WRITE_LIMIT_PER_HOUR = 10;
export const REVIEW_VOTE_LIMIT_PER_HOUR = 60;

export const REVIEW_MESSAGES = {
  alreadyReviewed: 'You have already reviewed this product',
  notFound: 'Review not found',
  productNotFound: 'Product not found',
  notYours: 'You can only change your own review',
  ownVote: 'You cannot vote on your own review',
  tooManyWrites: 'Too many reviews. Please try again later.',
  /** Reviews are turned off in the shop's settings (system): nothing new is written or voted. */
  reviewsOff: 'Reviews are turned off in this shop.',
  tooManyVotes: 'Too many votes. Please try again later.',
} as const;

/** "4.5" for 4.46: the one-decimal average the summary and the stars show. */
export function roundRating(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Share of approved reviews with 4 or 5 stars, as a whole percent (0 when there are none). */
export function recommendationPercentage(distribution: Record<1 | 2 | 3 | 4 | 5, number>): number {
  const total = distribution[1] + distribution[2] + distribution[3] + distribution[4] + distribution[5];
  return total === 0 ? 0 : Math.round(((distribution[4] + distribution[5]) / total) * 100);
}

/**
 * The first banned word found in the text, compared case-insensitively on whole words (so "ass"
 * does not match "class"), or null.
 */
export function findBannedWord(text: string, bannedWords: readonly string[]): string | null {
  const words = new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}']+/u)
      .filter((word) => word !== ''),
  );
  const lowered = text.toLowerCase();
  for (const banned of bannedWords) {
    const needle = banned.trim().toLowerCase();
    if (needle === '') continue;
    // A banned phrase of several words is matched as a phrase; a single word as a whole word.
    if (/\s/.test(needle) ? lowered.includes(needle) : words.has(needle)) return banned;
  }
  return null;
}
