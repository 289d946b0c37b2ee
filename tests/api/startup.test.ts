import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '#server/auth/passwords.ts';
import { categories } from '#server/categories/categories.table.ts';
import { loadConfig } from '#server/config.ts';
import { products } from '#server/products/products.table.ts';
import { prepareInstance } from '#server/startup.ts';
import { users } from '#server/users/users.table.ts';
import { createProduct } from '../factories/catalogue.ts';
import { openTestDatabase } from '../helpers/database-template.ts';

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
    const first = await prepareInstance(database, config);
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

    const rows = await db.select().from(products);
    expect(rows.filter((row) => row.stockQuantity === 0).length).toBeGreaterThan(0);
    expect(
      rows.filter((row) => row.stockQuantity > 0 && row.stockQuantity < row.lowStockThreshold).length,
    ).toBeGreaterThan(0);
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

    // A second start changes nothing and prints no password.
    const second = await prepareInstance(database, config);
    expect(second.seed).toBe('already-seeded');
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
      expect(result.admin).toEqual({ email: 'owner@example.com', created: true, generatedPassword: undefined });
      expect(result.secrets).toEqual({ adminLoginPath: 'back-office-42', jwtSecret: 'x'.repeat(40) });
      const [admin] = await fresh.db.select().from(users).where(eq(users.email, 'owner@example.com'));
      expect(await verifyPassword(admin?.passwordHash ?? '', 'a-long-enough-password')).toBe(true);
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
});
