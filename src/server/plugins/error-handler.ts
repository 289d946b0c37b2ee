import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isPoolExhausted } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { ErrorBody, ErrorCode } from '#shared/contracts/common.ts';
import { RateLimitedError } from './rate-limiter.ts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** Anything unexpected: says nothing about what went wrong (the log has it, cleaned). */
const INTERNAL_ERROR_BODY: ErrorBody = {
  message: 'Something went wrong on our side. Please try again.',
  statusCode: 500,
  code: 'INTERNAL_ERROR',
  errors: [],
};

/** How long a client should wait after a 503 for a busy database (PostgreSQL pool exhausted). */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 2;
export const DATABASE_BUSY_BODY: ErrorBody = {
  message: 'The shop is busy right now. Please try again in a moment.',
  statusCode: 503,
  code: 'SERVICE_UNAVAILABLE',
  errors: [],
};

/** Fastify's own client errors (bad JSON, body too large, wrong content type) keep their status. */
function fromFastifyError(error: FastifyError): ErrorBody {
  const statusCode = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const code = CODE_BY_STATUS[statusCode] ?? 'VALIDATION_ERROR';
  const messages: Record<string, string> = {
    FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
    FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send JSON',
    FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  };
  const message = messages[error.code] ?? (error.message || 'Bad request');
  return { message, statusCode, code, errors: [] };
}

/**
 * One place that shapes every error (docs/product.md#api-conventions): validation errors list every
 * bad field, AppErrors keep their code, and anything unexpected is logged and answered with a
 * 500 that says nothing about internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // No body at all (none sent, or an empty JSON body: plugins/json-body.ts) where one is needed.
      if (error.validationContext === 'body' && (request.body === undefined || request.body === null)) {
        const message = 'Request body is required; send a JSON object';
        const body: ErrorBody = {
          message,
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          errors: [{ path: 'body', message }],
        };
        return reply.status(400).send(body);
      }
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'request'),
        message: issue.message ?? 'Invalid value',
      }));
      const summary = errors.map((item) => `${item.path}: ${item.message}`).join('; ');
      const body: ErrorBody = {
        message: `Invalid ${error.validationContext ?? 'request'}: ${summary}`,
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        errors,
      };
      return reply.status(400).send(body);
    }
    if (error instanceof AppError) {
      // Every 429 says when to come back, whoever threw it (a route or a service without a reply).
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.statusCode).send(error.toBody());
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const body = fromFastifyError(error);
      return reply.status(body.statusCode).send(body);
    }
    if (isPoolExhausted(error)) {
      // Every database connection stayed busy: overload, not a bug. Ask the client to come back.
      request.log.warn('database pool exhausted: answered 503');
      reply.header('retry-after', String(DATABASE_BUSY_RETRY_AFTER_SECONDS));
      return reply.status(503).send(DATABASE_BUSY_BODY);
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(INTERNAL_ERROR_BODY);
  });
}

/** Longest path segment the router matches (Fastify's `maxParamLength`); longer ones answer 414. */
export const MAX_PATH_SEGMENT_LENGTH = 200;

/**
 * Fastify's router refuses some URLs before any route, hook or error handler runs: a path segment
 * longer than `maxParamLength` (414) and a broken `%` escape (400). Fastify's own answer echoes the
 * raw URL in another shape; this one (the `frameworkErrors` option in app.ts) answers the
 * docs/product.md#error-body-and-codes error body and repeats nothing the client sent.
 */
export function routerErrorBody(error: FastifyError): ErrorBody {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return {
      message: `A part of the address is too long (at most ${MAX_PATH_SEGMENT_LENGTH} characters)`,
      statusCode: 414,
      code: 'URI_TOO_LONG',
      errors: [],
    };
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return {
      message: 'The address is not valid: it holds a broken % escape',
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      errors: [],
    };
  }
  return INTERNAL_ERROR_BODY;
}

export function replyToRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const body = routerErrorBody(error);
  if (body.statusCode >= 500) request.log.error({ err: error }, 'router error');
  else request.log.info({ code: error.code, statusCode: body.statusCode }, 'refused by the router');
  reply.status(body.statusCode).header('cache-control', 'no-store').send(body);
}

export function apiNotFoundBody(method: string, url: string): ErrorBody {
  const pathOnly = url.split('?')[0];
  return { message: `No API route for ${method} ${pathOnly}`, statusCode: 404, code: 'NOT_FOUND', errors: [] };
}
