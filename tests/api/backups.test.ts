import { createHash, randomUUID } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { createGunzip, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import * as tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readArchive } from '#server/backups/backup-archive.ts';
import { appTables, exportTable, migrationJournal, schemaVersionOf } from '#server/backups/backup-data.ts';
import { BackupService } from '#server/backups/backups.service.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { MIGRATIONS_DIR } from '#server/db/migrate.ts';
import { BACKUP_MESSAGES } from '#shared/contracts/backups.ts';
import { createProduct } from '../factories/catalogue.ts';
import { apiAs } from '../helpers/admin-api.ts';
import { createUser, signInAs } from '../helpers/auth.ts';
import { manualClock } from '../helpers/clocks.ts';
import { orderBody } from '../helpers/orders.ts';
import { createScratchDatabase, POSTGRES_URL } from '../helpers/postgres.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Backups of the whole shop (docs/product.md#backups, decision 030) through the API on a real
 * database: PGlite, and PostgreSQL with TEST_DATABASE_URL. A round trip restores every table's rows
 * and the uploads byte for byte; a damaged, newer or foreign file is refused with nothing changed;
 * a backup from the previous migration is migrated forward; orders arriving during a restore are
 * refused (503) or kept in the before-restore backup, never lost silently; the schedule runs on the
 * test clock and keeps `keep` automatic backups.
 */

type Snapshot = Record<string, string>;

/**
 * Every table's rows as JSON lines (audit rows about backups, and the restore's security alert with
 * its bell notifications, left out: the actions add them).
 */
async function snapshot(db: Database['db']): Promise<Snapshot> {
  const result: Snapshot = {};
  const addedByActions: Record<string, (line: string) => boolean> = {
    audit_logs: (line) => line.includes('"action":"backup.'),
    security_alerts: (line) => line.includes('"type":"system"'),
    notifications: (line) => line.includes('"type":"security_alert"'),
  };
  for (const table of await appTables(db)) {
    // The audit log's counts count the backup's own entries too: left out (they follow the log).
    if (table.startsWith('audit_log_')) continue;
    const { lines } = await exportTable(db, table);
    let text = lines.toString('utf8');
    const added = addedByActions[table];
    if (added)
      text = text
        .split('\n')
        .filter((line) => line && !added(line))
        .join('\n');
    result[table] = text;
  }
  return result;
}

async function fileHashes(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const result: Record<string, string> = {};
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    result[path.relative(dir, full)] = createHash('sha256')
      .update(await readFile(full))
      .digest('hex');
  }
  return result;
}

/** An archive rebuilt with `change` applied to each entry (name, bytes) → bytes (or undefined to drop). */
async function rewriteArchive(
  archive: Buffer,
  change: (name: string, bytes: Buffer) => Buffer | undefined,
): Promise<Buffer> {
  const extract = tar.extract();
  Readable.from([archive])
    .pipe(createGunzip())
    .pipe(extract as unknown as NodeJS.WritableStream);
  const pack = tar.pack();
  const out = buffer(pack as unknown as NodeJS.ReadableStream);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    const bytes = change(entry.header.name, Buffer.concat(chunks));
    if (bytes) await new Promise((resolve) => pack.entry({ name: entry.header.name }, bytes, resolve));
  }
  pack.finalize();
  return gzipSync(await out);
}

