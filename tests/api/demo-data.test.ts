import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/audit/audit.table.ts';
import { blogCategories, blogPosts } from '#server/blog/blog.table.ts';
import { categories } from '#server/categories/categories.table.ts';
import { customers } from '#server/customers/customers.table.ts';
import { DEMO_HISTORY_DAYS, DEMO_PHONE_PREFIX, DEMO_PROMO } from '#server/db/seed/demo-orders.ts';
import { seedDemoCatalogue } from '#server/db/seed/seed.ts';
import { removeDemoData } from '#server/demo/remove-demo-data.ts';
import { orderItems, orders } from '#server/orders/orders.table.ts';
import { products } from '#server/products/products.table.ts';
import { promoCodes } from '#server/promo-codes/promo-codes.table.ts';
import { reviews } from '#server/reviews/reviews.table.ts';
import { users } from '#server/users/users.table.ts';
import { NO_DEMO_DATA } from '#shared/contracts/demo-data.ts';
import { createProduct } from '../factories/catalogue.ts';
import { apiAs, checkout } from '../helpers/admin-api.ts';
import { readRollUps } from '../helpers/analytics-rollups.ts';
import { bearer, createUser, signInAs, signUpShopper } from '../helpers/auth.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Demo data (docs/product.md#demo-data): the seed's reviews are never verified purchases and vary
 * in number, its posts are published at the install, its six months of orders read as a shop's
 * history (and the analytics roll-ups hold them exactly), and "Remove demo data" deletes that
 * history and what the seed wrote and nobody changed, keeping the merchant's rows, a demo product
 * the merchant edited, a demo product a real order references, and the real orders. Runs on PGlite
 * and, with TEST_DATABASE_URL, on PostgreSQL.
 */
