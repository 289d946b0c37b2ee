import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#server/products/products.table.ts';
import { saveReviewSettings } from '#server/reviews/review-settings.ts';
import { reviews, reviewVotes } from '#server/reviews/reviews.table.ts';
import { users } from '#server/users/users.table.ts';
import { REVIEW_MESSAGES } from '#shared/contracts/reviews.ts';
import { createProduct } from '../factories/catalogue.ts';
import { apiAs } from '../helpers/admin-api.ts';
import { createUser, SHOPPER_PASSWORD, signInAs, signUpShopper } from '../helpers/auth.ts';
import { reviewBody, reviewsApi } from '../helpers/shopper-reviews.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** docs/product.md#review-rules: helpful votes, the per-shopper limits, and deleted accounts. */
describe('review votes, limits and deleted accounts', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof reviewsApi>;
  let productId: string;

  beforeAll(async () => {
    ctx = await createTestApp({
      reviewRateLimits: { writes: { limit: 1_000, windowMs: 60_000 }, votes: { limit: 1_000, windowMs: 60_000 } },
    });
    api = reviewsApi(ctx.app);
    await saveReviewSettings(ctx.database.db, { moderation: 'none', banned_words: [] });
    productId = (await createProduct(ctx.database.db, { name: 'Raspberry Pi 5' })).id;
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const countsOf = async (id: string) => {
    const [row] = await db()
      .select({ helpful: reviews.helpfulCount, notHelpful: reviews.notHelpfulCount, updatedAt: reviews.updatedAt })
      .from(reviews)
      .where(eq(reviews.id, id));
    return row;
  };
  const reviewBy = async (body = reviewBody(), product = productId) => {
    const author = await signUpShopper(ctx.app);
    const response = await api.create(product, author.access_token, body);
    expect(response.statusCode, response.body).toBe(201);
    return { author, review: response.json().data };
  };

  it('counts one vote per shopper, which they may change or repeat, and shows them their own', async () => {
    const { review } = await reviewBy();
    const voter = await signUpShopper(ctx.app);
    const before = await countsOf(review.id);

    const helpful = await api.vote(review.id, voter.access_token, true);
    expect(helpful.statusCode, helpful.body).toBe(200);
    expect(helpful.json().data).toMatchObject({
      id: review.id,
      helpful_count: 1,
      not_helpful_count: 0,
      user_helpful_vote: true,
    });
    const repeated = await api.vote(review.id, voter.access_token, true);
    expect(repeated.json().data).toMatchObject({ helpful_count: 1, not_helpful_count: 0, user_helpful_vote: true });
    const changed = await api.vote(review.id, voter.access_token, false);
    expect(changed.json().data).toMatchObject({ helpful_count: 0, not_helpful_count: 1, user_helpful_vote: false });
    expect(await countsOf(review.id)).toMatchObject({ helpful: 0, notHelpful: 1, updatedAt: before?.updatedAt });
    const votes = await db().select().from(reviewVotes).where(eq(reviewVotes.reviewId, review.id));
    expect(votes).toMatchObject([{ userId: voter.user.id, isHelpful: false }]);

    // Reads show the caller's own vote; signed out, none.
    const mine = (await api.list(productId, '', voter.access_token)).json().data;
    expect(mine.find((r: { id: string }) => r.id === review.id)?.user_helpful_vote).toBe(false);
    const anonymous = (await api.list(productId)).json().data;
    expect(anonymous.find((r: { id: string }) => r.id === review.id)?.user_helpful_vote).toBeNull();
    expect((await api.get(review.id, voter.access_token)).json().data.user_helpful_vote).toBe(false);
    expect((await api.get(review.id)).json().data.user_helpful_vote).toBeNull();
  });

  it('refuses a vote on your own review (403), on a review not approved or unknown (404), signed out (401)', async () => {
    const { author, review } = await reviewBy();
    const own = await api.vote(review.id, author.access_token, true);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'FORBIDDEN', message: REVIEW_MESSAGES.ownVote });

    const voter = await signUpShopper(ctx.app);
    for (const status of ['pending', 'rejected', 'hidden'] as const) {
      await db().update(reviews).set({ status }).where(eq(reviews.id, review.id));
      const refused = await api.vote(review.id, voter.access_token, true);
      expect(refused.statusCode, status).toBe(404);
      expect(refused.json().message).toBe(REVIEW_MESSAGES.notFound);
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await api.vote(unknown, voter.access_token, true)).statusCode).toBe(404);
    expect((await api.vote(review.id, undefined, true)).statusCode).toBe(401);
    const admin = await createUser(db(), { role: 'admin' });
    const staff = await api.vote(review.id, (await signInAs(ctx.app, admin.email)).token, true);
    expect(staff.statusCode).toBe(403);
    expect(await countsOf(review.id)).toMatchObject({ helpful: 0, notHelpful: 0 });
    expect(await db().select().from(reviewVotes).where(eq(reviewVotes.reviewId, review.id))).toEqual([]);
  });

  it('keeps exact counts when ten shoppers vote at once, and again when they all change their minds', async () => {
    const { review } = await reviewBy();
    const voters = await Promise.all(Array.from({ length: 10 }, () => signUpShopper(ctx.app)));
    const first = await Promise.all(voters.map((voter, i) => api.vote(review.id, voter.access_token, i < 6)));
    expect(first.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(await countsOf(review.id)).toMatchObject({ helpful: 6, notHelpful: 4 });

    const flipped = await Promise.all(voters.map((voter, i) => api.vote(review.id, voter.access_token, i >= 6)));
    expect(flipped.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(await countsOf(review.id)).toMatchObject({ helpful: 4, notHelpful: 6 });

    // One shopper sending the same change several times at once moves the counts once.
    const [one] = voters;
    if (!one) throw new Error('no voter');
    await Promise.all(Array.from({ length: 5 }, () => api.vote(review.id, one.access_token, true)));
    expect(await countsOf(review.id)).toMatchObject({ helpful: 5, notHelpful: 5 });
    await Promise.all(Array.from({ length: 5 }, () => api.vote(review.id, one.access_token, false)));
    expect(await countsOf(review.id)).toMatchObject({ helpful: 4, notHelpful: 6 });
    const votes = await db().select().from(reviewVotes).where(eq(reviewVotes.reviewId, review.id));
    expect(votes).toHaveLength(10);
    expect(votes.filter((vote) => vote.isHelpful)).toHaveLength(4);
  });

  it('sorts by most helpful: helpful votes first, then newest', async () => {
    const product = (await createProduct(db(), { name: 'Helpful sort' })).id;
    const { review: quiet } = await reviewBy(reviewBody(), product);
    const { review: loved } = await reviewBy(reviewBody(), product);
    const { review: newest } = await reviewBy(reviewBody(), product);
    for (const [id, votes] of [
      [loved.id, 2],
      [quiet.id, 1],
    ] as const) {
      for (let i = 0; i < votes; i++) {
        expect((await api.vote(id, (await signUpShopper(ctx.app)).access_token, true)).statusCode).toBe(200);
      }
    }
    const sorted = (await api.list(product, '?sort_by=most_helpful')).json().data.map((r: { id: string }) => r.id);
    expect(sorted).toEqual([loved.id, quiet.id, newest.id]);
  });

  it('deletes an account: its reviews stay as "Former shopper", its votes and their counts go, ratings stay', async () => {
    const product = (await createProduct(db(), { name: 'Deleted account product' })).id;
    const { review: liked } = await reviewBy(reviewBody({ rating: 2 }), product);
    const { review: disliked } = await reviewBy(reviewBody({ rating: 4 }), product);
    const leaving = await signUpShopper(ctx.app, { name: 'Karim Leaving' });
    const written = (await api.create(product, leaving.access_token, reviewBody({ rating: 3 }))).json().data;
    const stays = await signUpShopper(ctx.app);
    for (const [id, helpful] of [
      [liked.id, true],
      [disliked.id, false],
    ] as const) {
      expect((await api.vote(id, leaving.access_token, helpful)).statusCode).toBe(200);
      expect((await api.vote(id, stays.access_token, true)).statusCode).toBe(200);
    }
    expect((await api.vote(written.id, stays.access_token, true)).statusCode).toBe(200);
    const [ratingBefore] = await db().select().from(products).where(eq(products.id, product));
    expect(ratingBefore).toMatchObject({ rating: 3, reviewCount: 3 });

    const deleted = await apiAs(ctx.app, leaving.access_token)('DELETE', '/api/account', {
      password: SHOPPER_PASSWORD,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await db().select().from(users).where(eq(users.id, leaving.user.id))).toEqual([]);

    expect(await countsOf(liked.id)).toMatchObject({ helpful: 1, notHelpful: 0 });
    expect(await countsOf(disliked.id)).toMatchObject({ helpful: 1, notHelpful: 0 });
    expect(await db().select().from(reviewVotes).where(eq(reviewVotes.userId, leaving.user.id))).toEqual([]);
    const kept = (await api.get(written.id)).json().data;
    expect(kept).toMatchObject({ user_id: null, user_name: 'Former shopper', rating: 3, helpful_count: 1 });
    const [row] = await db().select().from(reviews).where(eq(reviews.id, written.id));
    // The name is not kept either.
    expect(row).toMatchObject({ userId: null, userName: 'Former shopper' });
    const [ratingAfter] = await db().select().from(products).where(eq(products.id, product));
    expect(ratingAfter).toMatchObject({ rating: 3, reviewCount: 3 });
    expect(
      await db()
        .select()
        .from(reviewVotes)
        .where(and(eq(reviewVotes.reviewId, written.id), eq(reviewVotes.userId, stays.user.id))),
    ).toHaveLength(1);
  });
});

describe('review limits per shopper', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof reviewsApi>;
  beforeAll(async () => {
    ctx = await createTestApp({
      reviewRateLimits: { writes: { limit: 3, windowMs: 60 * 60_000 }, votes: { limit: 2, windowMs: 60 * 60_000 } },
    });
    api = reviewsApi(ctx.app);
    await saveReviewSettings(ctx.database.db, { moderation: 'none', banned_words: [] });
  });
  afterAll(() => ctx.close());

  it('answers 429 with retry-after once a shopper wrote or voted too often, per shopper', async () => {
    const db = ctx.database.db;
    const [a, b, c] = await Promise.all([createProduct(db), createProduct(db), createProduct(db)]);
    if (!a || !b || !c) throw new Error('no products');
    const writer = await signUpShopper(ctx.app);
    // Creates and edits share the limit: 2 creates + 1 edit, then refused.
    const first = (await api.create(a.id, writer.access_token, reviewBody())).json().data;
    expect((await api.create(b.id, writer.access_token, reviewBody())).statusCode).toBe(201);
    expect((await api.update(first.id, writer.access_token, reviewBody({ rating: 3 }))).statusCode).toBe(200);
    for (const refused of [
      await api.create(c.id, writer.access_token, reviewBody()),
      await api.update(first.id, writer.access_token, reviewBody({ rating: 1 })),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: REVIEW_MESSAGES.tooManyWrites });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await api.mine(c.id, writer.access_token)).statusCode).toBe(404);
    // Deleting is not limited, and another shopper is not affected.
    expect((await api.remove(first.id, writer.access_token)).statusCode).toBe(204);
    const other = await signUpShopper(ctx.app);
    const theirs = (await api.create(c.id, other.access_token, reviewBody())).json().data;
    expect(theirs.status).toBe('approved');

    const voter = await signUpShopper(ctx.app);
    expect((await api.vote(theirs.id, voter.access_token, true)).statusCode).toBe(200);
    expect((await api.vote(theirs.id, voter.access_token, false)).statusCode).toBe(200);
    const tooMany = await api.vote(theirs.id, voter.access_token, true);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toMatchObject({ code: 'RATE_LIMITED', message: REVIEW_MESSAGES.tooManyVotes });
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);
    expect(tooMany.headers['retry-after']).toBeDefined();
    // The refused vote changed nothing; votes do not use up writes.
    expect((await api.get(theirs.id)).json().data).toMatchObject({ helpful_count: 0, not_helpful_count: 1 });
    expect((await api.create(a.id, voter.access_token, reviewBody())).statusCode).toBe(201);
  });
});
