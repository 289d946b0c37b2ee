import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { HTTPMethods, RouteOptions } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/audit/audit.table.ts';
import type { Database } from '#server/db/client.ts';
import { openDatabase } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { adminIpAllowlist } from '#server/security/ip-allowlist.table.ts';
import { securityAlerts } from '#server/security/security-alerts.table.ts';
import { REFUSALS_AUDITED_PER_ADDRESS } from '#server/security/staff-address-guard.ts';
import { ADMIN_SOCKET_NAMESPACE, SOCKET_PATH } from '#shared/contracts/notifications.ts';
import { type AllowlistEntry, SECURITY_MESSAGES } from '#shared/contracts/security.ts';
import { apiAs } from '../helpers/admin-api.ts';
import { bearer, createUser, signInAs } from '../helpers/auth.ts';
import { type ManualClock, manualClock } from '../helpers/clocks.ts';
import { createScratchDatabase, postgresForTests } from '../helpers/postgres.ts';
import { connectAdmin, connectRefused } from '../helpers/realtime.ts';
import { createTestApp, TEST_SECRETS, type TestApp } from '../helpers/test-app.ts';

/**
 * docs/product.md#address-allowlist: the entries (ipaddr.js, stored normalised), the rule that no
 * change shuts out its author (409), and, while the list is on, every staff route, the staff
 * sign-in routes, the admin socket and the hidden sign-in page refusing other addresses. Injected
 * requests come from 127.0.0.1 unless they say otherwise: the staff member's own address here.
 */

const REFUSED = '198.51.100.7';
const PARTNER_RANGE = '203.0.113.0/24';