describe('demo data', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  const seededAt = new Date();

  beforeAll(async () => {
    ctx = await createTestApp();
    const staff = await createUser(ctx.database.db, { role: 'admin' });
    api = apiAs(ctx.app, (await signInAs(ctx.app, staff.email)).token);
    expect(await seedDemoCatalogue(ctx.database.db, seededAt)).toBe('seeded');
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const total = async (table: typeof products | typeof reviews | typeof blogPosts | typeof categories) =>
    (await db().select({ n: count() }).from(table))[0]?.n ?? 0;

  it('seeds reviews that are never verified purchases, a varying number per product, some with none', async () => {
    const rows = await db().select().from(reviews);
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.filter((review) => review.verifiedPurchase)).toEqual([]);
    const all = await db().select().from(products).where(eq(products.isActive, true));
    const perProduct = all.map((product) => rows.filter((review) => review.productId === product.id).length);
    expect(new Set(perProduct).size).toBeGreaterThanOrEqual(5);
    expect(perProduct).toContain(0);
    // The summary the product page shows agrees: no verified purchases, counts as stored.
    const withReviews = all.find((product) => product.reviewCount > 2);
    const summary = await ctx.app.inject({
      method: 'GET',
      url: `/api/reviews/products/${withReviews?.id}/reviews/summary`,
    });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().data).toMatchObject({ verified_purchases: 0, total_reviews: withReviews?.reviewCount });
  });

  it('seeds six months of orders a shop could have had, marked demo, which the roll-ups hold exactly', async () => {
    const history = await db().select().from(orders).orderBy(orders.createdAt);
    expect(history.length).toBeGreaterThan(350);
    expect(history.every((order) => order.isDemo)).toBe(true);
    const first = history[0]?.createdAt.getTime() ?? 0;
    const days = (seededAt.getTime() - first) / 86_400_000;
    expect(days).toBeGreaterThan(170);
    expect(days).toBeLessThanOrEqual(DEMO_HISTORY_DAYS);
    expect(history.every((order) => order.createdAt.getTime() < seededAt.getTime())).toBe(true);
    // Numbered in the order they were placed.
    const numbers = history.map((order) => Number(order.orderNumber.replace('CS-', '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    // Sales grow: the last two months sell more than the first two.
    const inMonths = (from: number, to: number) =>
      history.filter((order) => {
        const age = (seededAt.getTime() - order.createdAt.getTime()) / 86_400_000;
        return age >= from && age < to;
      }).length;
    expect(inMonths(0, 60)).toBeGreaterThan(inMonths(120, 180) * 1.5);
    // A mix a shop sees: mostly delivered, some cancelled, some refunded, some by phone, some with a code.
    const share = (test: (order: (typeof history)[number]) => boolean) => history.filter(test).length / history.length;
    expect(share((order) => order.status === 'delivered')).toBeGreaterThan(0.75);
    expect(share((order) => order.status === 'cancelled')).toBeGreaterThan(0.03);
    expect(share((order) => order.refundedAmount > 0)).toBeGreaterThan(0.01);
    expect(share((order) => order.source === 'admin')).toBeGreaterThan(0.05);
    expect(share((order) => order.promoCode !== null)).toBeGreaterThan(0.05);
    // The launch offer they used is a real code that ended before the install, its uses counted.
    const [offer] = await db().select().from(promoCodes);
    expect(offer).toMatchObject({ code: DEMO_PROMO.code, isDemo: true });
    expect(offer?.currentUses).toBe(history.filter((order) => order.promoUseCounted).length);
    expect(history.filter((order) => order.promoCode !== null).every((order) => order.promoCodeId === offer?.id)).toBe(
      true,
    );
    expect(history.filter((order) => order.promoUseCounted).every((order) => order.status !== 'cancelled')).toBe(true);
    const codes = await api('GET', '/api/admin/promo-codes');
    expect(codes.json().data).toMatchObject([{ code: DEMO_PROMO.code, status: 'expired', is_demo: true }]);
    for (const order of history) {
      expect(order.deliveredAt !== null).toBe(order.status === 'delivered');
      if (order.deliveredAt) expect(order.deliveredAt.getTime()).toBeGreaterThan(order.createdAt.getTime());
    }
    // Every line is for a product already in the catalogue when it was ordered, at its price.
    const sold = await db()
      .select({ at: orderItems.createdAt, added: products.createdAt, price: orderItems.unitPrice })
      .from(orderItems)
      .innerJoin(products, eq(products.id, orderItems.productId));
    expect(sold.length).toBeGreaterThan(history.length);
    for (const line of sold) expect(line.at.getTime()).toBeGreaterThanOrEqual(line.added.getTime());
    // Returning shoppers: fewer customers than orders, all demo.
    const shoppers = await db().select().from(customers);
    expect(shoppers.length).toBeLessThan(history.length * 0.85);
    expect(shoppers.every((customer) => customer.isDemo && customer.phone?.startsWith(DEMO_PHONE_PREFIX))).toBe(true);
    // The triggers counted every demo order as a recount would.
    const kept = await readRollUps(db());
    expect(kept.orderDays.reduce((sum, row) => sum + Number(row.orders), 0)).toBe(history.length);
    await db().execute(sql`select cedar_analytics_rebuild()`);
    expect(await readRollUps(db())).toEqual(kept);
    // And the analytics read them: the year's revenue is the history's, net of refunds, without cancels.
    const overview = await api('GET', '/api/admin/analytics?days=365');
    expect(overview.statusCode, overview.body).toBe(200);
    const revenue = history
      .filter((order) => order.status !== 'cancelled')
      .reduce((sum, order) => sum + Math.round(order.total * 100) - Math.round(order.refundedAmount * 100), 0);
    expect(Math.round(overview.json().data.overview.total_revenue * 100)).toBe(revenue);
  });

  it('publishes the demo posts at the install, never before it', async () => {
    const posts = await db().select().from(blogPosts);
    expect(posts).toHaveLength(6);
    for (const post of posts) {
      const at = post.publishedAt?.getTime() ?? 0;
      expect(at).toBeLessThanOrEqual(seededAt.getTime());
      expect(seededAt.getTime() - at).toBeLessThan(10_000);
    }
  });

  it('needs a staff token to remove', async () => {
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/admin/settings/demo/remove' });
    expect(anonymous.statusCode).toBe(401);
    const shopper = await signUpShopper(ctx.app, { email: 'shopper-demo@example.com', phone: '70 111 222' });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/settings/demo/remove',
      headers: bearer(shopper.access_token),
    });
    expect(refused.statusCode).toBe(403);
    expect(await total(products)).toBeGreaterThan(60);
  });

  it('counts the demo data for staff, and marks it in the categories, reviews and blog posts lists', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/settings/demo' })).statusCode).toBe(401);
    const response = await api('GET', '/api/admin/settings/demo');
    expect(response.statusCode, response.body).toBe(200);
    const present = response.json().data;
    // Nothing is changed yet: every seeded row is demo.
    expect(present).toEqual({
      products: await total(products),
      categories: await total(categories),
      reviews: await total(reviews),
      blog_posts: 6,
      blog_categories: 3,
      accounts: (await db().select({ n: count() }).from(users).where(isNotNull(users.demoHash)))[0]?.n,
      orders: (await db().select({ n: count() }).from(orders))[0]?.n,
      customers: (await db().select({ n: count() }).from(customers))[0]?.n,
      promo_codes: 1,
    });
    expect(present.orders).toBeGreaterThan(350);
    expect(present.accounts).toBeGreaterThan(5);

    const demoFlags = (rows: { is_demo?: boolean }[]) => [...new Set(rows.map((row) => row.is_demo))];
    const listedCategories = await api('GET', '/api/admin/categories?include_inactive=true');
    expect(listedCategories.json().data).toHaveLength(present.categories);
    expect(demoFlags(listedCategories.json().data)).toEqual([true]);
    const listedReviews = await api('GET', '/api/admin/reviews?limit=100');
    expect(listedReviews.json().pagination.total).toBe(present.reviews);
    expect(demoFlags(listedReviews.json().data)).toEqual([true]);
    const oneReview = await api('GET', `/api/admin/reviews/${listedReviews.json().data[0].id}`);
    expect(oneReview.json().data.is_demo).toBe(true);
    const listedOrders = await api('GET', '/api/admin/orders?limit=50');
    expect(listedOrders.json().pagination.total).toBe(present.orders);
    expect(demoFlags(listedOrders.json().data)).toEqual([true]);
    const listedCustomers = await api('GET', '/api/admin/customers?limit=50');
    expect(listedCustomers.json().pagination.total).toBe(present.customers);
    expect(demoFlags(listedCustomers.json().data)).toEqual([true]);
    const listedPosts = await api('GET', '/api/blogs/admin/posts?limit=50');
    expect(listedPosts.json().data).toHaveLength(6);
    expect(demoFlags(listedPosts.json().data)).toEqual([true]);
  });

  it('removes the demo rows nobody changed and the demo orders; keeps the merchant’s, the edited, the ordered and real orders', async () => {
    const demo = await db().select().from(products).where(eq(products.isActive, true)).orderBy(products.slug);
    const [edited, ordered, plain] = [demo[0], demo[1], demo[2]];
    if (!edited || !ordered || !plain) throw new Error('seed has too few products');
    // Staff rename one demo product: it is the merchant's now.
    const renamed = await api('PUT', `/api/admin/products/${edited.id}`, { name: `${edited.name} (our stock)` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // A product saved unchanged stays demo.
    expect((await api('PUT', `/api/admin/products/${plain.id}`, { name: plain.name })).statusCode).toBe(200);
    // A shopper orders another.
    const order = await checkout(ctx.app, orderBody([{ product_id: ordered.id, quantity: 1 }]));
    const demoOrders = (await db().select({ n: count() }).from(orders).where(eq(orders.isDemo, true)))[0]?.n ?? 0;
    const demoShoppers = (await db().select({ n: count() }).from(customers))[0]?.n ?? 0;
    const own = await createProduct(db(), { name: 'Our own soldering kit', slug: 'our-own-soldering-kit' });
    // Picture files of a removed product and of the kept one.
    const uploads = ctx.config.paths.uploads;
    await mkdir(path.join(uploads, 'seed'), { recursive: true });
    const fileOf = (url: string) => url.replace('/uploads/seed/', '');
    for (const url of [...plain.images, ...edited.images]) {
      await writeFile(path.join(uploads, 'seed', fileOf(url)), 'x');
      await writeFile(path.join(uploads, 'seed', fileOf(url).replace('-800.webp', '-400.webp')), 'x');
    }
    // The admin list marks unchanged demo rows only.
    const listed = (await api('GET', '/api/admin/products?limit=100')).json().data as {
      id: string;
      is_demo: boolean;
    }[];
    const demoOf = (id: string) => listed.find((row) => row.id === id)?.is_demo;
    expect([demoOf(plain.id), demoOf(ordered.id), demoOf(edited.id), demoOf(own.id)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const catalogueBefore = await ctx.app.inject({ method: 'GET', url: `/api/products/${plain.slug}` });
    expect(catalogueBefore.statusCode).toBe(200);

    const response = await api('POST', '/api/admin/settings/demo/remove');
    expect(response.statusCode, response.body).toBe(200);
    const removal = response.json().data;
    expect(removal.products).toBeGreaterThan(60);
    expect(removal.reviews).toBeGreaterThan(100);
    expect(removal.blog_posts).toBe(6);
    expect(removal.blog_categories).toBe(3);
    expect(removal.accounts).toBeGreaterThan(5);
    expect(removal.categories).toBeGreaterThan(0);
    expect(removal.pictures).toBe(plain.images.length);
    expect(removal.orders).toBe(demoOrders);
    expect(removal.promo_codes).toBe(1);
    expect(await db().select().from(promoCodes)).toEqual([]);
    // The real order's shopper (a number outside the demo block) stays.
    expect(removal.customers).toBe(demoShoppers - 1);
    expect((await db().select().from(orders)).map((row) => row.id)).toEqual([order.id]);
    expect((await db().select().from(customers)).map((row) => row.isDemo)).toEqual([false]);
    // The analytics now count the real order alone, and the roll-ups still equal a recount.
    const rollUps = await readRollUps(db());
    expect(rollUps.orderDays.reduce((sum, row) => sum + Number(row.orders), 0)).toBe(1);
    await db().execute(sql`select cedar_analytics_rebuild()`);
    expect(await readRollUps(db())).toEqual(rollUps);

    const left = await db().select({ id: products.id }).from(products);
    expect(left.map((row) => row.id).sort()).toEqual([edited.id, ordered.id, own.id].sort());
    expect(await total(reviews)).toBe(0);
    expect(await total(blogPosts)).toBe(0);
    expect(await db().select().from(blogCategories)).toEqual([]);
    expect(await db().select().from(users).where(isNotNull(users.demoHash))).toEqual([]);
    // The kept products' categories stay; the empty demo ones went.
    const keptCategories = await db().select().from(categories);
    const needed = new Set(
      (await db().select({ c: products.categoryId }).from(products)).flatMap((row) => (row.c ? [row.c] : [])),
    );
    for (const id of needed) expect(keptCategories.map((row) => row.id)).toContain(id);
    expect(keptCategories.length).toBeLessThan(10);
    // Ratings follow the reviews that are left (none).
    const kept = await db()
      .select()
      .from(products)
      .where(inArray(products.id, [edited.id, ordered.id]));
    for (const row of kept) expect([row.rating, row.reviewCount]).toEqual([0, 0]);
    // The order and its line are intact.
    const [stored] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.orderNumber).toBe(order.order_number);
    const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines.map((line) => line.productId)).toEqual([ordered.id]);
    // Pictures: the removed product's files went, the kept one's stayed.
    const files = await readdir(path.join(uploads, 'seed'));
    for (const url of plain.images) expect(files).not.toContain(fileOf(url));
    for (const url of edited.images) expect(files).toContain(fileOf(url));
    // The catalogue read model no longer serves the removed product.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/products/${plain.slug}` })).statusCode).toBe(404);
    // Audited.
    const audit = await db().select().from(auditLogs).where(eq(auditLogs.action, 'demo_data.remove'));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ products: removal.products });
    expect(audit[0]?.userId).not.toBeNull();
  });

  it('a second removal is a no-op answering zeros, and the seed never runs again', async () => {
    const response = await api('POST', '/api/admin/settings/demo/remove');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ ...NO_DEMO_DATA, pictures: 0 });
    const again = await removeDemoData(db(), { uploadsDir: ctx.config.paths.uploads });
    expect(again.products).toBe(0);
    // Left: the ordered demo product (still unchanged, so still demo) and the demo categories that
    // kept products use; the count and the badges agree.
    const listed = (await api('GET', '/api/admin/categories?include_inactive=true')).json().data as {
      is_demo: boolean;
    }[];
    expect((await api('GET', '/api/admin/settings/demo')).json().data).toEqual({
      ...NO_DEMO_DATA,
      products: 1,
      categories: listed.filter((row) => row.is_demo).length,
    });
    expect(await seedDemoCatalogue(db())).toBe('already-seeded');
  });
});
