import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { type Review, type ReviewWrite, ReviewWriteSchema } from '#shared/contracts/reviews.ts';

/**
 * The review form's schema for react-hook-form (docs/product.md#reviews-on-the-storefront): the
 * contract's ReviewWriteSchema, the server's own rules and words, with only what a form adds: a
 * rating not chosen yet (0) asks for one, and pros and cons left empty are not sent. Errors keep
 * the index of the input they concern (`pros.1`), blank inputs counted.
 */

export const RATING_REQUIRED = 'Choose a rating from 1 to 5 stars';

export interface ReviewFormInput {
  rating: number;
  title: string;
  comment: string;
  pros: string[];
  cons: string[];
}

export const EMPTY_REVIEW: ReviewFormInput = { rating: 0, title: '', comment: '', pros: [], cons: [] };

export function reviewFormValues(review: Review | null): ReviewFormInput {
  if (!review) return EMPTY_REVIEW;
  const { rating, title, comment, pros, cons } = review;
  return { rating, title, comment, pros: [...pros], cons: [...cons] };
}

const { shape } = ReviewWriteSchema;
const isFilled = (point: string) => point.trim() !== '';

/** Pros or cons as typed: each filled point judged by the contract's rule for one point, then the list by its own. */
const pointsAsTyped = (list: typeof shape.pros) => {
  const point = list.unwrap().element;
  return z
    .array(z.string())
    .superRefine((points, ctx) => {
      points.forEach((typed, index) => {
        if (!isFilled(typed)) return;
        const checked = point.safeParse(typed);
        if (!checked.success) {
          ctx.addIssue({ code: 'custom', path: [index], message: checked.error.issues[0]?.message ?? 'Check this' });
        }
      });
    })
    .transform((points) => points.filter(isFilled))
    .pipe(list.unwrap());
};

export const ReviewFormSchema = z.object({
  rating: z
    .number()
    .refine((rating) => rating !== 0, RATING_REQUIRED)
    .pipe(shape.rating),
  title: shape.title.unwrap(),
  comment: shape.comment.unwrap(),
  pros: pointsAsTyped(shape.pros),
  cons: pointsAsTyped(shape.cons),
});
export type ReviewFormValues = z.output<typeof ReviewFormSchema> & ReviewWrite;

/** The form's fields that can show an error: the plain ones, each list, and each point typed. */
export function reviewFields(typed: ReviewFormInput): FieldPath<ReviewFormInput>[] {
  const points = (field: 'pros' | 'cons') => typed[field].map((_, index) => `${field}.${index}` as const);
  return ['rating', 'title', 'comment', 'pros', 'cons', ...points('pros'), ...points('cons')];
}

/**
 * The form field of a server error path: `pros.0` is the first point sent, which is the first
 * filled input (blank ones are not sent).
 */
export function reviewFieldOf(path: string, typed: ReviewFormInput): string | null {
  const [field, index] = path.split('.');
  if (field === 'rating' || field === 'title' || field === 'comment') return index === undefined ? field : null;
  if (field !== 'pros' && field !== 'cons') return null;
  if (index === undefined) return field;
  const filled = typed[field].flatMap((point, at) => (isFilled(point) ? [at] : []));
  const at = filled[Number(index)];
  return at === undefined ? field : `${field}.${at}`;
}