async function writeFixtureDist(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cedar-dist-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Cedar Shop</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

const forbidden = { statusCode: 403, code: 'FORBIDDEN', message: SECURITY_MESSAGES.addressNotAllowed };

describe('the address allowlist', () => {
  let ctx: TestApp;
  let dist: string;
  let clock: ManualClock;
  let admin: ReturnType<typeof apiAs>;
  let token: string;
  let staffId: string;
  const routes: { method: HTTPMethods; url: string }[] = [];

  beforeAll(async () => {
    dist = await writeFixtureDist();
    clock = manualClock(new Date('2026-11-30T10:00:00Z'));
    ctx = await createTestApp({
      serveWebApp: true,
      webDistDir: dist,
      clock,
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url });
      },
    });
    const staff = await createUser(ctx.database.db, { role: 'admin' });
    staffId = staff.id;
    token = (await signInAs(ctx.app, staff.email)).token;
    admin = apiAs(ctx.app, token);
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dist, { recursive: true, force: true });
  });

  const list = async () => {
    const response = await admin('GET', '/api/admin/security/ip-whitelist');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { entries: AllowlistEntry[]; your_ip: string };
  };
  const add = (ip_address: string, description = '') =>
    admin('POST', '/api/admin/security/ip-whitelist', { ip_address, description });
  const remove = (id: string) => admin('DELETE', `/api/admin/security/ip-whitelist/${id}`);
  const setEnabled = (enabled: boolean) => admin('PUT', '/api/admin/security/config', { ip_allowlist: { enabled } });
  const clear = async () => {
    expect((await setEnabled(false)).statusCode).toBe(200);
    await ctx.database.db.delete(adminIpAllowlist);
    await ctx.database.db.delete(securityAlerts);
  };
  const alertsFor = (ip: string) =>
    ctx.database.db
      .select()
      .from(securityAlerts)
      .where(and(eq(securityAlerts.type, 'access'), eq(securityAlerts.ipAddress, ip)));
  const from = (ip: string, method: HTTPMethods, url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, remoteAddress: ip, headers });

  describe('entries', () => {
    beforeAll(clear);

    it('adds addresses and ranges stored normalised, lists them with the caller’s own address', async () => {
      const typed = {
        '203.0.113.7': '203.0.113.7/32',
        '198.51.100.77/24': '198.51.100.0/24',
        '2001:DB8::1': '2001:db8::1/128',
        '2001:db8:0:0:1::/64': '2001:db8::/64',
        '::ffff:192.0.2.9': '192.0.2.9/32',
        ' 10.0.0.0/8 ': '10.0.0.0/8',
      };
      for (const [input, stored] of Object.entries(typed)) {
        const response = await add(input, `Office ${stored}`);
        expect(response.statusCode, `${input}: ${response.body}`).toBe(201);
        expect(response.json().data).toMatchObject({
          ip_address: stored,
          description: `Office ${stored}`,
          created_by: staffId,
          last_used_at: null,
          active: true,
        });
      }
      const { entries, your_ip } = await list();
      expect(your_ip).toBe('127.0.0.1');
      expect(entries.map((entry) => entry.ip_address)).toEqual(Object.values(typed));
      const audits = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.action, 'security.allowlist_add'));
      expect(audits).toHaveLength(Object.keys(typed).length);
      expect(audits[0]).toMatchObject({ userId: staffId, entityType: 'ip_allowlist', status: 'success' });
    });

    it('refuses anything but one address or CIDR range (400), and a range listed in another spelling (409)', async () => {
      for (const wrong of [
        'localhost',
        '1.2.3',
        '010.1.1.1',
        '0x7f.0.0.1',
        '1.2.3.4/33',
        '1.2.3.4/24/8',
        'fe80::1%eth0',
        '2001:db8::/129',
        '1.2.3.4/08',
      ]) {
        const response = await add(wrong);
        expect(response.statusCode, wrong).toBe(400);
        expect(response.json().errors).toEqual([{ path: 'ip_address', message: SECURITY_MESSAGES.invalidAddress }]);
      }
      expect((await add('')).statusCode).toBe(400);
      expect((await add('1'.repeat(65))).statusCode).toBe(400);
      const again = await add('203.0.113.7/32');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(SECURITY_MESSAGES.entryExists);
      expect((await add('2001:0db8::0001')).statusCode).toBe(409);
    });

    it('removes an entry (audited); an unknown one is a 404', async () => {
      const [entry] = (await list()).entries;
      if (!entry) throw new Error('no entry');
      expect((await remove(entry.id)).statusCode).toBe(204);
      expect((await list()).entries.map((item) => item.id)).not.toContain(entry.id);
      const [audit] = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'security.allowlist_remove'), eq(auditLogs.entityId, entry.id)));
      expect(audit?.before).toMatchObject({ ip_address: entry.ip_address });
      expect((await remove(entry.id)).statusCode).toBe(404);
      expect((await remove('not-a-uuid')).statusCode).toBe(404);
    });
  });

  describe('turning it on', () => {
    beforeAll(clear);

    it('is refused while the list is empty, or does not cover your own address (409 saying why)', async () => {
      const empty = await setEnabled(true);
      expect(empty.statusCode).toBe(409);
      expect(empty.json().message).toBe(SECURITY_MESSAGES.allowlistEmpty);

      expect((await add(PARTNER_RANGE)).statusCode).toBe(201);
      const excluded = await setEnabled(true);
      expect(excluded.statusCode).toBe(409);
      expect(excluded.json()).toMatchObject({
        code: 'CONFLICT',
        message: SECURITY_MESSAGES.allowlistExcludesYou('127.0.0.1'),
      });
      expect(ctx.app.settings.values.security.ip_allowlist.enabled).toBe(false);
      expect(await ctx.database.db.select().from(securityAlerts)).toHaveLength(0);
    });

    it('goes on once an entry covers you, raising a high alert', async () => {
      expect((await add('127.0.0.0/8', 'This machine')).statusCode).toBe(201);
      const response = await setEnabled(true);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.ip_allowlist.enabled).toBe(true);
      const [alert] = await ctx.database.db.select().from(securityAlerts);
      expect(alert).toMatchObject({ type: 'security', severity: 'high', title: 'Address allowlist turned on' });
    });

    it('refuses removing the entry that lets you in; another covering entry makes it possible', async () => {
      const entries = (await list()).entries;
      const local = entries.find((entry) => entry.ip_address === '127.0.0.0/8');
      if (!local) throw new Error('no local entry');
      const refused = await remove(local.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(SECURITY_MESSAGES.allowlistExcludesYou('127.0.0.1'));

      const own = (await add('127.0.0.1')).json().data as AllowlistEntry;
      expect((await remove(local.id)).statusCode).toBe(204);
      expect((await remove(own.id)).statusCode).toBe(409);
      // Entries that do not cover you go freely.
      const partner = (await list()).entries.find((entry) => entry.ip_address === PARTNER_RANGE);
      expect((await remove(partner?.id ?? '')).statusCode).toBe(204);
      expect((await add(PARTNER_RANGE)).statusCode).toBe(201);
    });
  });

  describe('while it is on', () => {
    beforeAll(async () => {
      await clear();
      expect((await add('127.0.0.1', 'This machine')).statusCode).toBe(201);
      expect((await add(PARTNER_RANGE, 'Partner office')).statusCode).toBe(201);
      expect((await setEnabled(true)).statusCode).toBe(200);
    });
    afterAll(clear);

    it('refuses staff routes from other addresses with 403, before the token or the body is looked at', async () => {
      for (const headers of [bearer(token), {}]) {
        const response = await from(REFUSED, 'GET', '/api/admin/stats', headers);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject(forbidden);
      }
      const write = await ctx.app.inject({
        method: 'POST',
        url: '/api/products',
        remoteAddress: REFUSED,
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      });
      expect(write.json()).toMatchObject(forbidden);
      for (const url of ['/api/auth/login', '/api/auth/refresh']) {
        const response = await ctx.app.inject({ method: 'POST', url, remoteAddress: REFUSED, payload: {} });
        expect(response.json(), url).toMatchObject(forbidden);
      }
      expect((await from(REFUSED, 'GET', '/api/auth/me', bearer(token))).statusCode).toBe(403);
      // Listed addresses work as before.
      expect((await from('203.0.113.50', 'GET', '/api/admin/stats', bearer(token))).statusCode).toBe(200);
      expect((await from('127.0.0.1', 'GET', '/api/admin/stats', bearer(token))).statusCode).toBe(200);
    });

    it('leaves the storefront and shoppers alone', async () => {
      expect((await from(REFUSED, 'GET', '/api/products')).statusCode).toBe(200);
      const signUp = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: REFUSED,
        payload: {},
      });
      expect(signUp.statusCode).toBe(400);
      expect((await from(REFUSED, 'GET', '/')).statusCode).toBe(200);
    });

    it('covers every staff route: the admin and staff scopes and the staff sign-in routes', async () => {
      const staffRoutes = routes.filter(
        ({ method, url }) =>
          url.startsWith('/api/admin') ||
          url.startsWith('/api/upload') ||
          url.startsWith('/api/blogs/admin') ||
          (url.startsWith('/api/auth/') && url !== '/api/auth/register') ||
          ((url.startsWith('/api/products') || url.startsWith('/api/categories')) && !['GET', 'HEAD'].includes(method)),
      );
      expect(staffRoutes.length).toBeGreaterThan(80);
      expect(staffRoutes.map((route) => route.url)).toEqual(
        expect.arrayContaining(['/api/auth/login', '/api/admin/security/ip-whitelist', '/api/upload/images']),
      );
      for (const route of staffRoutes) {
        const response = await from(
          '192.0.2.44',
          route.method,
          route.url.replace(/:[A-Za-z_]+/g, randomUUID()),
          bearer(token),
        );
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
        if (route.method !== 'HEAD') expect(response.json().message).toBe(SECURITY_MESSAGES.addressNotAllowed);
      }
    });

    it('audits each refusal (failure) and raises one access/high alert per address, a burst included', async () => {
      const ip = '192.0.2.200';
      const burst = await Promise.all(
        Array.from({ length: 3 * REFUSALS_AUDITED_PER_ADDRESS }, () => from(ip, 'GET', '/api/admin/stats?x=1')),
      );
      expect(burst.every((response) => response.statusCode === 403)).toBe(true);
      const alerts = await alertsFor(ip);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ severity: 'high', title: `Staff access refused from ${ip}` });
      const audits = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'security.address_refused'), eq(auditLogs.ip, ip)));
      // One per refusal, up to a bound per address (a flood cannot fill the log).
      expect(audits).toHaveLength(REFUSALS_AUDITED_PER_ADDRESS);
      expect(audits[0]).toMatchObject({ status: 'failure', userId: null, after: { path: '/api/admin/stats' } });
      // Another address: its own alert.
      await from('192.0.2.201', 'GET', '/api/admin/stats');
      expect(await alertsFor('192.0.2.201')).toHaveLength(1);
    });

    it('the hidden sign-in page answers as an unknown path, exactly', async () => {
      const signIn = `/${TEST_SECRETS.adminLoginPath}`;
      expect((await from('127.0.0.1', 'GET', signIn)).statusCode).toBe(200);
      const refused = await from('192.0.2.77', 'GET', signIn);
      const unknown = await from('192.0.2.77', 'GET', '/no-such-page-at-all');
      expect(refused.statusCode).toBe(404);
      expect(refused.body).toBe(unknown.body);
      expect(refused.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(refused.headers['cache-control']).toBe(unknown.headers['cache-control']);
      expect(refused.body).not.toContain(TEST_SECRETS.adminLoginPath);
    });

    it('stamps the entry that let a request in, at most once a minute', async () => {
      const lastUsed = async () => {
        const { entries } = await list();
        return entries.find((entry) => entry.ip_address === PARTNER_RANGE)?.last_used_at ?? null;
      };
      const start = clock.now().getTime();
      await from('203.0.113.9', 'GET', '/api/admin/stats', bearer(token));
      expect(await lastUsed()).toBe(new Date(start).toISOString());
      clock.advance(30_000);
      await from('203.0.113.9', 'GET', '/api/admin/stats', bearer(token));
      expect(await lastUsed()).toBe(new Date(start).toISOString());
      clock.advance(31_000);
      await from('203.0.113.10', 'GET', '/api/admin/stats', bearer(token));
      expect(await lastUsed()).toBe(new Date(start + 61_000).toISOString());
    });

    it('without TRUST_PROXY a forged X-Forwarded-For changes nothing', async () => {
      const forged = { ...bearer(token), 'x-forwarded-for': '127.0.0.1' };
      expect((await from(REFUSED, 'GET', '/api/admin/stats', forged)).statusCode).toBe(403);
      const fromHere = { ...bearer(token), 'x-forwarded-for': REFUSED };
      expect((await from('127.0.0.1', 'GET', '/api/admin/stats', fromHere)).statusCode).toBe(200);
    });

    it('with TRUST_PROXY the forwarded address is the one judged, from the named proxies only', async () => {
      const behind = await createTestApp({ database: ctx.database, env: { TRUST_PROXY: '127.0.0.1' } });
      try {
        await behind.app.settings.fresh();
        const via = (proxy: string, client: string) =>
          behind.app.inject({
            method: 'GET',
            url: '/api/admin/stats',
            remoteAddress: proxy,
            headers: { ...bearer(token), 'x-forwarded-for': client },
          });
        expect((await via('127.0.0.1', REFUSED)).statusCode).toBe(403);
        expect((await via('127.0.0.1', '203.0.113.20')).statusCode).toBe(200);
        // A sender that is not a named proxy cannot name another address.
        expect((await via(REFUSED, '127.0.0.1')).statusCode).toBe(403);
        expect((await via('10.1.2.3', '127.0.0.1')).statusCode).toBe(403);
        // The address the list shows you is the forwarded one.
        const seen = await behind.app.inject({
          method: 'GET',
          url: '/api/admin/security/ip-whitelist',
          remoteAddress: '127.0.0.1',
          headers: { ...bearer(token), 'x-forwarded-for': '203.0.113.21' },
        });
        expect(seen.json().data.your_ip).toBe('203.0.113.21');
      } finally {
        await behind.close();
      }
    });

    it('ADMIN_IP_ALLOWLIST_BYPASS turns enforcement off, with a warning in the log at start', async () => {
      const lines: string[] = [];
      const bypass = await createTestApp({
        database: ctx.database,
        env: { ADMIN_IP_ALLOWLIST_BYPASS: 'true', LOG_LEVEL: 'warn' },
        logStream: { write: (line: string) => void lines.push(line) },
      });
      try {
        await bypass.app.settings.fresh();
        expect(bypass.app.settings.values.security.ip_allowlist.enabled).toBe(true);
        const response = await bypass.app.inject({
          method: 'GET',
          url: '/api/admin/stats',
          remoteAddress: REFUSED,
          headers: bearer(token),
        });
        expect(response.statusCode).toBe(200);
        const warnings = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 40);
        expect(warnings.map((entry) => entry.msg).join('\n')).toMatch(/ADMIN_IP_ALLOWLIST_BYPASS is set/);
      } finally {
        await bypass.close();
      }
    });

    it('the admin socket’s handshake is refused from other addresses (through the trusted proxy)', async () => {
      const behind = await createTestApp({ database: ctx.database, env: { TRUST_PROXY: 'loopback' } });
      const sockets: Socket[] = [];
      try {
        await behind.app.settings.fresh();
        const address = await behind.app.listen({ port: 0, host: '127.0.0.1' });
        const socketFrom = (client: string) => {
          const socket = io(`${address}${ADMIN_SOCKET_NAMESPACE}`, {
            path: SOCKET_PATH,
            transports: ['polling'],
            auth: { token },
            extraHeaders: { 'x-forwarded-for': client },
            reconnection: false,
            autoConnect: false,
            forceNew: true,
          });
          sockets.push(socket);
          return socket;
        };
        const refusal = await connectRefused(socketFrom(REFUSED));
        expect(refusal.message).toBe(SECURITY_MESSAGES.addressNotAllowed);
        expect(refusal.data?.code).toBe('FORBIDDEN');
        const allowed = socketFrom('203.0.113.30');
        const connected = await connectAdmin(allowed);
        expect(connected.userId).toBe(staffId);
        expect(await behind.app.realtime.recheckSessions()).toBe(0);
        // Its entry removed: the minute's re-check drops it.
        await ctx.database.db.delete(adminIpAllowlist).where(eq(adminIpAllowlist.ipAddress, PARTNER_RANGE));
        const dropped = new Promise((resolve) => allowed.once('disconnect', resolve));
        expect(await behind.app.realtime.recheckSessions()).toBe(1);
        await dropped;
      } finally {
        for (const socket of sockets) socket.disconnect();
        await behind.close();
      }
    });
  });
});

