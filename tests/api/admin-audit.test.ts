import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogDaily, auditLogHourly, auditLogs } from '#server/audit/audit.table.ts';
import { EXPORT_STEP_ROWS } from '#server/audit/audit-export.ts';
import { SEARCH_WALK_ROWS } from '#server/audit/audit-log.service.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/users/users.table.ts';
import {
  AUDIT_COUNT_CAP,
  AUDIT_CSV_HEADERS,
  AUDIT_LIST_WINDOW,
  AUDIT_MESSAGES,
  type AuditEntry,
  type AuditLogsPage,
  type AuditStats,
} from '#shared/contracts/audit.ts';
import { apiAs } from '../helpers/admin-api.ts';
import { createUser, signInAs } from '../helpers/auth.ts';
import { type ManualClock, manualClock } from '../helpers/clocks.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * docs/product.md#audit-log: the list (filters, search, pages), one entry, the filter choices, the
 * stats (from the counts the triggers keep) and the CSV export. The log starts empty in each
 * `describe` that needs exact figures: it is append-only, so the tests delete nothing and build
 * on what they add.
 */

type Api = ReturnType<typeof apiAs>;
type NewEntry = typeof auditLogs.$inferInsert;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function addEntries(db: Db, entries: NewEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += 500) {
    await db.insert(auditLogs).values(entries.slice(start, start + 500));
  }
}

/** `count` generated entries, the newest first at `newest`, a minute apart, in one statement. */
async function addManyEntries(db: Db, count: number, newest: Date, action = 'product.update'): Promise<void> {
  await db.execute(sql`
    insert into audit_logs (action, entity_type, entity_id, status, created_at)
    select ${action}, 'product', 'bulk-' || g, 'success', ${newest.toISOString()}::timestamptz - g * interval '1 minute'
    from generate_series(0, ${count - 1}) g`);
}

/** How many entries the log holds, counted from its rows. */
async function countLog(db: Db): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as n from audit_logs`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n ?? 0;
}

/**
 * The log counted again from its rows must equal the counts the triggers keep: by day, by hour
 * (entries and failures), and by hour and action. (The categories and the actors' counts keep
 * the actor as written, where the log says null once that account is removed.)
 */
async function expectCountsMatchTheLog(db: Db): Promise<void> {
  const rows = <T>(query: ReturnType<typeof sql>) =>
    db.execute(query).then((result) => (result as unknown as { rows: T[] }).rows);
  const bucket = sql`date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00')`;
  expect(await rows(sql`select hour, events, failures from audit_log_hourly order by 1`)).toEqual(
    await rows(sql`
      select ${bucket} as hour, count(*)::int as events, (count(*) filter (where status = 'failure'))::int as failures
      from audit_logs group by 1 order by 1`),
  );
  expect(await rows(sql`select hour, action, events from audit_log_hourly_actions order by 1, 2`)).toEqual(
    await rows(
      sql`select ${bucket} as hour, action, count(*)::int as events from audit_logs group by 1, 2 order by 1, 2`,
    ),
  );
  expect(await rows(sql`select day::text, events::int from audit_log_daily order by 1`)).toEqual(
    await rows(sql`
      select (created_at at time zone 'UTC')::date::text as day, count(*)::int as events from audit_logs group by 1 order by 1`),
  );
}

