import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#server/notifications/notifications.table.ts';
import { orders } from '#server/orders/orders.table.ts';
import { products } from '#server/products/products.table.ts';
import { saveReviewSettings } from '#server/reviews/review-settings.ts';
import { reviews } from '#server/reviews/reviews.table.ts';
import { users } from '#server/users/users.table.ts';
import type { ShopperSession } from '#shared/contracts/accounts.ts';
import { REVIEW_MESSAGES, type ReviewSettings, type ReviewWrite } from '#shared/contracts/reviews.ts';
import { createProduct } from '../factories/catalogue.ts';
import { createUser, signInAs, signUpShopper } from '../helpers/auth.ts';
import { deliveredOrder, reviewBody, reviewsApi } from '../helpers/shopper-reviews.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** docs/product.md#review-rules: writing, moderation, visibility, editing and deleting a review. */
describe('shopper reviews', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof reviewsApi>;
  let adminToken: string;
  let adminIds: string[];

  beforeAll(async () => {
    ctx = await createTestApp({ reviewRateLimits: { writes: { limit: 1_000, windowMs: 60_000 } } });
    api = reviewsApi(ctx.app);
    const db = ctx.database.db;
    const admin = await createUser(db, { role: 'admin', name: 'Maya Admin' });
    const second = await createUser(db, { role: 'super_admin', name: 'Second Admin' });
    adminIds = [admin.id, second.id];
    adminToken = (await signInAs(ctx.app, admin.email)).token;
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const newProduct = (name = 'Arduino Uno R3') => createProduct(db(), { name, stockQuantity: 1000 });
  const setModeration = (settings: Partial<ReviewSettings>) =>
    saveReviewSettings(db(), { moderation: 'verified_auto', banned_words: [], ...settings });
  const productRow = async (id: string) => {
    const [row] = await db().select().from(products).where(eq(products.id, id));
    return row;
  };
  const rowOf = async (id: string) => {
    const [row] = await db().select().from(reviews).where(eq(reviews.id, id));
    return row;
  };
  /** A shopper with a delivered order of the product (a verified purchase). */
  const buyer = async (productId: string, name = 'Rami Haddad'): Promise<ShopperSession> => {
    const session = await signUpShopper(ctx.app, { name });
    await deliveredOrder(ctx.app, adminToken, session.access_token, productId);
    return session;
  };

  it('approves a verified purchase at once, recomputes the rating and shows it in the catalogue', async () => {
    await setModeration({});
    const product = await newProduct();
    const rami = await buyer(product.id, 'Rami Haddad');
    const created = await api.create(product.id, rami.access_token, reviewBody({ rating: 4, pros: [' Fast '] }));
    expect(created.statusCode, created.body).toBe(201);
    const review = created.json().data;
    expect(review).toMatchObject({
      product_id: product.id,
      user_id: rami.user.id,
      user_name: 'Rami Haddad',
      rating: 4,
      title: 'Works great',
      pros: ['Fast'],
      cons: [],
      verified_purchase: true,
      status: 'approved',
      helpful_count: 0,
      not_helpful_count: 0,
      shop_reply: null,
      user_helpful_vote: null,
    });
    expect(await productRow(product.id)).toMatchObject({ rating: 4, reviewCount: 1 });
    // The storefront's catalogue (in memory, kept fresh by the products trigger) sees it at once.
    const shown = (await ctx.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).json().data;
    expect(shown).toMatchObject({ rating: 4, review_count: 1 });

    const second = await buyer(product.id, 'Lina Khoury');
    expect((await api.create(product.id, second.access_token, reviewBody({ rating: 5 }))).statusCode).toBe(201);
    const third = await buyer(product.id, 'Omar Saad');
    expect((await api.create(product.id, third.access_token, reviewBody({ rating: 4 }))).statusCode).toBe(201);
    expect(await productRow(product.id)).toMatchObject({ rating: 4.33, reviewCount: 3 });
    const after = (await ctx.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).json().data;
    expect(after).toMatchObject({ rating: 4.33, review_count: 3 });
    expect(notificationsOf(await notificationsFor(review.id))).toEqual([]);
  });

  const notificationsFor = (reviewId: string) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.reviewId, reviewId), eq(notifications.type, 'new_review')));
  const notificationsOf = (rows: { userId: string; title: string; message: string }[]) =>
    rows.map((row) => ({ userId: row.userId, title: row.title, message: row.message }));

  it('holds an unverified review: pending, not listed or counted, visible only to its author, admins notified', async () => {
    await setModeration({});
    const product = await newProduct('ESP32 DevKit');
    const shopper = await signUpShopper(ctx.app, { name: 'Nour' });
    const created = await api.create(product.id, shopper.access_token, reviewBody({ rating: 2 }));
    expect(created.statusCode).toBe(201);
    const review = created.json().data;
    expect(review).toMatchObject({ status: 'pending', verified_purchase: false, user_name: 'Nour' });
    expect((await rowOf(review.id))?.heldReason).toBe('moderation');
    expect(await productRow(product.id)).toMatchObject({ rating: 0, reviewCount: 0 });

    const rows = notificationsOf(await notificationsFor(review.id));
    expect(rows.map((row) => row.userId).sort()).toEqual([...adminIds].sort());
    expect(rows[0]).toMatchObject({ title: 'New review', message: '★2 for ESP32 DevKit by Nour' });

    expect((await api.list(product.id)).json()).toMatchObject({ data: [], pagination: { total: 0 } });
    expect((await api.summary(product.id)).json().data).toMatchObject({ total_reviews: 0, average_rating: 0 });
    expect((await api.mine(product.id, shopper.access_token)).json().data).toMatchObject({
      id: review.id,
      status: 'pending',
    });
    expect((await api.get(review.id, shopper.access_token)).statusCode).toBe(200);
    expect((await api.get(review.id)).statusCode).toBe(404);
    const other = await signUpShopper(ctx.app);
    const hidden = await api.get(review.id, other.access_token);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'NOT_FOUND', message: REVIEW_MESSAGES.notFound });
    expect((await api.mine(product.id, other.access_token)).statusCode).toBe(404);
  });

  it('takes one review per shopper per product, also when ten posts race', async () => {
    await setModeration({ moderation: 'none' });
    const product = await newProduct();
    const shopper = await signUpShopper(ctx.app);
    expect((await api.create(product.id, shopper.access_token, reviewBody())).statusCode).toBe(201);
    const again = await api.create(product.id, shopper.access_token, reviewBody({ rating: 1 }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: REVIEW_MESSAGES.alreadyReviewed });

    for (const moderation of ['none', 'all'] as const) {
      await setModeration({ moderation });
      const racer = await signUpShopper(ctx.app);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          api.create(product.id, racer.access_token, reviewBody({ rating: (i % 5) + 1 })),
        ),
      );
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes, moderation).toEqual([201, ...Array(9).fill(409)]);
      const stored = await db().select().from(reviews).where(eq(reviews.userId, racer.user.id));
      expect(stored).toHaveLength(1);
    }
    // Two approved reviews (the first shopper's and the racer under `none`): counted exactly.
    const rows = await db()
      .select()
      .from(reviews)
      .where(and(eq(reviews.productId, product.id)));
    const approved = rows.filter((row) => row.status === 'approved');
    const average = Math.round((approved.reduce((sum, row) => sum + row.rating, 0) / approved.length) * 100) / 100;
    expect(await productRow(product.id)).toMatchObject({ reviewCount: approved.length, rating: average });
  });

  it('marks a verified purchase only for a delivered order of this product by this account', async () => {
    await setModeration({ moderation: 'none' });
    const product = await newProduct();
    const otherProduct = await newProduct('Jumper wires');
    const shipped = await signUpShopper(ctx.app);
    await deliveredOrder(ctx.app, adminToken, shipped.access_token, product.id, 'shipped');
    const elsewhere = await signUpShopper(ctx.app);
    await deliveredOrder(ctx.app, adminToken, elsewhere.access_token, otherProduct.id);
    const delivered = await buyer(product.id);
    const guestOnly = await signUpShopper(ctx.app);

    const verifiedOf = async (session: ShopperSession) =>
      (await api.create(product.id, session.access_token, reviewBody())).json().data.verified_purchase;
    expect(await verifiedOf(shipped)).toBe(false);
    expect(await verifiedOf(elsewhere)).toBe(false);
    expect(await verifiedOf(delivered)).toBe(true);
    expect(await verifiedOf(guestOnly)).toBe(false);

    // An order of the account's customer record counts too, even when placed as a guest.
    const linked = await signUpShopper(ctx.app);
    const orderId = await deliveredOrder(ctx.app, adminToken, (await signUpShopper(ctx.app)).access_token, product.id);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    await db().update(orders).set({ userId: null }).where(eq(orders.id, orderId));
    await db()
      .update(users)
      .set({ customerId: order?.customerId ?? null })
      .where(eq(users.id, linked.user.id));
    expect(await verifiedOf(linked)).toBe(true);

    // Worked out again on an edit: delivered since the review was written.
    await setModeration({});
    const early = await signUpShopper(ctx.app);
    const pending = (await api.create(product.id, early.access_token, reviewBody())).json().data;
    expect(pending).toMatchObject({ verified_purchase: false, status: 'pending' });
    await deliveredOrder(ctx.app, adminToken, early.access_token, product.id);
    const edited = await api.update(pending.id, early.access_token, reviewBody({ title: 'Even better now' }));
    expect(edited.json().data).toMatchObject({ verified_purchase: true, status: 'approved', title: 'Even better now' });
  });

  it('follows the moderation mode and holds banned words whatever the mode', async () => {
    const product = await newProduct();
    const write = async (session: ShopperSession, body = reviewBody()) => {
      const response = await api.create(product.id, session.access_token, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data;
    };

    await setModeration({ moderation: 'all' });
    const verifiedHeld = await write(await buyer(product.id));
    expect(verifiedHeld).toMatchObject({ status: 'pending', verified_purchase: true });
    expect((await rowOf(verifiedHeld.id))?.heldReason).toBe('moderation');

    await setModeration({ moderation: 'none' });
    expect(await write(await signUpShopper(ctx.app))).toMatchObject({ status: 'approved', verified_purchase: false });

    await setModeration({ moderation: 'verified_auto' });
    expect((await write(await signUpShopper(ctx.app))).status).toBe('pending');
    expect((await write(await buyer(product.id))).status).toBe('approved');

    await setModeration({ moderation: 'none', banned_words: ['scam', 'total rip off'] });
    const cases: [Partial<ReviewWrite>, boolean][] = [
      [{ title: 'A SCAM!' }, true],
      [{ comment: 'This was a total   rip off' }, false],
      [{ comment: 'This was a Total Rip Off, sadly' }, true],
      [{ pros: ['no scam here'] }, true],
      [{ cons: ['Scam'] }, true],
      [{ comment: 'Scammers beware: not a word' }, false],
      // Title end and comment start never join into a phrase.
      [{ title: 'A total', comment: 'rip off the box' }, false],
    ];
    for (const [fields, held] of cases) {
      const review = await write(await signUpShopper(ctx.app), reviewBody(fields));
      expect(review.status, JSON.stringify(fields)).toBe(held ? 'pending' : 'approved');
      expect((await rowOf(review.id))?.heldReason, JSON.stringify(fields)).toBe(held ? 'banned_words' : null);
    }
    // A verified purchase with a banned word waits too.
    await setModeration({ moderation: 'verified_auto', banned_words: ['scam'] });
    expect((await write(await buyer(product.id), reviewBody({ comment: 'scam' }))).status).toBe('pending');
  });

  it('lets only the author edit: status decided again, rating recomputed, admins told when it waits again', async () => {
    await setModeration({ moderation: 'none', banned_words: ['rubbish'] });
    const product = await newProduct('USB-C cable');
    const author = await signUpShopper(ctx.app, { name: 'Maya' });
    const other = await signUpShopper(ctx.app);
    const keeper = await signUpShopper(ctx.app);
    expect((await api.create(product.id, keeper.access_token, reviewBody({ rating: 5 }))).statusCode).toBe(201);
    const review = (await api.create(product.id, author.access_token, reviewBody({ rating: 3 }))).json().data;
    expect(await productRow(product.id)).toMatchObject({ rating: 4, reviewCount: 2 });

    const stranger = await api.update(review.id, other.access_token, reviewBody({ rating: 1 }));
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ code: 'FORBIDDEN', message: REVIEW_MESSAGES.notYours });
    expect((await api.remove(review.id, other.access_token)).statusCode).toBe(403);
    expect((await api.update(review.id, undefined, reviewBody())).statusCode).toBe(401);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await api.update(unknown, author.access_token, reviewBody())).statusCode).toBe(404);
    expect((await api.remove(unknown, author.access_token)).statusCode).toBe(404);

    // Stars changed on an approved review: recomputed.
    const lowered = await api.update(review.id, author.access_token, reviewBody({ rating: 1, cons: ['Slow'] }));
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json().data).toMatchObject({ rating: 1, cons: ['Slow'], status: 'approved' });
    expect(await productRow(product.id)).toMatchObject({ rating: 3, reviewCount: 2 });
    expect(await notificationsFor(review.id)).toEqual([]);

    // A banned word sends it back to waiting: uncounted, and the admins hear of it once.
    const held = await api.update(review.id, author.access_token, reviewBody({ rating: 1, comment: 'Rubbish.' }));
    expect(held.json().data.status).toBe('pending');
    expect((await rowOf(review.id))?.heldReason).toBe('banned_words');
    expect(await productRow(product.id)).toMatchObject({ rating: 5, reviewCount: 1 });
    expect(await notificationsFor(review.id)).toHaveLength(adminIds.length);
    // Edited again while waiting: no second notification.
    await api.update(review.id, author.access_token, reviewBody({ rating: 2, comment: 'Still rubbish.' }));
    expect(await notificationsFor(review.id)).toHaveLength(adminIds.length);

    // Clean again: approved and counted with its new stars.
    const back = await api.update(review.id, author.access_token, reviewBody({ rating: 2 }));
    expect(back.json().data.status).toBe('approved');
    expect((await rowOf(review.id))?.heldReason).toBeNull();
    expect(await productRow(product.id)).toMatchObject({ rating: 3.5, reviewCount: 2 });
    expect(new Date(back.json().data.updated_at).getTime()).toBeGreaterThanOrEqual(
      new Date(review.updated_at).getTime(),
    );
  });

  it('sends an edited review the shop rejected or hid back to the shop, never public by itself', async () => {
    await setModeration({ moderation: 'none' });
    const product = await newProduct('Jumper wires');
    const author = await signUpShopper(ctx.app, { name: 'Nour' });
    const review = (await api.create(product.id, author.access_token, reviewBody({ rating: 1 }))).json().data;
    for (const status of ['rejected', 'hidden'] as const) {
      const moderated = await ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/reviews/${review.id}/status`,
        headers: { authorization: `Bearer ${adminToken}` },
        payload: { status },
      });
      expect(moderated.statusCode).toBe(200);
      const edited = await api.update(review.id, author.access_token, reviewBody({ rating: 5 }));
      expect(edited.json().data.status).toBe('pending');
      expect(await productRow(product.id)).toMatchObject({ rating: 0, reviewCount: 0 });
    }
  });

  it('lets the author delete: 204, gone for everyone, rating recomputed', async () => {
    await setModeration({ moderation: 'none' });
    const product = await newProduct();
    const author = await signUpShopper(ctx.app);
    const other = await signUpShopper(ctx.app);
    const kept = (await api.create(product.id, other.access_token, reviewBody({ rating: 2 }))).json().data;
    const review = (await api.create(product.id, author.access_token, reviewBody({ rating: 5 }))).json().data;
    expect(await productRow(product.id)).toMatchObject({ rating: 3.5, reviewCount: 2 });
    expect((await api.vote(kept.id, author.access_token, true)).statusCode).toBe(200);
    expect((await api.vote(review.id, other.access_token, true)).statusCode).toBe(200);

    const removed = await api.remove(review.id, author.access_token);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(await rowOf(review.id)).toBeUndefined();
    expect((await api.get(review.id, author.access_token)).statusCode).toBe(404);
    expect((await api.mine(product.id, author.access_token)).statusCode).toBe(404);
    expect(await productRow(product.id)).toMatchObject({ rating: 2, reviewCount: 1 });
    expect((await api.remove(review.id, author.access_token)).statusCode).toBe(404);
    // The shopper may review the product again.
    expect((await api.create(product.id, author.access_token, reviewBody({ rating: 4 }))).statusCode).toBe(201);
    expect(await productRow(product.id)).toMatchObject({ rating: 3, reviewCount: 2 });

    // A pending review's deletion leaves the rating alone.
    await setModeration({ moderation: 'all' });
    const waiting = await signUpShopper(ctx.app);
    const pending = (await api.create(product.id, waiting.access_token, reviewBody({ rating: 1 }))).json().data;
    expect((await api.remove(pending.id, waiting.access_token)).statusCode).toBe(204);
    expect(await productRow(product.id)).toMatchObject({ rating: 3, reviewCount: 2 });
    expect(await notificationsFor(pending.id)).toEqual([]);
  });

  it('stores and returns text as typed (plain text, never HTML)', async () => {
    await setModeration({ moderation: 'none' });
    const product = await newProduct();
    const shopper = await signUpShopper(ctx.app, { name: '<img src=x onerror=alert(1)>' });
    const xss = '<script>alert(1)</script>';
    const body = reviewBody({ title: xss, comment: `  ${xss} & "quotes" 'too'  `, pros: [xss], cons: ['<b>bold</b>'] });
    const created = (await api.create(product.id, shopper.access_token, body)).json().data;
    expect(created).toMatchObject({
      title: xss,
      comment: `${xss} & "quotes" 'too'`,
      pros: [xss],
      cons: ['<b>bold</b>'],
      user_name: '<img src=x onerror=alert(1)>',
    });
    const listed = (await api.list(product.id)).json().data[0];
    expect(listed.title).toBe(xss);
    expect((await rowOf(created.id))?.title).toBe(xss);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const product = await newProduct();
    const shopper = await signUpShopper(ctx.app);
    const bad: [Record<string, unknown>, string][] = [
      [{ ...reviewBody(), rating: 0 }, 'rating'],
      [{ ...reviewBody(), rating: 6 }, 'rating'],
      [{ ...reviewBody(), rating: 2.5 }, 'rating'],
      [{ ...reviewBody(), rating: '4' }, 'rating'],
      [{ title: 'No rating' }, 'rating'],
      [{ ...reviewBody(), title: 'x'.repeat(101) }, 'title'],
      [{ ...reviewBody(), comment: 'x'.repeat(1001) }, 'comment'],
      [{ ...reviewBody(), pros: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'pros'],
      [{ ...reviewBody(), cons: ['x'.repeat(101)] }, 'cons.0'],
      [{ ...reviewBody(), pros: ['  '] }, 'pros.0'],
      [{ ...reviewBody(), pros: 'Cheap' }, 'pros'],
      [{ ...reviewBody(), title: 'Bad\u0000title' }, 'title'],
      [{ ...reviewBody(), comment: 'Bad\uD800text' }, 'comment'],
      [{ ...reviewBody(), verified_purchase: true }, ''],
    ];
    for (const [body, path] of bad) {
      const response = await api.create(product.id, shopper.access_token, body);
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      if (path) expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    // A 100-character title and 5 pros of 100 characters are fine.
    const edge = reviewBody({ title: 'x'.repeat(100), pros: Array(5).fill('y'.repeat(100)) });
    expect((await api.create(product.id, shopper.access_token, edge)).statusCode).toBe(201);
    const id = (await api.mine(product.id, shopper.access_token)).json().data.id;
    expect((await api.update(id, shopper.access_token, { ...reviewBody(), rating: 7 })).statusCode).toBe(400);
    // An id that cannot name a review or product answers like an unknown one.
    const badId = await api.get('not-a-uuid');
    expect([badId.statusCode, badId.json().message]).toEqual([404, REVIEW_MESSAGES.notFound]);
    const badProduct = await api.list('not-a-uuid');
    expect([badProduct.statusCode, badProduct.json().message]).toEqual([404, REVIEW_MESSAGES.productNotFound]);
    expect((await api.list(product.id, '?rating_filter=9')).statusCode).toBe(400);
    expect((await api.list(product.id, '?sort_by=cheapest')).statusCode).toBe(400);
    expect((await api.list(product.id, '?limit=51')).statusCode).toBe(400);
    expect((await api.vote(id, shopper.access_token, 'yes' as unknown as boolean)).statusCode).toBe(400);
    expect(await db().select().from(reviews).where(eq(reviews.productId, product.id))).toHaveLength(1);
  });

  it('answers 404 for an unknown or inactive product, 401 signed out and 403 for a staff session', async () => {
    const inactive = await createProduct(db(), { isActive: false });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const shopper = await signUpShopper(ctx.app);
    for (const id of [inactive.id, unknown]) {
      for (const response of [
        await api.list(id),
        await api.summary(id),
        await api.create(id, shopper.access_token, reviewBody()),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: REVIEW_MESSAGES.productNotFound });
      }
    }
    const product = await newProduct();
    expect((await api.create(product.id, undefined, reviewBody())).statusCode).toBe(401);
    expect((await api.mine(product.id, 'garbage')).statusCode).toBe(401);
    const staff = await api.create(product.id, adminToken, reviewBody());
    expect(staff.statusCode).toBe(403);
    // A staff or broken bearer on the public reads is simply no shopper.
    expect((await api.list(product.id, '', adminToken)).statusCode).toBe(200);
    expect((await api.list(product.id, '', 'garbage')).statusCode).toBe(200);
  });

  it('names the author by the account name, "Shopper" without one', async () => {
    await setModeration({ moderation: 'none' });
    const product = await newProduct();
    const nameless = await signUpShopper(ctx.app, { phone: '03 555 919' });
    await db().update(users).set({ name: '  ' }).where(eq(users.id, nameless.user.id));
    const review = (await api.create(product.id, nameless.access_token, reviewBody())).json().data;
    expect(review.user_name).toBe('Shopper');
  });
});
