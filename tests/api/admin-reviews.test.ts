import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/audit/audit.table.ts';
import { notifications } from '#server/notifications/notifications.table.ts';
import { insertReviewNotifications } from '#server/notifications/notify-admins.ts';
import { products } from '#server/products/products.table.ts';
import { reviews, reviewVotes } from '#server/reviews/reviews.table.ts';
import { users } from '#server/users/users.table.ts';
import type { ShopperUser } from '#shared/contracts/accounts.ts';
import { type AdminReview, REVIEW_MESSAGES, type ReviewStats, type ReviewStatus } from '#shared/contracts/reviews.ts';
import { UNSAFE_TEXT_MESSAGE } from '#shared/contracts/text.ts';
import { createProduct } from '../factories/catalogue.ts';
import { apiAs, auditOf } from '../helpers/admin-api.ts';
import { bearer, createUser, signInAs, signUpShopper } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

interface ReviewSpec {
  productId: string;
  author: ShopperUser;
  rating: number;
  status?: ReviewStatus;
  title?: string;
  comment?: string;
  verified?: boolean;
  helpful?: number;
  heldReason?: string | null;
  /** Minutes before now: older reviews first in `oldest`. */
  minutesAgo?: number;
}

/**
 * docs/product.md#reviews-in-the-admin: the shop's moderation list, figures, status changes with
 * the product's rating recomputed exactly (and the catalogue following), replies, deletes, bulk
 * actions, settings, the audit log, refusals, and concurrent approvals (run with
 * TEST_DATABASE_URL too: there they really race).
 */
