import type { ErrorBody, ErrorCode, FieldError } from '#shared/contracts/common.ts';

/**
 * The one error type services throw. The error handler (plugins/error-handler.ts) turns it into the
 * error body of docs/product.md#error-body-and-codes; anything else becomes a 500 whose message never leaks internals.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ErrorBody {
    return { message: this.message, statusCode: this.statusCode, code: this.code, errors: this.errors };
  }
}

export const notFound = (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const badRequest = (message: string, errors: FieldError[] = []) =>
  new AppError(400, 'VALIDATION_ERROR', message, errors);
export const conflict = (message: string, errors: FieldError[] = []) => new AppError(409, 'CONFLICT', message, errors);
export const gone = (message: string) => new AppError(410, 'GONE', message);
export const unauthorized = (message = 'Authentication required') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError(403, 'FORBIDDEN', message);
export const outOfStock = (errors: FieldError[]) =>
  new AppError(
    409,
    'OUT_OF_STOCK',
    errors.length === 1 && errors[0] ? errors[0].message : 'Some items are out of stock',
    errors,
  );
