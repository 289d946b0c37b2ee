import { AppError } from '#server/errors.ts';
import { REVIEW_MESSAGES } from '#shared/contracts/reviews.ts';

/** The one 404 of the reviews domain, for the shopper's and the shop's routes alike. */
export const reviewNotFound = () => new AppError(404, 'NOT_FOUND', REVIEW_MESSAGES.notFound);
