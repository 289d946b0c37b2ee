import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { isDemoColumn } from '#server/db/demo-marks.ts';
import { containsPattern, pageOffset } from '#server/db/list-queries.ts';
import { products } from '#server/products/products.table.ts';
import { users } from '#server/users/users.table.ts';
import { buildPagination, type Pagination } from '#shared/contracts/common.ts';
import type { AdminReview, AdminReviewListQuery, ReviewSort, ReviewStats } from '#shared/contracts/reviews.ts';
import { reviewNotFound } from './review-errors.ts';
import { toAdminReview } from './reviews.mapper.ts';
import { reviews } from './reviews.table.ts';

/**
 * The shop's reads of reviews (docs/product.md#reviews-in-the-admin): the moderation list, the
 * status counts and one review, each with its product's name and first image and the author's
 * email (null once the account is gone).
 */

const withExtras = {
  review: reviews,
  productName: products.name,
  productImages: products.images,
  userEmail: users.email,
  isDemo: isDemoColumn('reviews'),
};

function adminReviewsSelect(db: Db) {
  return db
    .select(withExtras)
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .leftJoin(users, eq(users.id, reviews.userId));
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof adminReviewsSelect>['execute']>>[number];

const toAdmin = (row: JoinedRow): AdminReview => ({
  ...toAdminReview(row.review, {
    productName: row.productName,
    productImage: row.productImages[0] ?? null,
    userEmail: row.userEmail,
  }),
  is_demo: row.isDemo,
});

function listWhere(query: AdminReviewListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    query.status ? eq(reviews.status, query.status) : undefined,
    query.rating ? eq(reviews.rating, query.rating) : undefined,
    query.product_id ? eq(reviews.productId, query.product_id) : undefined,
    query.verified === undefined ? undefined : eq(reviews.verifiedPurchase, query.verified),
  ];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(
        ilike(reviews.title, pattern),
        ilike(reviews.comment, pattern),
        ilike(reviews.userName, pattern),
        ilike(products.name, pattern),
      ),
    );
  }
  return and(...conditions);
}

/** Each sort ends on the newest first, then the id, so pages never repeat or skip a row. */
const ORDERS: Record<ReviewSort, SQL[]> = {
  newest: [desc(reviews.createdAt), desc(reviews.id)],
  oldest: [asc(reviews.createdAt), asc(reviews.id)],
  highest_rating: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  lowest_rating: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  most_helpful: [desc(reviews.helpfulCount), desc(reviews.createdAt), desc(reviews.id)],
};

/** `GET /admin/reviews`: every status unless filtered. */
export async function listAdminReviews(
  db: Db,
  query: AdminReviewListQuery,
): Promise<{ data: AdminReview[]; pagination: Pagination }> {
  const where = listWhere(query);
  const [rows, [total]] = await Promise.all([
    adminReviewsSelect(db)
      .where(where)
      .orderBy(...ORDERS[query.sort_by])
      .limit(query.limit)
      .offset(pageOffset(query)),
    // The search reads the product's name, so the count joins the product too.
    db.select({ n: count() }).from(reviews).innerJoin(products, eq(products.id, reviews.productId)).where(where),
  ]);
  return { data: rows.map(toAdmin), pagination: buildPagination(query.page, query.limit, total?.n ?? 0) };
}

/** `GET /admin/reviews/stats`: reviews per status (the sidebar shows `pending`). */
export async function reviewStats(db: Db): Promise<ReviewStats> {
  const byStatus = (status: string) =>
    sql<number>`count(*) filter (where ${reviews.status} = ${status})`.mapWith(Number);
  const [row] = await db
    .select({
      pending: byStatus('pending'),
      approved: byStatus('approved'),
      rejected: byStatus('rejected'),
      hidden: byStatus('hidden'),
      total: count(),
    })
    .from(reviews);
  return {
    pending: row?.pending ?? 0,
    approved: row?.approved ?? 0,
    rejected: row?.rejected ?? 0,
    hidden: row?.hidden ?? 0,
    total: row?.total ?? 0,
  };
}

/** One review as the shop sees it, or 404 "Review not found". */
export async function getAdminReview(db: Db, id: string): Promise<AdminReview> {
  const [row] = await adminReviewsSelect(db).where(eq(reviews.id, id)).limit(1);
  if (!row) throw reviewNotFound();
  return toAdmin(row);
}