function multipartBody(bytes: Buffer, field = 'file') {
  const boundary = '----cedar-backup-test';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="backup.tar.gz"\r\nContent-Type: application/gzip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('backups of the whole shop', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  let token: string;
  const clock = manualClock(Date.parse('2026-11-01T03:00:00Z'));
  const ids: Record<string, string> = {};

  const upload = (bytes: Buffer) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/admin/settings/restore',
      ...multipartBody(bytes),
      headers: { ...multipartBody(bytes).headers, authorization: `Bearer ${token}` },
    });
  const backupNow = async () => {
    const response = await api('POST', '/api/admin/settings/backup');
    expect(response.statusCode).toBe(201);
    return response.json().data as { name: string; kind: string; size: number };
  };
  const download = async (name: string) => {
    const response = await api('GET', `/api/admin/settings/backups/${name}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    return response.rawPayload;
  };

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    const db = ctx.database.db;
    const staff = await createUser(db, { role: 'admin' });
    token = (await signInAs(ctx.app, staff.email)).token;
    api = apiAs(ctx.app, token);
    ids.board = (await createProduct(db, { name: 'Arduino Uno', sku: 'UNO-1', price: 24.5, stockQuantity: 40 })).id;
    ids.cable = (await createProduct(db, { name: 'USB-C Cable', price: 2, stockQuantity: 500 })).id;
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody([{ product_id: ids.cable, quantity: 2 }]),
    });
    expect(order.statusCode).toBe(201);
    // Its messages sent now, not by a kick's pass between the snapshot and the backup below.
    await ctx.app.messageSender.drain();
    const uploads = ctx.config.paths.uploads;
    await mkdir(path.join(uploads, 'products/2026'), { recursive: true });
    await writeFile(path.join(uploads, 'uno-640.webp'), Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 255]));
    await writeFile(path.join(uploads, 'products/2026/cable.webp'), Buffer.alloc(70_000, 7));
  });
  afterAll(() => ctx.close());

  it('round trip: back up, wipe, restore from the uploaded file: every row and every upload is back', async () => {
    const db = ctx.database.db;
    const before = await snapshot(db);
    const filesBefore = await fileHashes(ctx.config.paths.uploads);
    const entry = await backupNow();
    expect(entry.kind).toBe('manual');
    const archive = await download(entry.name);

    // Wipe: rows and files.
    for (const table of ['order_items', 'order_status_history', 'orders'])
      await db.execute(sql.raw(`delete from ${table}`));
    await db.execute(sql`update products set is_active = false`);
    await rm(ctx.config.paths.uploads, { recursive: true, force: true });

    const response = await upload(archive);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data;
    expect(result.restored.products).toBe(2);
    expect(result.restored.orders).toBe(1);
    expect(result.files).toBe(2);
    expect(result.before_restore.kind).toBe('before-restore');
    expect(result.migrated_from).toBeNull();
    expect(await snapshot(db)).toEqual(before);
    expect(await fileHashes(ctx.config.paths.uploads)).toEqual(filesBefore);

    // The shop works on the restored data: the storefront catalogue reloaded, order numbers go on.
    const product = await ctx.app.inject({ method: 'GET', url: `/api/products/${ids.board}` });
    expect(product.statusCode).toBe(200);
    const next = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody([{ product_id: ids.board, quantity: 1 }]),
    });
    expect(next.statusCode, next.body).toBe(201);
    const numbers = await db.execute(sql`select order_number from orders order by order_number`);
    const list = (numbers as unknown as { rows: { order_number: string }[] }).rows.map((row) => row.order_number);
    expect(new Set(list).size).toBe(2);

    // The list knows the three backups' kinds; each action is audited.
    const listed = (await api('GET', '/api/admin/settings/backups')).json().data as { kind: string }[];
    expect(listed.map((b) => b.kind).sort()).toEqual(['before-restore', 'manual']);
    const audit = await db.execute(sql`select action from audit_logs where action like 'backup.%' order by created_at`);
    const actions = (audit as unknown as { rows: { action: string }[] }).rows.map((row) => row.action);
    // The restore replaced the audit log with the backup's, then recorded itself.
    expect(actions).toEqual(['backup.restore']);
  });

  it('leaves out a picture still being written (`.partial`), and the backup is made', async () => {
    // The demo pictures are drawn at first start through `name.partial`, renamed when whole; a
    // backup taken meanwhile once listed the partial file, found it renamed and answered 500.
    const partial = path.join(ctx.config.paths.uploads, 'products/2026/lamp.webp.partial');
    await writeFile(partial, Buffer.alloc(1_000, 3));
    try {
      const entry = await backupNow();
      const names: string[] = [];
      await rewriteArchive(await download(entry.name), (name, bytes) => {
        names.push(name);
        return bytes;
      });
      expect(names).toContain('uploads/products/2026/cable.webp');
      expect(names.filter((name) => name.endsWith('.partial'))).toEqual([]);
    } finally {
      await rm(partial, { force: true });
    }
  });

  it('restores a stored backup by name', async () => {
    const entry = await backupNow();
    await ctx.database.db.execute(sql`update products set name = 'Changed' where id = ${ids.cable}`);
    const response = await api('POST', `/api/admin/settings/backups/${entry.name}/restore`);
    expect(response.statusCode, response.body).toBe(200);
    const product = await ctx.app.inject({ method: 'GET', url: `/api/products/${ids.cable}` });
    expect(product.json().data.name).toBe('USB-C Cable');
  });

  it('refuses a damaged file, a foreign file, a newer schema and a file cut short, with nothing changed', async () => {
    const db = ctx.database.db;
    const archive = await download((await backupNow()).name);
    const before = await snapshot(db);
    const filesBefore = await fileHashes(ctx.config.paths.uploads);
    const countBefore = (await api('GET', '/api/admin/settings/backups')).json().data.length;

    const tampered = await rewriteArchive(archive, (name, bytes) =>
      name === 'tables/products.jsonl'
        ? Buffer.from(bytes.toString('utf8').replace('Arduino Uno', 'Arduino Duo'))
        : bytes,
    );
    const cases: [Buffer, string][] = [
      [tampered, BACKUP_MESSAGES.damaged('tables/products.jsonl')],
      [
        await rewriteArchive(archive, (name, bytes) => (name.startsWith('uploads/') ? Buffer.alloc(3, 1) : bytes)),
        BACKUP_MESSAGES.damaged('uploads/products/2026/cable.webp'),
      ],
      [Buffer.from('just some text, not an archive'), BACKUP_MESSAGES.notABackup],
      [gzipSync(Buffer.from('a gzip of something else')), BACKUP_MESSAGES.notABackup],
      [archive.subarray(0, Math.floor(archive.length / 2)), BACKUP_MESSAGES.unreadable],
      [
        await rewriteArchive(archive, (name, bytes) => (name === 'manifest.json' ? undefined : bytes)),
        BACKUP_MESSAGES.missing('manifest.json'),
      ],
      [
        await rewriteArchive(archive, (name, bytes) => {
          if (name !== 'manifest.json') return bytes;
          const manifest = JSON.parse(bytes.toString('utf8'));
          manifest.schema.migrations += 1;
          manifest.schema.tag = '0099_from_the_future';
          return Buffer.from(JSON.stringify(manifest));
        }),
        BACKUP_MESSAGES.newer,
      ],
    ];
    for (const [bytes, message] of cases) {
      const response = await upload(bytes);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    expect(await snapshot(db)).toEqual(before);
    expect(await fileHashes(ctx.config.paths.uploads)).toEqual(filesBefore);
    // No before-restore backup was taken for a refused file.
    expect((await api('GET', '/api/admin/settings/backups')).json().data.length).toBe(countBefore);
  });

  it('a backup taken at the previous migration restores and is migrated forward', async () => {
    const journal = await migrationJournal();
    const previous = journal.length - 1;
    const folder = await mkdtemp(path.join(os.tmpdir(), 'cedar-migrations-prev-'));
    await cp(path.join(MIGRATIONS_DIR, 'meta'), path.join(folder, 'meta'), { recursive: true });
    const raw = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
    await writeFile(
      path.join(folder, 'meta/_journal.json'),
      JSON.stringify({ ...raw, entries: raw.entries.slice(0, previous) }),
    );
    for (const entry of journal.slice(0, previous))
      await cp(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));

    let old: Database;
    let drop = async () => {};
    if (process.env.TEST_DATABASE_URL) {
      const scratch = await createScratchDatabase('cedar_backup_prev');
      old = await openDatabase({ kind: 'postgres', url: scratch.url, maxConnections: 2 });
      drop = scratch.drop;
    } else {
      old = await openDatabase({ kind: 'pglite' });
    }
    const oldData = await mkdtemp(path.join(os.tmpdir(), 'cedar-backup-prev-data-'));
    try {
      await old.runExclusive(async (db) => {
        if (old.kind === 'pglite') {
          const { migrate } = await import('drizzle-orm/pglite/migrator');
          await migrate(db as never, { migrationsFolder: folder });
        } else {
          const { migrate } = await import('drizzle-orm/node-postgres/migrator');
          await migrate(db as never, { migrationsFolder: folder });
        }
      });
      expect((await schemaVersionOf(old.db)).migrations).toBe(previous);
      // In SQL, not the factory: the current tables may name columns the previous migration lacks.
      const inserted = await old.db.execute<{ product_id: string }>(sql`
        WITH product AS (
          INSERT INTO products (name, slug, sku, description, price, stock_quantity)
          VALUES ('Old Shop Board', 'old-shop-board', 'OLD-1', 'A product of the previous version.', 9, 10)
          RETURNING id, sku, price, stock_quantity
        )
        INSERT INTO product_variants (product_id, sku, options, price, stock_quantity)
        SELECT id, sku, '{}'::jsonb, price, stock_quantity FROM product
        RETURNING product_id`);
      const oldId = (inserted as unknown as { rows: { product_id: string }[] }).rows[0]?.product_id;
      expect(oldId).toBeDefined();
      const oldService = new BackupService({
        database: old,
        dataDir: oldData,
        uploadsDir: path.join(oldData, 'uploads'),
        clock,
        schedule: () => ({ schedule: 'off', keep: 1 }),
      });
      const entry = await oldService.create('manual');
      const bytes = await readFile(path.join(oldData, 'backups', entry.name));

      const response = await upload(bytes);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.migrated_from).toBe(journal[previous - 1]?.tag);
      expect(await schemaVersionOf(ctx.database.db)).toEqual({
        migrations: journal.length,
        tag: journal[journal.length - 1]?.tag,
      });
      const product = await ctx.app.inject({ method: 'GET', url: `/api/products/${oldId}` });
      expect(product.statusCode).toBe(200);
      const gone = await ctx.app.inject({ method: 'GET', url: `/api/products/${ids.board}` });
      expect(gone.statusCode).toBe(404);
      // The app keeps working after its schema was rebuilt: it takes orders.
      const order = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: orderBody([{ product_id: oldId, quantity: 1 }]),
      });
      expect(order.statusCode, order.body).toBe(201);
      // The old shop had no staff of ours: sign in again for the next tests.
      const staff = await createUser(ctx.database.db, { role: 'admin' });
      token = (await signInAs(ctx.app, staff.email)).token;
      api = apiAs(ctx.app, token);
    } finally {
      await old.close();
      await drop();
      await rm(folder, { recursive: true, force: true });
      await rm(oldData, { recursive: true, force: true });
    }
  }, 180_000);

  it('orders arriving during a restore are refused (503), kept in the before-restore backup or placed after it: none lost silently', async () => {
    const productId = (await createProduct(ctx.database.db, { name: 'Busy Part', price: 1, stockQuantity: 100_000 }))
      .id;
    const entry = await backupNow();
    const restoring = api('POST', `/api/admin/settings/backups/${entry.name}/restore`);
    const placed: { status: number; number?: string }[] = [];
    let done = false;
    restoring.finally(() => {
      done = true;
    });
    // Until the restore ends, or has refused a few (refusals are instant: a tight loop of them
    // would only take the event loop from the restore).
    while (!done && placed.filter((p) => p.status === 503).length < 5) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: orderBody([{ product_id: productId, quantity: 1 }]),
      });
      expect([201, 503]).toContain(response.statusCode);
      if (response.statusCode === 503) expect(response.json().message).toBe(BACKUP_MESSAGES.restoring);
      placed.push({ status: response.statusCode, number: response.json().data?.order_number });
    }
    const answer = await restoring;
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json().data;
    expect(placed.some((p) => p.status === 201)).toBe(true);
    const accepted = placed.filter((p) => p.status === 201).map((p) => p.number as string);
    const staging = await mkdtemp(path.join(os.tmpdir(), 'cedar-backup-check-'));
    try {
      const before = await readArchive(path.join(ctx.app.backups.dir, result.before_restore.name), staging);
      const ordersBefore = before.tables.find((table) => table.name === 'orders')?.lines.toString('utf8') ?? '';
      // Each accepted order either committed before the restore took its locks (it is in the
      // before-restore backup) or waited for the restore and was then placed in the restored shop
      // (PostgreSQL: another connection's order waits on the locks).
      const now = (
        (await ctx.database.db.execute(sql`select order_number from orders`)) as unknown as {
          rows: { order_number: string }[];
        }
      ).rows.map((row) => row.order_number);
      for (const number of accepted) {
        const kept = ordersBefore.includes(`"order_number":"${number}"`) || now.includes(number);
        expect(kept, number).toBe(true);
      }
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }, 120_000);

  it('the schedule takes automatic backups on the clock and keeps `keep` of them', async () => {
    const put = await api('PUT', '/api/admin/settings/system', { backups: { schedule: 'daily', keep: 2 } });
    expect(put.statusCode, put.body).toBe(200);
    const automatic = async () =>
      ((await api('GET', '/api/admin/settings/backups')).json().data as { kind: string; name: string }[]).filter(
        (b) => b.kind === 'automatic',
      );
    expect(await ctx.app.backups.runDue()).toBeDefined();
    expect(await ctx.app.backups.runDue()).toBeUndefined();
    clock.advance(23 * 3_600_000);
    expect(await ctx.app.backups.runDue()).toBeUndefined();
    const kept: string[] = [];
    for (let day = 0; day < 3; day += 1) {
      clock.advance(25 * 3_600_000);
      const entry = await ctx.app.backups.runDue();
      expect(entry?.kind).toBe('automatic');
      kept.push(entry?.name as string);
    }
    expect((await automatic()).map((b) => b.name)).toEqual(kept.slice(1).reverse());
    await api('PUT', '/api/admin/settings/system', { backups: { schedule: 'off', keep: 2 } });
    clock.advance(10 * 86_400_000);
    expect(await ctx.app.backups.runDue()).toBeUndefined();
  });

  it('names are checked strictly; delete removes a backup; staff only', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'cedar-backup-x.tar.gz', '.upload-1.tar.gz']) {
      const response = await api('GET', `/api/admin/settings/backups/${name}`);
      expect([400, 404]).toContain(response.statusCode);
      expect(response.json().code).toBeDefined();
    }
    const entry = await backupNow();
    expect((await api('DELETE', `/api/admin/settings/backups/${entry.name}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/admin/settings/backups/${entry.name}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/admin/settings/backups/${entry.name}`)).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/admin/settings/backup' });
    expect(anonymous.statusCode).toBe(401);
    const noFile = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/settings/restore',
      ...multipartBody(Buffer.from('x'), 'other'),
      headers: { ...multipartBody(Buffer.from('x'), 'other').headers, authorization: `Bearer ${token}` },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(BACKUP_MESSAGES.noFile);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a restore beside a transaction holding tables (PostgreSQL)', () => {
  it('waits for it to finish instead of deadlocking with it: both succeed, its write is in the before-restore backup', async () => {
    const ctx = await createTestApp();
    try {
      const db = ctx.database.db;
      const staff = await createUser(db, { role: 'admin' });
      const api = apiAs(ctx.app, (await signInAs(ctx.app, staff.email)).token);
      const productId = (await createProduct(db, { name: 'Held Part', price: 1, stockQuantity: 10 })).id;
      const created = await api('POST', '/api/admin/settings/backup');
      expect(created.statusCode).toBe(201);

      // An order's shape on another pooled connection: it holds `products` (a stock update), and
      // later writes `orders`, a table the restore's list names before `products`. A restore that
      // took its tables one by one, waiting on each, would hold `orders` while waiting on
      // `products`: a deadlock PostgreSQL breaks by aborting one of the two.
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding!: () => void;
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const order = db.transaction(async (tx) => {
        await tx.execute(sql`update products set stock_quantity = stock_quantity - 1 where id = ${productId}`);
        holding();
        await released;
        await tx.execute(sql`lock table orders in row exclusive mode`);
        await tx.execute(sql`update products set name = 'Held Part (sold one)' where id = ${productId}`);
      });
      await held;
      const restoring = api('POST', `/api/admin/settings/backups/${created.json().data.name}/restore`);
      // Until the restore has asked for every table and been refused (it rolls back its savepoint),
      // or, as a restore that waits would, sits waiting for a lock.
      const restoreMet = async () =>
        (
          (await db.execute(
            sql`select 1 from pg_stat_activity where datname = current_database()
                and (query ilike 'rollback to savepoint%' or (wait_event_type = 'Lock' and query ilike 'lock table%'))`,
          )) as unknown as { rows: unknown[] }
        ).rows.length > 0;
      while (!(await restoreMet())) await new Promise((resolve) => setImmediate(resolve));
      release();
      await order;
      const answer = await restoring;
      expect(answer.statusCode, answer.body).toBe(200);
      const staging = await mkdtemp(path.join(os.tmpdir(), 'cedar-backup-check-'));
      try {
        const before = await readArchive(
          path.join(ctx.app.backups.dir, answer.json().data.before_restore.name),
          staging,
        );
        const products = before.tables.find((table) => table.name === 'products')?.lines.toString('utf8') ?? '';
        expect(products).toContain('Held Part (sold one)');
      } finally {
        await rm(staging, { recursive: true, force: true });
      }
      const restored = await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}` });
      expect(restored.json().data.name).toBe('Held Part');
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('a role that may not load rows with checks off gets a plain 409 and nothing changes', async () => {
    const ctx = await createTestApp();
    const role = `cedar_plain_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    let plain: Database | undefined;
    let asPlain: TestApp | undefined;
    try {
      const db = ctx.database.db;
      const productId = (await createProduct(db, { name: 'Kept Part', price: 1, stockQuantity: 3 })).id;
      const staff = await createUser(db, { role: 'admin' });
      const created = await apiAs(ctx.app, (await signInAs(ctx.app, staff.email)).token)(
        'POST',
        '/api/admin/settings/backup',
      );
      expect(created.statusCode).toBe(201);
      // The same database, reached as an ordinary role that may read and write every table.
      await db.execute(sql.raw(`create role ${role} login`));
      await db.execute(sql.raw(`grant pg_read_all_data, pg_write_all_data to ${role}`));
      const [{ name }] = (
        (await db.execute(sql`select current_database() as name`)) as unknown as {
          rows: { name: string }[];
        }
      ).rows as [{ name: string }];
      const url = new URL(POSTGRES_URL);
      url.username = role;
      url.password = '';
      url.pathname = `/${name}`;
      plain = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 2 });
      asPlain = await createTestApp({ database: plain });
      await cp(
        path.join(ctx.app.backups.dir, created.json().data.name),
        path.join(asPlain.app.backups.dir, created.json().data.name),
      );
      const token = (await signInAs(asPlain.app, staff.email)).token;
      const answer = await apiAs(asPlain.app, token)(
        'POST',
        `/api/admin/settings/backups/${created.json().data.name}/restore`,
      );
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'CONFLICT', message: BACKUP_MESSAGES.needsSuperuser });
      const product = await asPlain.app.inject({ method: 'GET', url: `/api/products/${productId}` });
      expect(product.json().data.name).toBe('Kept Part');
    } finally {
      await asPlain?.close();
      await plain?.close();
      await ctx.database.db.execute(sql.raw(`drop owned by ${role}`)).catch(() => {});
      await ctx.database.db.execute(sql.raw(`drop role if exists ${role}`));
      await ctx.close();
    }
  }, 60_000);
});
