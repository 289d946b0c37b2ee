import type { Review, ReviewSummary, ReviewWrite } from '#shared/contracts/reviews.ts';
import { REVIEW_LIMITS } from '#shared/reviews.ts';
import { ApiError } from '#web/lib/api-client.ts';

/**
 * The small rules of the storefront's review section (docs/product.md#reviews-on-the-storefront),
 * apart from the components so they are tested without a browser. The server stays the judge: the
 * form checks only what it can say before sending, and shows the server's field errors after.
 */

export interface ReviewDraft {
  rating: number;
  title: string;
  comment: string;
  pros: string[];
  cons: string[];
}

export const EMPTY_DRAFT: ReviewDraft = { rating: 0, title: '', comment: '', pros: [], cons: [] };

export const RATING_REQUIRED = 'Choose a rating from 1 to 5 stars';

export function draftOf(review: Review): ReviewDraft {
  const { rating, title, comment, pros, cons } = review;
  return { rating, title, comment, pros: [...pros], cons: [...cons] };
}

/** The body to send: trimmed, and the pros and cons left empty dropped (the server refuses blanks). */
export function writeOf(draft: ReviewDraft): ReviewWrite {
  const points = (list: string[]) => list.map((point) => point.trim()).filter((point) => point !== '');
  return {
    rating: draft.rating,
    title: draft.title.trim(),
    comment: draft.comment.trim(),
    pros: points(draft.pros),
    cons: points(draft.cons),
  };
}

/**
 * Field errors the form can tell before sending, by the server's paths (`rating`, `title`,
 * `comment`, `pros.2`), in the server's words where they exist.
 */
export function draftErrors(draft: ReviewDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  const body = writeOf(draft);
  if (!Number.isInteger(body.rating) || body.rating < 1 || body.rating > 5) errors.rating = RATING_REQUIRED;
  if ((body.title ?? '').length > REVIEW_LIMITS.titleMax) {
    errors.title = `Title must be at most ${REVIEW_LIMITS.titleMax} characters`;
  }
  if ((body.comment ?? '').length > REVIEW_LIMITS.commentMax) {
    errors.comment = `Review must be at most ${REVIEW_LIMITS.commentMax} characters`;
  }
  for (const [field, list] of [
    ['pros', draft.pros],
    ['cons', draft.cons],
  ] as const) {
    list.forEach((point, index) => {
      if (point.trim().length > REVIEW_LIMITS.pointMax) {
        errors[`${field}.${index}`] = `Each of the ${field} must be at most ${REVIEW_LIMITS.pointMax} characters`;
      }
    });
  }
  return errors;
}

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

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "Nov 25, 2026". */
export const reviewDate = (iso: string) => dateFormat.format(new Date(iso));

/** Where the sign-in links send the shopper back to: this product's Reviews section. */
export const signInHref = (path: string) => `/login?next=${encodeURIComponent(`${path}#reviews`)}`;