/**
 * Two server processes on one PostgreSQL: an entry added or removed through one counts in the
 * other at once (the list is read at each check, not kept in memory).
 */
describe.skipIf(!(await postgresForTests()))('the allowlist across two processes on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const databases: Database[] = [];
  const apps: TestApp[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase('cedar_allowlist');
    for (let index = 0; index < 2; index++) {
      const database = await openDatabase({ kind: 'postgres', url: scratch.url, maxConnections: 2 });
      if (index === 0) await runMigrations(database);
      databases.push(database);
      apps.push(await createTestApp({ database }));
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await scratch?.drop();
  });

  it('an entry added or removed in one process counts in the other at once', async () => {
    const [first, second] = apps as [TestApp, TestApp];
    const staff = await createUser(first.database.db, { role: 'admin' });
    const token = (await signInAs(first.app, staff.email)).token;
    const api = apiAs(first.app, token);
    expect((await api('POST', '/api/admin/security/ip-whitelist', { ip_address: '127.0.0.1' })).statusCode).toBe(201);
    expect((await api('PUT', '/api/admin/security/config', { ip_allowlist: { enabled: true } })).statusCode).toBe(200);
    await second.app.settings.fresh();
    const fromPartner = () =>
      second.app.inject({
        method: 'GET',
        url: '/api/admin/stats',
        remoteAddress: '203.0.113.60',
        headers: bearer(token),
      });
    expect((await fromPartner()).statusCode).toBe(403);

    const added = await api('POST', '/api/admin/security/ip-whitelist', { ip_address: PARTNER_RANGE });
    expect(added.statusCode).toBe(201);
    // No wait, no notification to hear: the next check in the other process reads it.
    expect((await fromPartner()).statusCode).toBe(200);
    expect((await api('DELETE', `/api/admin/security/ip-whitelist/${added.json().data.id}`)).statusCode).toBe(204);
    expect((await fromPartner()).statusCode).toBe(403);
  });
});
