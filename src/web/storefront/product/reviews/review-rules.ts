import type { Review, ReviewSummary } from '#shared/contracts/reviews.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { shopDate } from '#web/lib/shop-dates.ts';

/**
 * The small rules of the storefront's review section (docs/product.md#reviews-on-the-storefront),
 * apart from the components so they are tested without a browser. The form's rules are the
 * contract's (review-form-schema.ts).
 */

/** The server's refusal: field errors by path, and the message for the form when none names a field. */
export function serverRefusal(error: unknown): { fields: Record<string, string>; message: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, message: 'Something went wrong. Please try again.' };
  if (error.status === 0) {
    return { fields: {}, message: 'We could not reach the shop. Check your connection and try again.' };
  }
  const fields: Record<string, string> = {};
  for (const item of error.errors) {
    const path = item.path || '';
    if (path && !fields[path]) fields[path] = item.message;
  }
  return { fields, message: Object.keys(fields).length > 0 ? null : error.message };
}

/** One star row of the summary: its count and its share of all approved reviews (whole percent). */
export interface DistributionRow {
  stars: 1 | 2 | 3 | 4 | 5;
  count: number;
  percent: number;
}

export function distributionRows(summary: ReviewSummary): DistributionRow[] {
  const total = summary.total_reviews;
  return ([5, 4, 3, 2, 1] as const).map((stars) => {
    const count = summary.rating_distribution[stars];
    return { stars, count, percent: total > 0 ? Math.round((count / total) * 100) : 0 };
  });
}

export type VoteState = Pick<Review, 'helpful_count' | 'not_helpful_count' | 'user_helpful_vote'>;

/**
 * The counts as the server will make them (docs/product.md#review-rules): a changed vote moves
 * from one side to the other, a repeated one changes nothing.
 */
export function afterVote(state: VoteState, isHelpful: boolean): VoteState {
  if (state.user_helpful_vote === isHelpful) return state;
  let { helpful_count, not_helpful_count } = state;
  if (state.user_helpful_vote === true) helpful_count -= 1;
  if (state.user_helpful_vote === false) not_helpful_count -= 1;
  if (isHelpful) helpful_count += 1;
  else not_helpful_count += 1;
  return { helpful_count, not_helpful_count, user_helpful_vote: isHelpful };
}

export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "Nov 25, 2026", in the shop's time zone. */
export const reviewDate = shopDate;

/** Where the sign-in links send the shopper back to: this product's Reviews section. */
export const signInHref = (path: string) => `/login?next=${encodeURIComponent(`${path}#reviews`)}`;