describe('admin reviews', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  let adminId: string;
  let otherAdminId: string;
  let shopperToken: string;
  const shoppers: ShopperUser[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const admin = await createUser(db, { role: 'admin', name: 'Maya Haddad' });
    adminId = admin.id;
    otherAdminId = (await createUser(db, { role: 'super_admin', name: 'Karim' })).id;
    api = apiAs(ctx.app, (await signInAs(ctx.app, admin.email)).token);
    for (const name of ['Rami Khoury', 'Lina Saad', 'Omar Aziz', 'Nour Fares']) {
      const session = await signUpShopper(ctx.app, { name });
      shoppers.push(session.user);
      shopperToken = session.access_token;
    }
  });
  afterAll(() => ctx.close());

  const shopper = (index: number) => shoppers[index] as ShopperUser;

  /** A review row as the shopper side stores it (the shopper endpoints are not needed here). */
  async function insertReview(spec: ReviewSpec): Promise<string> {
    const [row] = await ctx.database.db
      .insert(reviews)
      .values({
        productId: spec.productId,
        userId: spec.author.id,
        userName: spec.author.name,
        rating: spec.rating,
        title: spec.title ?? `${spec.rating} stars`,
        comment: spec.comment ?? 'Works as described.',
        verifiedPurchase: spec.verified ?? false,
        helpfulCount: spec.helpful ?? 0,
        status: spec.status ?? 'pending',
        heldReason: spec.heldReason ?? ((spec.status ?? 'pending') === 'pending' ? 'moderation' : null),
        createdAt: new Date(Date.now() - (spec.minutesAgo ?? 0) * 60_000),
        updatedAt: new Date(Date.now() - (spec.minutesAgo ?? 0) * 60_000),
      })
      .returning({ id: reviews.id });
    if (!row) throw new Error('review insert returned nothing');
    return row.id;
  }

  const setStatus = (id: string, status: string) => api('PUT', `/api/admin/reviews/${id}/status`, { status });

  async function approve(id: string, status: ReviewStatus = 'approved'): Promise<AdminReview> {
    const response = await setStatus(id, status);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  async function ratingOf(productId: string) {
    const [row] = await ctx.database.db
      .select({ rating: products.rating, reviewCount: products.reviewCount })
      .from(products)
      .where(eq(products.id, productId));
    return row;
  }

  async function catalogueRatingOf(productId: string) {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}` });
    expect(response.statusCode, response.body).toBe(200);
    const { rating, review_count } = response.json().data;
    return { rating, review_count };
  }

  async function list(query: string) {
    const response = await api('GET', `/api/admin/reviews?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: AdminReview[]; pagination: { total: number; totalPages: number } };
  }

  async function stats(): Promise<ReviewStats> {
    const response = await api('GET', '/api/admin/reviews/stats');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  describe('the list', () => {
    let productId: string;
    let otherProductId: string;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      const db = ctx.database.db;
      productId = (
        await createProduct(db, { name: 'Cedar Lamp 100%_Oak', images: ['/uploads/lamp.webp', '/uploads/lamp-2.webp'] })
      ).id;
      otherProductId = (await createProduct(db, { name: 'Walnut Stool' })).id;
      ids.old = await insertReview({
        productId,
        author: shopper(0),
        rating: 5,
        title: 'Lovely light',
        comment: 'Warm and bright',
        status: 'approved',
        verified: true,
        helpful: 1,
        minutesAgo: 30,
      });
      ids.middle = await insertReview({
        productId,
        author: shopper(1),
        rating: 2,
        title: 'Flickers',
        comment: 'The switch is 50% broken',
        helpful: 7,
        minutesAgo: 20,
      });
      ids.newest = await insertReview({
        productId,
        author: shopper(2),
        rating: 4,
        title: 'Good',
        comment: 'Solid oak',
        status: 'rejected',
        verified: true,
        minutesAgo: 10,
      });
      ids.stool = await insertReview({
        productId: otherProductId,
        author: shopper(0),
        rating: 3,
        title: 'Wobbly',
        comment: 'Sits fine',
        status: 'hidden',
        minutesAgo: 5,
      });
    });

    const idsOf = (rows: AdminReview[]) => rows.map((row) => row.id);

    it('answers every status with the product, its first image and the author email', async () => {
      const body = await list(`product_id=${productId}`);
      expect(body.pagination.total).toBe(3);
      expect(idsOf(body.data)).toEqual([ids.newest, ids.middle, ids.old]);
      expect(body.data[2]).toMatchObject({
        id: ids.old,
        product_id: productId,
        product_name: 'Cedar Lamp 100%_Oak',
        product_image: '/uploads/lamp.webp',
        user_id: shopper(0).id,
        user_name: 'Rami Khoury',
        user_email: shopper(0).email,
        rating: 5,
        title: 'Lovely light',
        status: 'approved',
        verified_purchase: true,
        held_reason: null,
        shop_reply: null,
        moderated_at: null,
      });
      expect(body.data[1]).toMatchObject({ status: 'pending', held_reason: 'moderation' });
      expect(body.data[1]).not.toHaveProperty('user_helpful_vote');
      const stool = await list(`product_id=${otherProductId}`);
      expect(stool.data[0]).toMatchObject({ product_name: 'Walnut Stool', product_image: null });
    });

    it('filters by status, stars, product and verified', async () => {
      expect(idsOf((await list(`product_id=${productId}&status=pending`)).data)).toEqual([ids.middle]);
      expect(idsOf((await list(`product_id=${productId}&rating=4`)).data)).toEqual([ids.newest]);
      expect(idsOf((await list(`product_id=${productId}&verified=true`)).data)).toEqual([ids.newest, ids.old]);
      expect(idsOf((await list(`product_id=${productId}&verified=0`)).data)).toEqual([ids.middle]);
      expect(idsOf((await list(`status=hidden&product_id=${otherProductId}`)).data)).toEqual([ids.stool]);
      expect((await list(`product_id=${productId}&status=hidden`)).data).toEqual([]);
    });

    it('searches title, text, author and product name, ignoring case and taking % and _ literally', async () => {
      const search = async (text: string) =>
        idsOf((await list(`search=${encodeURIComponent(text)}&product_id=${productId}`)).data);
      expect(await search('FLICKERS')).toEqual([ids.middle]);
      expect(await search('solid')).toEqual([ids.newest]);
      expect(await search('lina saad')).toEqual([ids.middle]);
      expect(await search('cedar lamp')).toEqual([ids.newest, ids.middle, ids.old]);
      expect(await search('50%')).toEqual([ids.middle]);
      expect(await search('100%_oak')).toHaveLength(3);
      // As wildcards these would match "0%_O" and "Lamp 1".
      expect(await search('0%o')).toEqual([]);
      expect(await search('lamp_1')).toEqual([]);
      // Without the product filter, the product name finds the stool's review too.
      expect(idsOf((await list('search=walnut%20stool')).data)).toEqual([ids.stool]);
    });

    it('sorts and pages', async () => {
      const sorted = async (sort: string) => idsOf((await list(`product_id=${productId}&sort_by=${sort}`)).data);
      expect(await sorted('oldest')).toEqual([ids.old, ids.middle, ids.newest]);
      expect(await sorted('highest_rating')).toEqual([ids.old, ids.newest, ids.middle]);
      expect(await sorted('lowest_rating')).toEqual([ids.middle, ids.newest, ids.old]);
      expect(await sorted('most_helpful')).toEqual([ids.middle, ids.old, ids.newest]);
      const first = await list(`product_id=${productId}&limit=2`);
      expect(idsOf(first.data)).toEqual([ids.newest, ids.middle]);
      expect(first.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2, hasNext: true, hasPrev: false });
      const second = await list(`product_id=${productId}&limit=2&page=2`);
      expect(idsOf(second.data)).toEqual([ids.old]);
      expect(second.pagination).toMatchObject({ page: 2, hasNext: false, hasPrev: true });
    });

    it('answers one review, and 404 for an unknown or malformed id', async () => {
      const response = await api('GET', `/api/admin/reviews/${ids.middle}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ id: ids.middle, title: 'Flickers', user_email: shopper(1).email });
      const notFound = { message: REVIEW_MESSAGES.notFound, statusCode: 404, code: 'NOT_FOUND', errors: [] };
      for (const url of [`/api/admin/reviews/${UNKNOWN_ID}`, '/api/admin/reviews/not-a-uuid']) {
        const missing = await api('GET', url);
        expect(missing.statusCode, url).toBe(404);
        expect(missing.json()).toEqual(notFound);
      }
      expect((await api('PUT', '/api/admin/reviews/nope/status', { status: 'approved' })).json()).toEqual(notFound);
      expect((await api('PUT', '/api/admin/reviews/nope/status', { status: 'bad' })).statusCode).toBe(404);
      expect((await api('PUT', '/api/admin/reviews/nope/reply', { reply: 'Hi' })).statusCode).toBe(404);
      expect((await api('DELETE', '/api/admin/reviews/nope')).statusCode).toBe(404);
      expect((await api('DELETE', `/api/admin/reviews/${UNKNOWN_ID}`)).json()).toEqual(notFound);
      expect((await setStatus(UNKNOWN_ID, 'approved')).statusCode).toBe(404);
      expect((await api('PUT', `/api/admin/reviews/${UNKNOWN_ID}/reply`, { reply: 'Hi' })).statusCode).toBe(404);
      // The fixed paths are not ids.
      expect((await api('DELETE', '/api/admin/reviews/stats')).json()).toEqual(notFound);
    });

    it('refuses bad list queries with 400', async () => {
      for (const query of [
        'status=deleted',
        'rating=6',
        'rating=2.5',
        'product_id=nope',
        'sort_by=price',
        'limit=101',
      ]) {
        const response = await api('GET', `/api/admin/reviews?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
    });
  });

  it('counts reviews per status', async () => {
    const before = await stats();
    const productId = (await createProduct(ctx.database.db)).id;
    await insertReview({ productId, author: shopper(0), rating: 5 });
    await insertReview({ productId, author: shopper(1), rating: 4 });
    await insertReview({ productId, author: shopper(2), rating: 4, status: 'approved' });
    await insertReview({ productId, author: shopper(3), rating: 1, status: 'rejected' });
    const after = await stats();
    expect(after).toEqual({
      pending: before.pending + 2,
      approved: before.approved + 1,
      rejected: before.rejected + 1,
      hidden: before.hidden,
      total: before.total + 4,
    });
    expect(after.total).toBe(after.pending + after.approved + after.rejected + after.hidden);
  });

  it('recomputes the rating and count exactly on approve, hide, reject, back to pending, and the catalogue follows', async () => {
    const productId = (await createProduct(ctx.database.db, { price: 25 })).id;
    expect(await catalogueRatingOf(productId)).toEqual({ rating: 0, review_count: 0 });
    const four = await insertReview({ productId, author: shopper(0), rating: 4 });
    const two = await insertReview({ productId, author: shopper(1), rating: 2 });
    const five = await insertReview({ productId, author: shopper(2), rating: 5 });

    const approved = await approve(four);
    expect(approved).toMatchObject({ id: four, status: 'approved', held_reason: null });
    expect(approved.moderated_at).not.toBeNull();
    expect(await ratingOf(productId)).toEqual({ rating: 4, reviewCount: 1 });
    await approve(two);
    expect(await ratingOf(productId)).toEqual({ rating: 3, reviewCount: 2 });
    expect(await catalogueRatingOf(productId)).toEqual({ rating: 3, review_count: 2 });

    await approve(two, 'hidden');
    expect(await ratingOf(productId)).toEqual({ rating: 4, reviewCount: 1 });
    expect(await catalogueRatingOf(productId)).toEqual({ rating: 4, review_count: 1 });

    await approve(five);
    expect(await ratingOf(productId)).toEqual({ rating: 4.5, reviewCount: 2 });
    await approve(two);
    // (4 + 2 + 5) / 3 = 3.666…: two decimals.
    expect(await ratingOf(productId)).toEqual({ rating: 3.67, reviewCount: 3 });
    expect(await catalogueRatingOf(productId)).toEqual({ rating: 3.67, review_count: 3 });

    await approve(five, 'rejected');
    await approve(four, 'pending');
    expect(await ratingOf(productId)).toEqual({ rating: 2, reviewCount: 1 });
    await approve(two, 'rejected');
    expect(await ratingOf(productId)).toEqual({ rating: 0, reviewCount: 0 });
    expect(await catalogueRatingOf(productId)).toEqual({ rating: 0, review_count: 0 });

    const audit = await auditOf(ctx.database.db, 'review', two);
    expect(audit.map((row) => row.action)).toEqual([
      'review.approve',
      'review.hide',
      'review.approve',
      'review.reject',
    ]);
    expect(audit[1]?.before).toMatchObject({ product_id: productId, status: 'approved', rating: 2 });
    expect(audit[1]?.after).toEqual({ status: 'hidden', held_reason: null });
    expect(audit[1]?.userId).toBe(adminId);
    expect((await auditOf(ctx.database.db, 'review', four)).map((row) => row.action)).toEqual([
      'review.approve',
      'review.pending',
    ]);
  });

  it('treats the same status again as a no-op: 200, nothing written, nothing audited', async () => {
    const productId = (await createProduct(ctx.database.db)).id;
    const id = await insertReview({ productId, author: shopper(0), rating: 3 });
    const first = await approve(id);
    const again = await approve(id);
    expect(again).toEqual(first);
    expect(await ratingOf(productId)).toEqual({ rating: 3, reviewCount: 1 });
    expect((await auditOf(ctx.database.db, 'review', id)).map((row) => row.action)).toEqual(['review.approve']);
  });

  it("keeps the author's updated_at when the shop moderates or replies", async () => {
    const productId = (await createProduct(ctx.database.db)).id;
    const id = await insertReview({ productId, author: shopper(0), rating: 3, minutesAgo: 60 });
    const before = (await api('GET', `/api/admin/reviews/${id}`)).json().data as AdminReview;
    await approve(id);
    await api('PUT', `/api/admin/reviews/${id}/reply`, { reply: 'Thank you!' });
    const after = (await api('GET', `/api/admin/reviews/${id}`)).json().data as AdminReview;
    expect(after.updated_at).toBe(before.updated_at);
    expect(after.created_at).toBe(before.created_at);
  });

  it("marks a decided review's new_review notifications read for every admin", async () => {
    const db = ctx.database.db;
    const productId = (await createProduct(db)).id;
    const decided = await insertReview({ productId, author: shopper(0), rating: 5 });
    const bulkDecided = await insertReview({ productId, author: shopper(1), rating: 4 });
    const waiting = await insertReview({ productId, author: shopper(2), rating: 3 });
    for (const reviewId of [decided, bulkDecided, waiting]) {
      await insertReviewNotifications(db, { reviewId, title: 'New review', message: 'A review waits' });
    }
    const unread = async (reviewId: string) =>
      (
        await db
          .select({ userId: notifications.userId })
          .from(notifications)
          .where(and(eq(notifications.reviewId, reviewId), eq(notifications.isRead, false)))
      )
        .map((row) => row.userId)
        .sort();
    expect(await unread(decided)).toEqual(expect.arrayContaining([adminId, otherAdminId]));

    await approve(decided, 'rejected');
    const bulk = await api('POST', '/api/admin/reviews/bulk', { action: 'hide', ids: [bulkDecided] });
    expect(bulk.json().data).toEqual({ updated: 1 });
    expect(await unread(decided)).toEqual([]);
    expect(await unread(bulkDecided)).toEqual([]);
    expect(await unread(waiting)).toEqual(expect.arrayContaining([adminId, otherAdminId]));
    // Set back to pending by the shop: nothing new to alert about.
    await approve(decided, 'pending');
    expect(await unread(decided)).toEqual([]);
  });

  it('sets, replaces and removes the shop reply, signed with the staff name, audited', async () => {
    const productId = (await createProduct(ctx.database.db)).id;
    const id = await insertReview({ productId, author: shopper(0), rating: 4, status: 'approved' });
    const reply = (text: string) => api('PUT', `/api/admin/reviews/${id}/reply`, { reply: text });

    const set = await reply('  Thank you, Rami!  ');
    expect(set.statusCode, set.body).toBe(200);
    const review = set.json().data as AdminReview;
    expect(review.shop_reply).toMatchObject({ text: 'Thank you, Rami!', by: 'Maya Haddad' });
    expect(Date.now() - Date.parse(review.shop_reply?.at as string)).toBeLessThan(60_000);
    // The rating is untouched by a reply.
    expect(await ratingOf(productId)).toEqual({ rating: 0, reviewCount: 0 });

    expect((await reply('Thanks again')).json().data.shop_reply.text).toBe('Thanks again');
    expect((await reply('Thanks again')).statusCode).toBe(200);
    const removed = await reply('   ');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.shop_reply).toBeNull();
    const [row] = await ctx.database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row).toMatchObject({ shopReply: null, shopReplyBy: null, shopReplyAt: null });
    expect((await reply('')).statusCode).toBe(200);

    const audit = await auditOf(ctx.database.db, 'review', id);
    expect(audit.map((entry) => entry.action)).toEqual(['review.reply', 'review.reply', 'review.reply_remove']);
    expect(audit[0]?.after).toEqual({ reply: 'Thank you, Rami!', by: 'Maya Haddad' });
    expect(audit[2]?.before).toMatchObject({ reply: 'Thanks again', by: 'Maya Haddad' });

    const tooLong = await reply('x'.repeat(1001));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual([{ path: 'reply', message: 'Reply must be at most 1000 characters' }]);
    const unsafe = await reply('Bad\u0000reply');
    expect(unsafe.statusCode).toBe(400);
    expect(unsafe.json().errors).toContainEqual({ path: 'reply', message: UNSAFE_TEXT_MESSAGE });
    expect((await api('PUT', `/api/admin/reviews/${id}/reply`, { reply: 5 })).statusCode).toBe(400);
    expect((await api('PUT', `/api/admin/reviews/${id}/reply`, {})).statusCode).toBe(400);
  });

  it("deletes a review and its votes; an approved one leaves the product's rating", async () => {
    const db = ctx.database.db;
    const productId = (await createProduct(db)).id;
    const five = await insertReview({ productId, author: shopper(0), rating: 5 });
    const one = await insertReview({ productId, author: shopper(1), rating: 1 });
    const pending = await insertReview({ productId, author: shopper(2), rating: 2 });
    await approve(five);
    await approve(one);
    await db.insert(reviewVotes).values({ reviewId: one, userId: shopper(3).id, isHelpful: true });
    expect(await ratingOf(productId)).toEqual({ rating: 3, reviewCount: 2 });

    const deleted = await api('DELETE', `/api/admin/reviews/${one}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await ratingOf(productId)).toEqual({ rating: 5, reviewCount: 1 });
    expect(await catalogueRatingOf(productId)).toEqual({ rating: 5, review_count: 1 });
    expect(await db.select().from(reviewVotes).where(eq(reviewVotes.reviewId, one))).toEqual([]);
    expect((await api('GET', `/api/admin/reviews/${one}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/admin/reviews/${one}`)).statusCode).toBe(404);

    expect((await api('DELETE', `/api/admin/reviews/${pending}`)).statusCode).toBe(204);
    expect(await ratingOf(productId)).toEqual({ rating: 5, reviewCount: 1 });

    const audit = await auditOf(db, 'review', one);
    expect(audit.map((entry) => entry.action)).toEqual(['review.approve', 'review.delete']);
    expect(audit[1]?.before).toMatchObject({
      product_id: productId,
      user_name: 'Lina Saad',
      rating: 1,
      status: 'approved',
    });
  });

  it('bulk approves, rejects and hides across two products, skipping unknown ids and unchanged reviews', async () => {
    const db = ctx.database.db;
    const lamp = (await createProduct(db)).id;
    const stool = (await createProduct(db)).id;
    const lamp5 = await insertReview({ productId: lamp, author: shopper(0), rating: 5 });
    const lamp2 = await insertReview({ productId: lamp, author: shopper(1), rating: 2 });
    const stool4 = await insertReview({ productId: stool, author: shopper(0), rating: 4 });
    const stool1 = await insertReview({ productId: stool, author: shopper(1), rating: 1, status: 'approved' });
    const bulk = (action: string, ids: string[]) => api('POST', '/api/admin/reviews/bulk', { action, ids });

    const approved = await bulk('approve', [lamp5, lamp2, stool4, stool1, UNKNOWN_ID, lamp5]);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ data: { updated: 3 } });
    expect(await ratingOf(lamp)).toEqual({ rating: 3.5, reviewCount: 2 });
    expect(await ratingOf(stool)).toEqual({ rating: 2.5, reviewCount: 2 });
    expect(await catalogueRatingOf(stool)).toEqual({ rating: 2.5, review_count: 2 });

    expect((await bulk('hide', [lamp2, stool1])).json().data).toEqual({ updated: 2 });
    expect(await ratingOf(lamp)).toEqual({ rating: 5, reviewCount: 1 });
    expect(await ratingOf(stool)).toEqual({ rating: 4, reviewCount: 1 });

    expect((await bulk('reject', [lamp5, stool4])).json().data).toEqual({ updated: 2 });
    expect(await ratingOf(lamp)).toEqual({ rating: 0, reviewCount: 0 });
    expect(await catalogueRatingOf(lamp)).toEqual({ rating: 0, review_count: 0 });
    expect((await bulk('reject', [lamp5, UNKNOWN_ID])).json().data).toEqual({ updated: 0 });

    const bulkAudit = await db
      .select()
      .from(auditLogs)
      .where(inArray(auditLogs.action, ['review.bulk_approve', 'review.bulk_hide', 'review.bulk_reject']));
    const approveRow = bulkAudit.find(
      (row) =>
        row.action === 'review.bulk_approve' && (row.after as { review_ids: string[] }).review_ids.includes(lamp5),
    );
    expect(approveRow?.after).toEqual({ status: 'approved', review_ids: [lamp5, lamp2, stool4].sort(), updated: 3 });
    expect(approveRow?.before).toEqual({
      reviews: expect.arrayContaining([{ id: lamp2, product_id: lamp, status: 'pending' }]),
    });
    expect(approveRow?.userId).toBe(adminId);
    expect(bulkAudit.filter((row) => (row.after as { review_ids: string[] }).review_ids.includes(lamp5))).toHaveLength(
      2,
    );
  });

  it('refuses bad bulk and status bodies with 400', async () => {
    const productId = (await createProduct(ctx.database.db)).id;
    const id = await insertReview({ productId, author: shopper(0), rating: 3 });
    const cases: [unknown, string][] = [
      [{ action: 'approve', ids: [] }, 'Choose at least one review'],
      [{ action: 'approve', ids: Array.from({ length: 101 }, () => id) }, 'At most 100 reviews at once'],
      [{ action: 'delete', ids: [id] }, 'Action must be one of approve, reject, hide'],
      [{ action: 'approve', ids: ['nope'] }, 'Review not found'],
      [{ action: 'approve' }, ''],
      [{ action: 'approve', ids: [id], extra: true }, ''],
    ];
    for (const [payload, message] of cases) {
      const response = await api('POST', '/api/admin/reviews/bulk', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      if (message) expect(response.json().message).toContain(message);
    }
    const badStatus = await setStatus(id, 'deleted');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().errors).toEqual([
      { path: 'status', message: 'Status must be one of pending, approved, rejected, hidden' },
    ]);
    expect((await api('PUT', `/api/admin/reviews/${id}/status`, {})).statusCode).toBe(400);
    expect((await api('PUT', `/api/admin/reviews/${id}/status`)).statusCode).toBe(400);
    const [row] = await ctx.database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row?.status).toBe('pending');
  });

  it('reads and saves the settings (duplicates dropped), audited, and refuses bad ones', async () => {
    const settings = async () => (await api('GET', '/api/admin/reviews/settings')).json().data;
    expect(await settings()).toEqual({ moderation: 'verified_auto', banned_words: [] });

    const saved = await api('PUT', '/api/admin/reviews/settings', {
      moderation: 'all',
      banned_words: [' spam ', 'Buy now', 'SPAM', 'scam'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ moderation: 'all', banned_words: ['spam', 'Buy now', 'scam'] });
    expect(await settings()).toEqual({ moderation: 'all', banned_words: ['spam', 'Buy now', 'scam'] });

    const refused: [unknown, string][] = [
      [{ moderation: 'sometimes', banned_words: [] }, 'moderation'],
      [{ moderation: 'none', banned_words: Array.from({ length: 201 }, (_, i) => `word${i}`) }, 'banned_words'],
      [{ moderation: 'none', banned_words: ['fine', '   '] }, 'banned_words.1'],
      [{ moderation: 'none', banned_words: ['x'.repeat(51)] }, 'banned_words.0'],
      [{ moderation: 'none', banned_words: ['bad\u0000word'] }, 'banned_words.0'],
      [{ moderation: 'none' }, 'banned_words'],
    ];
    for (const [payload, path] of refused) {
      const response = await api('PUT', '/api/admin/reviews/settings', payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    expect(
      (
        await api('PUT', '/api/admin/reviews/settings', {
          moderation: 'none',
          banned_words: ['fine', '   '],
        })
      ).json().errors,
    ).toContainEqual({ path: 'banned_words.1', message: 'A banned word must not be blank' });
    expect(await settings()).toEqual({ moderation: 'all', banned_words: ['spam', 'Buy now', 'scam'] });
    const twoHundred = Array.from({ length: 200 }, (_, i) => `word${i}`);
    expect(
      (await api('PUT', '/api/admin/reviews/settings', { moderation: 'none', banned_words: twoHundred })).statusCode,
    ).toBe(200);

    const audit = await auditOf(ctx.database.db, 'setting', 'review_settings');
    expect(audit.map((row) => row.action)).toEqual(['review_settings.update', 'review_settings.update']);
    expect(audit[0]?.before).toEqual({ moderation: 'verified_auto', banned_words: [] });
    expect(audit[0]?.after).toEqual({ moderation: 'all', banned_words: ['spam', 'Buy now', 'scam'] });
    expect(audit[0]?.userId).toBe(adminId);
  });

  it('is staff-only: 401 without a token, 403 for a shopper', async () => {
    const productId = (await createProduct(ctx.database.db)).id;
    const id = await insertReview({ productId, author: shopper(0), rating: 3 });
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/reviews'],
      ['GET', '/api/admin/reviews/stats'],
      ['GET', '/api/admin/reviews/settings'],
      ['PUT', '/api/admin/reviews/settings', { moderation: 'none', banned_words: [] }],
      ['GET', `/api/admin/reviews/${id}`],
      ['PUT', `/api/admin/reviews/${id}/status`, { status: 'approved' }],
      ['PUT', `/api/admin/reviews/${id}/reply`, { reply: 'Hi' }],
      ['POST', '/api/admin/reviews/bulk', { action: 'approve', ids: [id] }],
      ['DELETE', `/api/admin/reviews/${id}`],
    ];
    for (const [method, url, payload] of calls) {
      const options = { method: method as 'GET', url, ...(payload ? { payload: payload as object } : {}) };
      expect((await ctx.app.inject(options)).statusCode, `${method} ${url}`).toBe(401);
      const asShopper = await ctx.app.inject({ ...options, headers: bearer(shopperToken) });
      expect(asShopper.statusCode, `${method} ${url}`).toBe(403);
    }
    const [row] = await ctx.database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row?.status).toBe('pending');
  });

  it('a deleted author shows as Former shopper without an email', async () => {
    const db = ctx.database.db;
    const productId = (await createProduct(db)).id;
    const leaving = await signUpShopper(ctx.app, { name: 'Leaving Soon' });
    const id = await insertReview({ productId, author: leaving.user, rating: 4 });
    await db.delete(users).where(eq(users.id, leaving.user.id));
    const review = (await api('GET', `/api/admin/reviews/${id}`)).json().data as AdminReview;
    expect(review).toMatchObject({ user_id: null, user_name: 'Former shopper', user_email: null });
  });

  describe('concurrency', () => {
    it.each([1, 2, 3, 4, 5])('two approvals of one product at once both count (round %i)', async () => {
      const productId = (await createProduct(ctx.database.db)).id;
      const five = await insertReview({ productId, author: shopper(0), rating: 5 });
      const two = await insertReview({ productId, author: shopper(1), rating: 2 });
      const responses = await Promise.all([setStatus(five, 'approved'), setStatus(two, 'approved')]);
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
      expect(await ratingOf(productId)).toEqual({ rating: 3.5, reviewCount: 2 });
      expect(await catalogueRatingOf(productId)).toEqual({ rating: 3.5, review_count: 2 });
    });

    it.each([1, 2, 3])('a bulk approval and a single one at once both count (round %i)', async () => {
      const db = ctx.database.db;
      const lamp = (await createProduct(db)).id;
      const stool = (await createProduct(db)).id;
      const lamp4 = await insertReview({ productId: lamp, author: shopper(0), rating: 4 });
      const lamp1 = await insertReview({ productId: lamp, author: shopper(1), rating: 1 });
      const lamp5 = await insertReview({ productId: lamp, author: shopper(2), rating: 5 });
      const stool3 = await insertReview({ productId: stool, author: shopper(0), rating: 3 });
      const stool2 = await insertReview({ productId: stool, author: shopper(1), rating: 2 });
      const [bulk, single, otherSingle] = await Promise.all([
        api('POST', '/api/admin/reviews/bulk', { action: 'approve', ids: [stool3, lamp4, lamp1] }),
        setStatus(lamp5, 'approved'),
        setStatus(stool2, 'approved'),
      ]);
      expect([bulk.statusCode, single.statusCode, otherSingle.statusCode]).toEqual([200, 200, 200]);
      expect(bulk.json().data).toEqual({ updated: 3 });
      expect(await ratingOf(lamp)).toEqual({ rating: 3.33, reviewCount: 3 });
      expect(await ratingOf(stool)).toEqual({ rating: 2.5, reviewCount: 2 });
    });

    it('two bulk actions over the same products in opposite order do not deadlock', async () => {
      const db = ctx.database.db;
      const a = (await createProduct(db)).id;
      const b = (await createProduct(db)).id;
      const a1 = await insertReview({ productId: a, author: shopper(0), rating: 4 });
      const b1 = await insertReview({ productId: b, author: shopper(0), rating: 2 });
      const a2 = await insertReview({ productId: a, author: shopper(1), rating: 2 });
      const b2 = await insertReview({ productId: b, author: shopper(1), rating: 4 });
      const [first, second] = await Promise.all([
        api('POST', '/api/admin/reviews/bulk', { action: 'approve', ids: [a1, b1] }),
        api('POST', '/api/admin/reviews/bulk', { action: 'approve', ids: [b2, a2] }),
      ]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(await ratingOf(a)).toEqual({ rating: 3, reviewCount: 2 });
      expect(await ratingOf(b)).toEqual({ rating: 3, reviewCount: 2 });
    });
  });
});
