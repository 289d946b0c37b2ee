import { findBannedWord, type ReviewSettings } from '#shared/contracts/reviews.ts';

/**
 * Whether a new or edited review is public at once or waits for the shop (docs/product.md#review-rules).
 * Pure, so the rule is read in one place and tested without a database.
 */

/** Why a review waits: a banned word (whatever the mode), or the moderation mode. */
export type HeldReason = 'banned_words' | 'moderation';

export interface ReviewDecision {
  status: 'approved' | 'pending';
  heldReason: HeldReason | null;
}

export interface ReviewText {
  title: string;
  comment: string;
  pros: readonly string[];
  cons: readonly string[];
}

/**
 * Each field is searched on its own: joined, the end of the title and the start of the comment
 * could make a banned phrase that the shopper never wrote.
 */
export function holdsBannedWord(text: ReviewText, bannedWords: readonly string[]): boolean {
  if (bannedWords.length === 0) return false;
  return [text.title, text.comment, ...text.pros, ...text.cons].some(
    (field) => findBannedWord(field, bannedWords) !== null,
  );
}

export function decideReviewStatus(
  settings: ReviewSettings,
  verifiedPurchase: boolean,
  text: ReviewText,
): ReviewDecision {
  if (holdsBannedWord(text, settings.banned_words)) return { status: 'pending', heldReason: 'banned_words' };
  const approved = settings.moderation === 'none' || (settings.moderation === 'verified_auto' && verifiedPurchase);
  return approved ? { status: 'approved', heldReason: null } : { status: 'pending', heldReason: 'moderation' };
}

/** The shown name of a review's author: the account's name, else "Shopper". */
export function reviewerName(accountName: string | null | undefined): string {
  const name = accountName?.trim();
  return name ? name : 'Shopper';
}

/** The admins' `new_review` notification for a review waiting for moderation. */
export function reviewNotificationText(input: { rating: number; productName: string; userName: string }): {
  title: string;
  message: string;
} {
  return { title: 'New review', message: `★${input.rating} for ${input.productName} by ${input.userName}` };
}
