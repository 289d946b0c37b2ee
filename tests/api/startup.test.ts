import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { verifyPassword } from '#server/auth/passwords.ts';
import { blogCategories, blogPosts } from '#server/blog/blog.table.ts';
import { productCardRefs, sanitizePostHtml } from '#server/blog/post-html.ts';
import { categories } from '#server/categories/categories.table.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { MIGRATIONS_DIR } from '#server/db/migrate.ts';
import { seedDemoCatalogue } from '#server/db/seed/seed.ts';
import { DEMO_BLOG_AUTHOR } from '#server/db/seed/seed-blog.ts';
import { SeedPictureDrawer } from '#server/db/seed/seed-pictures.ts';
import { productVariants } from '#server/products/product-variants.table.ts';
import { products } from '#server/products/products.table.ts';
import { reviews, reviewVotes } from '#server/reviews/reviews.table.ts';
import { prepareInstance, type StartProgress } from '#server/startup.ts';
import { users } from '#server/users/users.table.ts';
import { createProduct } from '../factories/catalogue.ts';
import { openTestDatabase } from '../helpers/database-template.ts';
import { createTestApp } from '../helpers/test-app.ts';

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

describe('first start: migrations, secrets, first admin, demo seed', () => {
  let database: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cedar-startup-'));
  });
  afterAll(async () => {
    await database.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('seeds a realistic catalogue and creates an admin with a generated password, once', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const lines: string[] = [];
    const first = await prepareInstance(database, config, (line) => lines.push(line));
    // The template is migrated already: only the seed is worth a line.
    expect(lines).toEqual(['Seeding the demo catalogue: 93 products in 16 categories, with six months of orders…']);
    expect(first.seed).toBe('seeded');
    expect(first.admin.created).toBe(true);
    expect(first.admin.generatedPassword).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(first.secrets.adminLoginPath).toMatch(/^admin-[0-9a-f]{12}$/);

    const db = database.db;
    const [admin] = await db.select().from(users).where(eq(users.email, 'admin@cedar.shop'));
    expect(admin?.role).toBe('super_admin');
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin?.passwordHash ?? '', first.admin.generatedPassword ?? '')).toBe(true);

    const [productCount] = await db.select({ value: count() }).from(products);
    const [categoryCount] = await db.select({ value: count() }).from(categories);
    const [nested] = await db.select({ value: count() }).from(categories).where(isNotNull(categories.parentId));
    expect(productCount?.value).toBeGreaterThanOrEqual(60);
    expect(categoryCount?.value).toBeGreaterThanOrEqual(8);
    expect(nested?.value).toBeGreaterThan(0);

    // The pictures are named now and drawn once the shop serves (main.ts).
    expect(first.seedPicturesToDraw).toBe(true);
    await new SeedPictureDrawer(config.paths.uploads).drawAll();

    const rows = await db.select().from(products);
    expect(rows.filter((row) => row.stockQuantity === 0).length).toBeGreaterThan(0);
    const variants = await db.select().from(productVariants);
    // One default variant each, but the two that sell their own (decision 012): 3 memory sizes, 3 cables.
    expect(variants.length).toBe(rows.length - 2 + 3 + 3);
    const pi = rows.find((row) => row.name === 'Raspberry Pi 4 Model B');
    const piVariants = variants.filter((row) => row.productId === pi?.id).sort((a, b) => a.sortOrder - b.sortOrder);
    expect(piVariants.map((row) => [row.options, row.price])).toEqual([
      [{ Memory: '2 GB' }, 45],
      [{ Memory: '4 GB' }, 55],
      [{ Memory: '8 GB' }, 75],
    ]);
    expect(new Set(piVariants.map((row) => row.image)).size).toBe(3);
    // The roll-up derived the product's price range and stock from them.
    expect([pi?.price, pi?.priceMax, pi?.stockQuantity]).toEqual([45, 75, 35]);
    expect(
      variants.filter((row) => row.stockQuantity > 0 && row.stockQuantity < row.lowStockThreshold).length,
    ).toBeGreaterThan(0);
    // Demo reviews (approved, never verified: the shop has no orders) by demo accounts that cannot
    // sign in, a varying number per product and some with none; each product's rating and review
    // count are computed from its reviews (docs/product.md#review-rules).
    const seededReviews = await db.select().from(reviews);
    expect(seededReviews.length).toBeGreaterThan(150);
    expect(seededReviews.every((review) => review.status === 'approved' && !review.verifiedPurchase)).toBe(true);
    const reviewers = await db.select().from(users).where(eq(users.role, 'customer'));
    expect(reviewers.length).toBeGreaterThan(5);
    for (const reviewer of reviewers) {
      expect(reviewer.isActive).toBe(false);
      expect(await verifyPassword(reviewer.passwordHash, '')).toBe(false);
    }
    expect(new Set(seededReviews.map((review) => review.userId)).size).toBe(reviewers.length);
    for (const row of rows) {
      const stars = seededReviews.filter((review) => review.productId === row.id).map((review) => review.rating);
      const average =
        stars.length === 0 ? 0 : Math.round((stars.reduce((a, b) => a + b, 0) / stars.length) * 100) / 100;
      expect([row.rating, row.reviewCount], row.slug).toEqual([average, stars.length]);
    }
    expect(rows.filter((row) => row.isActive && row.reviewCount > 0).length).toBeGreaterThan(60);
    expect(rows.filter((row) => row.isActive && row.reviewCount === 0).length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.reviewCount)).size).toBeGreaterThanOrEqual(5);
    const votes = await db.select().from(reviewVotes);
    const helpful = seededReviews.reduce((sum, review) => sum + review.helpfulCount, 0);
    expect(votes.filter((vote) => vote.isHelpful)).toHaveLength(helpful);
    expect(rows.filter((row) => row.featured).length).toBeGreaterThan(0);
    expect(rows.filter((row) => !row.isActive).length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.compareAtPrice !== null).length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.images.length, row.slug).toBeGreaterThan(0);
      for (const url of row.images) {
        expect(url).toMatch(/^\/uploads\/seed\/.+-800\.webp$/);
        const file = path.join(config.paths.uploads, url.replace('/uploads/', ''));
        expect(existsSync(file), file).toBe(true);
        expect(existsSync(file.replace('-800.webp', '-400.webp')), file).toBe(true);
      }
    }

    // The demo blog: six public posts signed by the first admin, their content as the API stores it.
    const posts = await db.select().from(blogPosts);
    expect(posts).toHaveLength(6);
    expect(await db.select().from(blogCategories)).toHaveLength(3);
    expect(posts.filter((post) => post.isFeatured)).toHaveLength(1);
    const productSlugs = new Set(rows.filter((row) => row.isActive).map((row) => row.slug));
    for (const post of posts) {
      expect(post.status, post.slug).toBe('published');
      expect(post.publishedAt?.getTime()).toBeLessThanOrEqual(Date.now());
      expect(post.authorId).toBe(admin?.id);
      expect(sanitizePostHtml(post.content)).toBe(post.content);
      expect(post.readingTimeMinutes).toBeGreaterThan(0);
      expect(post.excerpt.length).toBeGreaterThan(50);
      for (const slug of productCardRefs(post.content)) expect(productSlugs, post.slug).toContain(slug);
      const picture = path.join(config.paths.uploads, (post.featuredImage ?? '').replace('/uploads/', ''));
      expect(existsSync(picture), picture).toBe(true);
    }

    // A second start changes nothing and prints no password.
    const second = await prepareInstance(database, config);
    expect(second.seed).toBe('already-seeded');
    expect(second.seedPicturesToDraw).toBe(false);
    expect(second.admin).toEqual({ email: 'admin@cedar.shop', created: false });
    expect(second.secrets).toEqual(first.secrets);
    const [again] = await db.select({ value: count() }).from(products);
    expect(again?.value).toBe(productCount?.value);
  });

  it('lets the environment choose the admin password, login path and JWT key', async () => {
    const fresh = await openTestDatabase();
    try {
      const config = loadConfig({
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: 'false',
        ADMIN_EMAIL: ' Owner@Example.com ',
        ADMIN_PASSWORD: 'a-long-enough-password',
        ADMIN_LOGIN_PATH: 'back-office-42',
        JWT_SECRET: 'x'.repeat(40),
      });
      const result = await prepareInstance(fresh, config);
      expect(result.seed).toBe('disabled');
      expect(result.seedPicturesToDraw).toBe(false);
      expect(result.admin).toEqual({ email: 'owner@example.com', created: true, generatedPassword: undefined });
      expect(result.secrets).toEqual({ adminLoginPath: 'back-office-42', jwtSecret: 'x'.repeat(40) });
      const [admin] = await fresh.db.select().from(users).where(eq(users.email, 'owner@example.com'));
      expect(await verifyPassword(admin?.passwordHash ?? '', 'a-long-enough-password')).toBe(true);
    } finally {
      await fresh.dispose();
    }
  });

  it('signs the demo posts with the shop name when there is no admin yet', async () => {
    const fresh = await openTestDatabase();
    try {
      expect(await seedDemoCatalogue(fresh.db, new Date('2026-03-01T09:00:00Z'))).toBe('seeded');
      const posts = await fresh.db.select().from(blogPosts).orderBy(desc(blogPosts.publishedAt));
      expect(posts.map((post) => [post.authorId, post.authorName])).toEqual(posts.map(() => [null, DEMO_BLOG_AUTHOR]));
      // Published at the install (the seed's clock), never before it by more than the seconds that
      // keep the listed order; the newest is the featured one.
      expect(posts[0]?.publishedAt?.toISOString()).toBe('2026-03-01T09:00:00.000Z');
      expect(posts.at(-1)?.publishedAt?.toISOString()).toBe('2026-03-01T08:59:55.000Z');
      expect(posts[0]?.isFeatured).toBe(true);
    } finally {
      await fresh.dispose();
    }
  });

  it('never seeds over a shop that already has products', async () => {
    const fresh = await openTestDatabase();
    try {
      await createProduct(fresh.db, { name: 'Real product', slug: 'real-product' });
      const result = await prepareInstance(
        fresh,
        loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'a-long-enough-password' }),
      );
      expect(result.seed).toBe('shop-has-data');
      const rows = await fresh.db.select({ slug: products.slug }).from(products);
      expect(rows).toEqual([{ slug: 'real-product' }]);
    } finally {
      await fresh.dispose();
    }
  });

  // One new embedded database for both tests below: its first start (initdb) costs seconds of CPU.
  describe('a new embedded database', () => {
    let blank: Awaited<ReturnType<typeof openDatabase>>;
    beforeAll(async () => {
      blank = await openDatabase({ kind: 'pglite' });
    });
    afterAll(() => blank?.close());

    it('says which migrations it applies to a new database, and nothing on a start with nothing to do', async () => {
      const config = loadConfig({
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: 'false',
        ADMIN_PASSWORD: 'a-long-enough-password',
      });
      const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
      const lines: string[] = [];
      const progress: StartProgress = (line) => lines.push(line);
      await prepareInstance(blank, config, progress);
      expect(lines).toEqual([`Applying ${journal.entries.length} database migrations…`]);
      await prepareInstance(blank, config, progress);
      expect(lines).toHaveLength(1);
    });

    it("runs with a small buffer cache (its memory is the server's)", async () => {
      const { rows } = (await blank.db.execute(sql`show shared_buffers`)) as unknown as {
        rows: { shared_buffers: string }[];
      };
      expect(rows[0]?.shared_buffers).toBe('8MB');
    });
  });

  it('serves a demo picture requested before its turn: the request waits while it is drawn', async () => {
    const fresh = await openTestDatabase();
    const freshDir = await mkdtemp(path.join(os.tmpdir(), 'cedar-pictures-'));
    try {
      const config = loadConfig({ DATA_DIR: freshDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'a-long-enough-password' });
      config.webDistDir = path.join(freshDir, 'no-web-build');
      const instance = await prepareInstance(fresh, config);
      expect(instance.seedPicturesToDraw).toBe(true);
      const drawer = new SeedPictureDrawer(config.paths.uploads);
      const app = await buildApp(config, {
        database: fresh,
        secrets: instance.secrets,
        logger: false,
        waitForUpload: (uploadPath) => drawer.whenDrawn(uploadPath),
      });
      try {
        const [product] = await fresh.db.select({ images: products.images }).from(products).limit(1);
        const url = product?.images[0] ?? '';
        expect(existsSync(path.join(config.paths.uploads, url.replace('/uploads/', '')))).toBe(false);
        const picture = await app.inject(url.replace('-800.webp', '-400.webp'));
        expect(picture.statusCode).toBe(200);
        expect(picture.headers['content-type']).toBe('image/webp');
        expect((await sharp(picture.rawPayload).metadata()).width).toBe(400);
        // A demo post's picture too (blog-art.ts): drawn on request, in the 1200:630 shape.
        const [post] = await fresh.db.select({ image: blogPosts.featuredImage }).from(blogPosts).limit(1);
        expect(post?.image).toMatch(/^\/uploads\/seed\/blog-[a-z0-9-]+-1-1200\.webp$/);
        const wide = await app.inject((post?.image ?? '').replace('-1200.webp', '-800.webp'));
        expect(wide.statusCode).toBe(200);
        const size = await sharp(wide.rawPayload).metadata();
        expect([size.width, size.height]).toEqual([800, 420]);
        // Any other missing upload is still a plain 404.
        expect((await app.inject('/uploads/seed/not-a-demo-picture-1-800.webp')).statusCode).toBe(404);
      } finally {
        await app.close();
      }
      // Stopped before the rest was drawn: the next start draws them.
      expect((await prepareInstance(fresh, config)).seedPicturesToDraw).toBe(true);
    } finally {
      await fresh.dispose();
      await rm(freshDir, { recursive: true, force: true });
    }
  });

  it('loads the catalogue while it starts listening: the first reads wait for it, never an empty shop', async () => {
    const shop = await openTestDatabase();
    try {
      for (const index of [1, 2, 3])
        await createProduct(shop.db, { name: `Product ${index}`, slug: `product-${index}` });
      const { app, close } = await createTestApp({ database: shop });
      try {
        const [list, search] = await Promise.all([
          app.inject('/api/products'),
          app.inject({ method: 'POST', url: '/api/search', payload: { q: 'product' } }),
        ]);
        expect(list.json().pagination.total).toBe(3);
        expect(search.json().data.hits).toHaveLength(3);
      } finally {
        await close();
      }
    } finally {
      await shop.dispose();
    }
  });
});
