import { describe, expect, it } from 'vitest';
import { EMPTY_REVIEW, RATING_REQUIRED, ReviewFormSchema, reviewFieldOf } from './review-form-schema.ts';

const issues = (value: unknown) => {
  const result = ReviewFormSchema.safeParse(value);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the review form schema (the contract, docs/product.md#reviews-on-the-storefront)', () => {
  it('sends trimmed text and leaves empty pros and cons out', () => {
    expect(
      ReviewFormSchema.parse({ rating: 4, title: ' Good ', comment: ' Fine.\n', pros: [' Fast ', '  '], cons: [''] }),
    ).toEqual({ rating: 4, title: 'Good', comment: 'Fine.', pros: ['Fast'], cons: [] });
  });

  it("asks for a rating, and checks the lengths in the contract's words at the input's own index", () => {
    expect(issues(EMPTY_REVIEW)).toEqual({ rating: RATING_REQUIRED });
    expect(
      issues({ rating: 5, title: 't'.repeat(101), comment: 'c'.repeat(1001), pros: ['', 'p'.repeat(101)], cons: [] }),
    ).toEqual({
      title: 'Title must be at most 100 characters',
      comment: 'Review must be at most 1000 characters',
      'pros.1': 'Each of the pros must be at most 100 characters',
    });
    expect(issues({ ...EMPTY_REVIEW, rating: 3 })).toEqual({});
  });

  it("puts the server's `pros.N` (the N-th point sent) on the input it came from", () => {
    const typed = { ...EMPTY_REVIEW, pros: ['', 'Fast', '', 'Light'] };
    expect(reviewFieldOf('pros.1', typed)).toBe('pros.3');
    expect(reviewFieldOf('pros.0', typed)).toBe('pros.1');
    expect(reviewFieldOf('pros', typed)).toBe('pros');
    expect(reviewFieldOf('title', typed)).toBe('title');
    expect(reviewFieldOf('user_id', typed)).toBeNull();
  });
});