describe('the audit log API', () => {
  let ctx: TestApp;
  let api: Api;
  let staff: Awaited<ReturnType<typeof createUser>>;
  let clock: ManualClock;

  beforeAll(async () => {
    clock = manualClock();
    ctx = await createTestApp({ clock });
    staff = await createUser(ctx.database.db, { role: 'super_admin', name: 'Rania Haddad' });
    api = apiAs(ctx.app, (await signInAs(ctx.app, staff.email)).token);
  });
  afterAll(() => ctx.close());

  const list = async (query = '') => {
    const response = await api('GET', `/api/admin/audit/logs${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AuditLogsPage;
  };

  describe('the list', () => {
    let product: { id: string; name: string };

    beforeAll(async () => {
      const created = await api('POST', '/api/admin/products', {
        name: 'Audit Lamp',
        price: 25,
        stock_quantity: 4,
        sku: `AUD-${randomUUID().slice(0, 6)}`,
      });
      expect(created.statusCode, created.body).toBe(201);
      product = created.json().data;
      const edited = await api('PUT', `/api/admin/products/${product.id}`, { price: 27.5 });
      expect(edited.statusCode, edited.body).toBe(200);
    });

    it('lists an admin write with who, what, before and after, newest first', async () => {
      const page = await list(`?entity_type=product&search=${product.id}`);
      const [update, create] = page.data;
      expect(update).toMatchObject({
        action: 'product.update',
        entity_type: 'product',
        entity_id: product.id,
        user_id: staff.id,
        user_email: staff.email,
        user_name: 'Rania Haddad',
        status: 'success',
      } satisfies Partial<AuditEntry>);
      expect(update?.before).toMatchObject({ price: 25 });
      expect(update?.after).toMatchObject({ price: 27.5 });
      expect(create?.action).toBe('product.create');
      expect(page.pagination).toMatchObject({ page: 1, total: 2, total_capped: false, hasNext: false });
      const one = await api('GET', `/api/admin/audit/logs/${update?.id}`);
      expect(one.json().data).toEqual(update);
    });

    it('filters by action, resource type, user, status and the dates of the shop', async () => {
      const other = await createUser(ctx.database.db, { role: 'admin' });
      const base = Date.parse('2026-03-10T12:00:00Z');
      await addEntries(ctx.database.db, [
        {
          action: 'auth.login_failed',
          entityType: 'user',
          status: 'failure',
          userEmail: 'x@example.com',
          createdAt: new Date(base),
        },
        {
          action: 'order.status',
          entityType: 'order',
          entityId: 'o-1',
          userId: other.id,
          createdAt: new Date(base - DAY),
        },
        {
          action: 'order.status',
          entityType: 'order',
          entityId: 'o-2',
          userId: staff.id,
          createdAt: new Date(base - 2 * DAY),
        },
      ]);
      expect((await list('?action=order.status')).data.map((entry) => entry.entity_id)).toEqual(['o-1', 'o-2']);
      expect((await list(`?action=order.status&user_id=${other.id}`)).data.map((entry) => entry.entity_id)).toEqual([
        'o-1',
      ]);
      expect((await list('?status=failure')).data.map((entry) => entry.action)).toEqual(['auth.login_failed']);
      expect((await list('?entity_type=order&status=success')).pagination.total).toBe(2);
      // 2026-03-09 in Beirut (UTC+2) runs from 03-08T22:00Z to 03-09T22:00Z.
      await ctx.app.settings.save({ site: { time_zone: 'Asia/Beirut' } }, { actor: null }, true);
      expect((await list('?date_from=2026-03-09&date_to=2026-03-09')).data.map((entry) => entry.entity_id)).toEqual([
        'o-1',
      ]);
      expect((await list('?date_from=2026-03-08&date_to=2026-03-10')).pagination.total).toBe(3);
      expect((await list('?date_to=2026-03-08')).data.map((entry) => entry.entity_id)).toEqual(['o-2']);
    });

    it('searches action, entity id, email, name and address, in any case', async () => {
      await addEntries(ctx.database.db, [
        {
          action: 'settings.update',
          entityType: 'settings',
          entityId: 'site',
          userName: 'Karim Nassar',
          userEmail: 'karim@cedar.example',
          ip: '203.0.113.77',
        },
      ]);
      for (const term of ['SETTINGS.UPD', 'karim@ced', 'NASSAR', '203.0.113.7', 'site']) {
        const page = await list(`?search=${encodeURIComponent(term)}`);
        expect(
          page.data.map((entry) => entry.user_name),
          term,
        ).toContain('Karim Nassar');
      }
      expect((await list('?search=nobody-at-all')).data).toEqual([]);
      // LIKE's wildcards are taken literally.
      await addEntries(ctx.database.db, [
        { action: 'coupon.create', entityType: 'coupon', entityId: 'code-50%_off' },
        { action: 'coupon.create', entityType: 'coupon', entityId: 'code-50x-off' },
      ]);
      expect((await list(`?search=${encodeURIComponent('50%_off')}`)).data.map((entry) => entry.entity_id)).toEqual([
        'code-50%_off',
      ]);
    });

    it('refuses a short search, reversed dates, a bad user or status, and pages past the window', async () => {
      const refused = async (query: string, path: string, message?: string) => {
        const response = await api('GET', `/api/admin/audit/logs${query}`);
        expect(response.statusCode, query).toBe(400);
        const body = response.json();
        expect(body.code).toBe('VALIDATION_ERROR');
        expect(body.errors.map((error: { path: string }) => error.path)).toContain(path);
        if (message) expect(body.errors.find((error: { path: string }) => error.path === path).message).toBe(message);
      };
      await refused('?search=ab', 'search', AUDIT_MESSAGES.searchTooShort);
      // Punctuation alone cannot be found through the text index (it would read the whole log).
      await refused(`?search=${encodeURIComponent('---')}`, 'search', AUDIT_MESSAGES.searchTooShort);
      await refused(`?search=${encodeURIComponent('a.-.b')}`, 'search', AUDIT_MESSAGES.searchTooShort);
      await refused('?date_from=2026-03-10&date_to=2026-03-01', 'date_from', AUDIT_MESSAGES.datesReversed);
      await refused('?date_from=2026-02-31', 'date_from');
      await refused('?user_id=someone', 'user_id');
      await refused('?status=maybe', 'status');
      await refused('?page=501&limit=20', 'page', AUDIT_MESSAGES.beyondWindow);
      expect((await api('GET', '/api/admin/audit/logs?page=500&limit=20')).statusCode).toBe(200);
      expect((await api('GET', `/api/admin/audit/logs/${randomUUID()}`)).statusCode).toBe(404);
      expect((await api('GET', '/api/admin/audit/logs/not-an-id')).statusCode).toBe(400);
    });

    it('offers the actions and resource types in the log, and the staff, for its filters', async () => {
      const response = await api('GET', '/api/admin/audit/filters');
      expect(response.statusCode).toBe(200);
      const { actions, entity_types, users: people } = response.json().data;
      expect(actions).toEqual([...actions].sort());
      expect(actions).toEqual(expect.arrayContaining(['auth.login_failed', 'order.status', 'product.update']));
      expect(new Set(actions).size).toBe(actions.length);
      expect(entity_types).toEqual(expect.arrayContaining(['order', 'product', 'settings', 'user']));
      expect(people).toEqual(expect.arrayContaining([{ id: staff.id, name: 'Rania Haddad', email: staff.email }]));
    });
  });

  /** More than the list's window, a filtered count's cap, and a search's first walk. */
  const BULK = SEARCH_WALK_ROWS + 6_000;

  describe('at scale: pages, totals and search', () => {
    const newest = new Date('2025-06-01T12:00:00Z');

    beforeAll(async () => {
      // A rare term is then found through the trigram index, past the first walk.
      await addManyEntries(ctx.database.db, BULK, newest);
      await addEntries(ctx.database.db, [
        {
          action: 'promo_code.update',
          entityType: 'promo_code',
          entityId: 'needle-in-the-log',
          // Past the first walk of the newest entries.
          createdAt: new Date(newest.getTime() - (SEARCH_WALK_ROWS + 1_500) * 60_000),
        },
      ]);
    });

    it('counts a filtered list up to the cap, and the whole log exactly from its counts', async () => {
      const filtered = await list('?action=product.update&limit=50');
      expect(filtered.data).toHaveLength(50);
      expect(filtered.pagination).toMatchObject({
        total: AUDIT_COUNT_CAP,
        total_capped: true,
        totalPages: AUDIT_COUNT_CAP / 50,
        hasNext: true,
      });
      // Past the count, the pages go on while more entries follow.
      const deeper = await list(`?action=product.update&limit=50&page=${AUDIT_COUNT_CAP / 50 + 5}`);
      expect(deeper.data).toHaveLength(50);
      expect(deeper.pagination).toMatchObject({
        total_capped: true,
        totalPages: AUDIT_COUNT_CAP / 50 + 6,
        hasNext: true,
      });
      const last = await list('?action=product.update&limit=100&page=100');
      expect(last.pagination).toMatchObject({ page: 100, totalPages: 100, hasNext: false });
      const counted = await list('?entity_type=promo_code');
      expect(counted.pagination).toMatchObject({ total: 1, total_capped: false, totalPages: 1 });
      const all = await list('');
      const logged = await countLog(ctx.database.db);
      expect(logged).toBeGreaterThan(AUDIT_COUNT_CAP);
      expect(all.pagination).toMatchObject({ total: logged, total_capped: false, totalPages: AUDIT_LIST_WINDOW / 20 });
    });

    it('pages newest first with the id breaking ties, without gaps or repeats', async () => {
      const at = new Date('2025-07-01T00:00:00Z');
      await addEntries(
        ctx.database.db,
        Array.from({ length: 7 }, (_, index) => ({
          action: 'category.update',
          entityType: 'category',
          entityId: `tie-${index}`,
          createdAt: at,
        })),
      );
      const first = await list('?action=category.update&limit=4');
      const second = await list('?action=category.update&limit=4&page=2');
      const ids = [...first.data, ...second.data].map((entry) => entry.id);
      expect(new Set(ids).size).toBe(7);
      expect(ids).toEqual([...ids].sort().reverse());
      expect(second.pagination).toMatchObject({ total: 7, totalPages: 2, hasNext: false, hasPrev: true });
    });

    it('finds a common term among the newest entries and a rare one through the index', async () => {
      const common = await list('?search=bulk-&limit=20');
      expect(common.data).toHaveLength(20);
      expect(common.data[0]?.entity_id).toBe('bulk-0');
      expect(common.pagination.total_capped).toBe(true);
      expect(common.pagination.hasNext).toBe(true);
      const page3 = await list('?search=bulk-&limit=20&page=3');
      expect(page3.data[0]?.entity_id).toBe('bulk-40');
      const rare = await list('?search=NEEDLE-in');
      expect(rare.data.map((entry) => entry.entity_id)).toEqual(['needle-in-the-log']);
      expect(rare.pagination).toMatchObject({ total: 1, total_capped: false });
      const rareWithFilter = await list('?search=needle&entity_type=promo_code');
      expect(rareWithFilter.pagination.total).toBe(1);
      expect((await list('?search=needle&entity_type=order')).data).toEqual([]);
    });
  });

  describe('the stats', () => {
    let stats: AuditStats;
    let removed: Awaited<ReturnType<typeof createUser>>;
    let other: Awaited<ReturnType<typeof createUser>>;
    // 14:20 in Kolkata (UTC+5:30): the shop's midnight is 18:30 UTC the day before, not on the hour.
    const now = new Date('2026-05-20T08:50:00Z');
    const at = (iso: string) => new Date(iso);

    beforeAll(async () => {
      clock.set(now);
      await ctx.app.settings.save({ site: { time_zone: 'Asia/Kolkata' } }, { actor: null }, true);
      other = await createUser(ctx.database.db, { role: 'admin', name: 'Omar Khalil' });
      removed = await createUser(ctx.database.db, { role: 'admin', name: 'Gone Soon' });
      const shopper = await createUser(ctx.database.db, { role: 'customer', name: 'A Shopper' });
      await addEntries(ctx.database.db, [
        // Yesterday in Kolkata (before 18:30 UTC on the 19th): not today.
        { action: 'product.update', entityType: 'product', userId: staff.id, createdAt: at('2026-05-19T18:10:00Z') },
        // Today, in the half hour before the first whole UTC hour of the shop's day.
        { action: 'product.update', entityType: 'product', userId: staff.id, createdAt: at('2026-05-19T18:40:00Z') },
        { action: 'auth.login_failed', entityType: 'user', status: 'failure', createdAt: at('2026-05-19T18:45:00Z') },
        // Today, whole hours.
        { action: 'auth.login', entityType: 'user', userId: staff.id, createdAt: at('2026-05-20T02:05:00Z') },
        { action: 'auth.login_failed', entityType: 'user', status: 'failure', createdAt: at('2026-05-20T07:15:00Z') },
        { action: 'auth.lockout', entityType: 'user', status: 'failure', createdAt: at('2026-05-20T07:16:00Z') },
        { action: 'order.status', entityType: 'order', userId: other.id, createdAt: at('2026-05-20T08:01:00Z') },
        { action: 'order.status', entityType: 'order', userId: other.id, createdAt: at('2026-05-20T08:02:00Z') },
        { action: 'order.status', entityType: 'order', userId: removed.id, createdAt: at('2026-05-20T08:03:00Z') },
        {
          action: 'security.allowlist_add',
          entityType: 'allowlist',
          userId: staff.id,
          createdAt: at('2026-05-20T08:30:00Z'),
        },
        { action: 'account.login', entityType: 'user', userId: shopper.id, createdAt: at('2026-05-20T08:40:00Z') },
        { action: 'backup.create', entityType: 'backup', createdAt: at('2026-05-20T08:45:00Z') },
        // After "now" (the shop's clock): not counted.
        { action: 'order.status', entityType: 'order', userId: other.id, createdAt: at('2026-05-20T10:00:00Z') },
        // Six days ago: neither today nor in the last 24 hours.
        { action: 'order.status', entityType: 'order', userId: other.id, createdAt: at('2026-05-14T09:00:00Z') },
        // Eight days ago: in neither.
        { action: 'review.delete', entityType: 'review', userId: staff.id, createdAt: at('2026-05-12T08:00:00Z') },
      ]);
      // Removing a staff member sets their entries' user id to null (the foreign key); the counts
      // keep the id they were written with, and the top list names current staff only.
      await ctx.database.db.delete(users).where(eq(users.id, removed.id));
      const response = await api('GET', '/api/admin/audit/stats');
      expect(response.statusCode, response.body).toBe(200);
      stats = response.json().data;
    });

    it("counts today in the shop's time zone, from its midnight to now", () => {
      // 18:40, 18:45, 02:05, 07:15, 07:16, 08:01, 08:02, 08:03, 08:30, 08:40, 08:45.
      expect(stats.today_events).toBe(11);
      expect(stats.failed_logins).toBe(3);
      // product.update (18:40), the three order.status, security.allowlist_add.
      expect(stats.admin_actions).toBe(5);
      // The three failures, auth.login, security.allowlist_add.
      expect(stats.security_events).toBe(5);
    });

    it('counts every entry for the total', async () => {
      expect(stats.total_events).toBe(await countLog(ctx.database.db));
    });

    it('names the top staff and actions of the last 24 hours', () => {
      expect(stats.top_users).toEqual([
        { user_id: staff.id, name: 'Rania Haddad', email: staff.email, events: 4 },
        { user_id: other.id, name: 'Omar Khalil', email: other.email, events: 2 },
      ]);
      expect(stats.top_users.map((user) => user.user_id)).not.toContain(removed.id);
      expect(stats.top_actions.slice(0, 3)).toEqual([
        { action: 'order.status', events: 3 },
        { action: 'auth.login_failed', events: 2 },
        { action: 'product.update', events: 2 },
      ]);
      expect(stats.top_actions.map((entry) => entry.action)).not.toContain('review.delete');
    });

    it('gives the last 24 hours by hour, the current one last', () => {
      expect(stats.events_by_hour).toHaveLength(24);
      expect(stats.events_by_hour.at(-1)).toEqual({ hour: '2026-05-20T08:00:00.000Z', events: 6, failures: 0 });
      expect(stats.events_by_hour.find((hour) => hour.hour === '2026-05-20T07:00:00.000Z')).toEqual({
        hour: '2026-05-20T07:00:00.000Z',
        events: 2,
        failures: 2,
      });
      expect(stats.events_by_hour[0]?.hour).toBe('2026-05-19T09:00:00.000Z');
    });

    it('keeps its counts equal to the log through every write', async () => {
      await expectCountsMatchTheLog(ctx.database.db);
    });
  });

  describe('the export', () => {
    let csv: string;
    let response: Awaited<ReturnType<Api>>;

    beforeAll(async () => {
      clock.set(new Date('2026-05-21T10:00:00Z'));
      await addEntries(ctx.database.db, [
        {
          action: 'customer.update',
          entityType: 'customer',
          entityId: 'formula-row',
          userName: '=HYPERLINK("http://evil.example","click")',
          userEmail: '+1@example.com',
          ip: '@SUM(A1)',
          userAgent: '\tTabbed',
          before: { note: '-2+3' },
          after: { note: 'plain "quoted", text' },
          createdAt: new Date('2026-05-21T09:00:00Z'),
        },
      ]);
      response = await api('GET', '/api/admin/audit/export?entity_type=customer');
      csv = response.body;
    });

    it('names the file and sends CSV with the columns of the contract', () => {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="audit-log-2026-05-21.csv"');
      expect(csv.startsWith('\uFEFF')).toBe(true);
      const [header] = Papa.parse<string[]>(csv.slice(1)).data;
      expect(header).toEqual([...AUDIT_CSV_HEADERS]);
    });

    it('neutralises every cell a spreadsheet would run as a formula', () => {
      const rows = Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true }).data;
      const row = rows.find((entry) => entry.entity_id === 'formula-row');
      expect(row).toMatchObject({
        user_name: `'=HYPERLINK("http://evil.example","click")`,
        user_email: "'+1@example.com",
        ip: "'@SUM(A1)",
        user_agent: "'\tTabbed",
        before: '{"note":"-2+3"}',
        after: '{"note":"plain \\"quoted\\", text"}',
        created_at: '2026-05-21T09:00:00.000Z',
        status: 'success',
      });
    });

    it('applies the filters and the search, over many steps, newest first, each entry once', async () => {
      const rows = async (query: string) => {
        const answer = await api('GET', `/api/admin/audit/export${query}`);
        expect(answer.statusCode).toBe(200);
        return Papa.parse<Record<string, string>>(answer.body.slice(1), { header: true, skipEmptyLines: true }).data;
      };
      const bulk = await rows('?search=bulk-');
      expect(bulk.length).toBeGreaterThan(EXPORT_STEP_ROWS * 2);
      expect(bulk.length).toBe(BULK);
      expect(new Set(bulk.map((row) => row.id)).size).toBe(bulk.length);
      expect(bulk[0]?.entity_id).toBe('bulk-0');
      expect(bulk.at(-1)?.entity_id).toBe(`bulk-${BULK - 1}`);
      expect((await rows('?search=needle')).map((row) => row.entity_id)).toEqual(['needle-in-the-log']);
      expect((await rows('?status=failure')).every((row) => row.status === 'failure')).toBe(true);
      const refused = await api('GET', '/api/admin/audit/export?search=ab');
      expect(refused.statusCode).toBe(400);
    });

    it('records who took the export, with its filters', async () => {
      const [entry] = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.action, 'audit.export'))
        .orderBy(sql`${auditLogs.createdAt} desc`)
        .limit(1);
      expect(entry).toMatchObject({ userId: staff.id, entityType: 'audit_log', status: 'success' });
    });
  });

  it('answers the counts tables as the triggers keep them, whatever was written', async () => {
    await expectCountsMatchTheLog(ctx.database.db);
    expect((await ctx.database.db.select().from(auditLogDaily)).length).toBeGreaterThan(0);
    expect((await ctx.database.db.select().from(auditLogHourly)).length).toBeGreaterThan(0);
  });
});

