import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { recomputeProductRatings } from '#server/reviews/product-rating.ts';
import { reviews, reviewVotes } from '#server/reviews/reviews.table.ts';
import { users } from '#server/users/users.table.ts';
import { DEMO_REVIEWERS, type DemoReviewProduct, demoReviewerEmail, demoReviews } from './demo-reviews.ts';

/**
 * No argon2 hash: no password ever matches it (auth/passwords.ts verifyPassword answers false), and
 * the accounts are disabled too. The demo reviewers exist to sign reviews, never to sign in.
 */
const NO_PASSWORD = '!demo-account-without-a-password';

/**
 * Inserts `records` (column name → value) in one statement whose only parameter is the rows as
 * JSON, read back as rows of `table`: ~600 reviews bound as Drizzle's multi-row VALUES (14
 * parameters a row) took most of the seed's time on PGlite.
 */
function insertRecords(db: Db, table: PgTable, records: readonly Record<string, unknown>[]): Promise<unknown> {
  const first = records[0];
  if (!first) return Promise.resolve();
  const list: SQL = sql.raw(
    Object.keys(first)
      .map((name) => `"${name}"`)
      .join(', '),
  );
  return db.execute(
    sql`insert into ${table} (${list}) select ${list} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(records)}::jsonb)`,
  );
}

/**
 * Inserts the demo reviewers, their reviews (approved, never verified purchases) and their helpful votes
 * in the seed's transaction, then sets the products' rating and review count from the reviews
 * (product-rating.ts), so the demo figures follow the same rule as real ones.
 */
export async function seedDemoReviews(db: Db, products: readonly DemoReviewProduct[], now: Date): Promise<void> {
  const accounts = await db
    .insert(users)
    .values(
      DEMO_REVIEWERS.map((name, index) => ({
        email: demoReviewerEmail(index),
        passwordHash: NO_PASSWORD,
        name,
        role: 'customer' as const,
        isActive: false,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const idByEmail = new Map(accounts.map((account) => [account.email, account.id]));
  const accountOf = (reviewer: number) => {
    const id = idByEmail.get(demoReviewerEmail(reviewer));
    if (!id) throw new Error(`demo reviewer ${reviewer} was not inserted`);
    return id;
  };

  const planned = demoReviews(products, now).map((review) => ({ ...review, id: randomUUID() }));
  await insertRecords(
    db,
    reviews,
    planned.map((review) => ({
      id: review.id,
      product_id: review.productId,
      user_id: accountOf(review.reviewer),
      user_name: DEMO_REVIEWERS[review.reviewer] ?? 'Shopper',
      rating: review.rating,
      title: review.title,
      comment: review.comment,
      pros: review.pros,
      cons: review.cons,
      // Never a verified purchase: the demo shop has no orders (docs/product.md#demo-data).
      verified_purchase: false,
      helpful_count: review.helpfulVoters.length,
      not_helpful_count: review.notHelpfulVoters.length,
      status: 'approved',
      created_at: review.createdAt.toISOString(),
      updated_at: review.createdAt.toISOString(),
    })),
  );
  await insertRecords(
    db,
    reviewVotes,
    planned.flatMap((review) =>
      [
        ...review.helpfulVoters.map((voter) => [voter, true] as const),
        ...review.notHelpfulVoters.map((voter) => [voter, false] as const),
      ].map(([voter, isHelpful]) => ({
        review_id: review.id,
        user_id: accountOf(voter),
        is_helpful: isHelpful,
        created_at: review.createdAt.toISOString(),
        updated_at: review.createdAt.toISOString(),
      })),
    ),
  );
  await recomputeProductRatings(
    db,
    products.map((product) => product.productId),
  );
}
