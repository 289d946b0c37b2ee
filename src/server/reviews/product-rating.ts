import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/**
 * Locks the products' rows, in id order, before a review of theirs changes status. Call it first in
 * the transaction: on PostgreSQL (read committed) the recompute that follows then runs after any
 * other approval of the same product has committed, and sees it. Without the lock two concurrent
 * approvals could each count only their own review and the last write would lose the other.
 * Sorted ids keep two bulk actions over the same products from deadlocking.
 */
export async function lockProductsForRating(db: Db, productIds: readonly string[]): Promise<void> {
  const ids = [...new Set(productIds)].sort();
  if (ids.length === 0) return;
  await db.execute(
    sql`select id from products where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) order by id for update`,
  );
}

/**
 * Sets `products.rating` (average of approved reviews, 2 decimals; 0 with none) and
 * `review_count` (approved reviews) from the reviews themselves, in the caller's transaction,
 * after lockProductsForRating. Only approved reviews count (docs/product.md#reviews).
 */
export async function recomputeProductRatings(db: Db, productIds: readonly string[]): Promise<void> {
  const ids = [...new Set(productIds)].sort();
  if (ids.length === 0) return;
  await db.execute(sql`
    update products p
    set rating = coalesce(r.average, 0), review_count = coalesce(r.count, 0)
    from (
      select p2.id, round(avg(rv.rating)::numeric, 2) as average, count(rv.id)::int as count
      from products p2
      left join reviews rv on rv.product_id = p2.id and rv.status = 'approved'
      where p2.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      group by p2.id
    ) r
    where p.id = r.id and (p.rating is distinct from coalesce(r.average, 0) or p.review_count is distinct from coalesce(r.count, 0))`);
}
