import { createHash } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { AppError } from '#server/errors.ts';
import type { CreateOrderRequest, Order } from '#shared/contracts/orders.ts';
import { findOrderByIdempotencyKey } from './order-queries.ts';

/**
 * The Idempotency-Key of `POST /orders` and `POST /admin/orders` (docs/product.md#order-endpoints):
 * a retry with the same key and the same body answers the first order; the same key with another
 * body is a 422. The key and the body's hash are stored on the order by cedar_place_order
 * (src/server/db/sql/place-order.sql); the unique index on the key is what refuses a second order.
 */

export const IDEMPOTENCY_MISMATCH_MESSAGE = 'This Idempotency-Key was already used for a different order';

/** The client's key and the hash of the body it came with (only orders sent with a key have them). */
export interface Idempotency {
  key: string;
  requestHash: string;
}

/** Keys sorted at every level, so the hash depends on the content and not on key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The parsed body (phone normalised, defaults applied) so equivalent retries hash the same. */
export function hashOrderRequest(request: CreateOrderRequest): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

export function idempotencyOf(request: CreateOrderRequest, key: string | undefined): Idempotency | undefined {
  return key ? { key, requestHash: hashOrderRequest(request) } : undefined;
}

/**
 * Runs `place`; when it fails and the order may be a repeat of one already placed with this key
 * (the key's unique index refused it, or the first one took the last units, or the product has
 * gone since: any AppError), answers with the first order instead (`replayed`), or the 422 when
 * the body differs. No lookup before trying: a round trip saved on every first attempt, the
 * common case.
 */
export async function placeOnce(
  db: Db,
  idempotency: Idempotency | undefined,
  place: () => Promise<Order>,
): Promise<{ order: Order; replayed: boolean }> {
  try {
    return { order: await place(), replayed: false };
  } catch (error) {
    const maybeRepeat = isUniqueViolation(error, 'orders_idempotency_key_unique') || error instanceof AppError;
    if (idempotency && maybeRepeat) {
      const existing = await findOrderByIdempotencyKey(db, idempotency.key);
      if (existing) {
        if (existing.requestHash !== idempotency.requestHash) {
          throw new AppError(422, 'CONFLICT', IDEMPOTENCY_MISMATCH_MESSAGE);
        }
        return { order: existing.order, replayed: true };
      }
    }
    throw error;
  }
}