describe('the audit log is append-only in the database', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('refuses to change or delete an entry, but lets a removed account become null and erasure redact', async () => {
    const db = ctx.database.db;
    const person = await createUser(db, { role: 'admin', name: 'Leaving Soon' });
    await addEntries(db, [
      {
        action: 'product.update',
        entityType: 'product',
        entityId: 'p-1',
        userId: person.id,
        userEmail: person.email,
        userName: 'Leaving Soon',
      },
    ]);
    await expect(db.update(auditLogs).set({ action: 'product.create' })).rejects.toThrow();
    await expect(db.update(auditLogs).set({ userId: null })).rejects.toThrow();
    await expect(db.delete(auditLogs)).rejects.toThrow();
    // The retention's mark alone does not let recent entries go.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('cedar.audit_retention', 'on', true)`);
        await tx.delete(auditLogs);
      }),
    ).rejects.toThrow();
    // The redaction's mark lets only the personal fields change.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('cedar.audit_redaction', 'on', true)`);
        await tx.update(auditLogs).set({ action: 'x' });
      }),
    ).rejects.toThrow();
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('cedar.audit_redaction', 'on', true)`);
      await tx.update(auditLogs).set({ before: { fields: ['price'] } });
    });
    // The foreign key's ON DELETE SET NULL, when the account is removed.
    await db.delete(users).where(eq(users.id, person.id));
    const [entry] = await db.select().from(auditLogs).where(eq(auditLogs.entityId, 'p-1'));
    expect(entry).toMatchObject({
      userId: null,
      userEmail: person.email,
      userName: 'Leaving Soon',
      action: 'product.update',
      before: { fields: ['price'] },
    });
    await expectCountsMatchTheLog(db);
  });
});
