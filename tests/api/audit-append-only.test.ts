import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { HTTPMethods, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/audit/audit.table.ts';
import { startSession } from '#server/auth/sessions.service.ts';
import { signAccessToken } from '#server/auth/tokens.ts';
import { bearer, createUser, signInAs } from '../helpers/auth.ts';
import { createTestApp, TEST_SECRETS, type TestApp } from '../helpers/test-app.ts';

interface Route {
  method: HTTPMethods;
  url: string;
}

/**
 * docs/product.md#audit-log: the log is append-only from the application. This writes entries,
 * then calls every route of the route table (the way tests/api/admin-routes.test.ts walks it) as a
 * signed-in staff member with an empty body, and checks that the earlier entries are still there,
 * byte for byte. New entries may be added (a failed sign-in, the export's own entry); none may
 * change or go. The database guard (src/server/db/sql/audit-log.sql) refuses a change anyway: a
 * route that tried would answer 500, which this also looks for.
 */
describe('no route changes or deletes an audit entry', () => {
  let ctx: TestApp;
  const routes: Route[] = [];
  let staff: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    ctx = await createTestApp({
      onRoute: (route: RouteOptions) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) routes.push({ method, url: route.url });
      },
    });
    staff = await createUser(ctx.database.db, { role: 'super_admin', name: 'Route Walker' });
  });
  afterAll(() => ctx.close());

  /** A staff token of a fresh session: a route that signs out or ends sessions spoils only its own. */
  async function freshToken(): Promise<string> {
    const session = await startSession(ctx.app.db, staff.id, 60 * 60_000, {});
    return signAccessToken(
      { sub: staff.id, role: staff.role, sid: session.familyId },
      TEST_SECRETS.jwtSecret,
      15 * 60_000,
    );
  }

  /** Every entry's full row as JSON, in id order, hashed; and how many there are. */
  async function fingerprint(ids: readonly string[]) {
    const result = (await ctx.database.db.execute(
      sql`select count(*)::int as n, md5(coalesce(string_agg(row_to_json(a)::text, '|' order by a.id), '')) as hash
          from ${auditLogs} a where a.id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
    )) as unknown as { rows: { n: number; hash: string }[] };
    return result.rows[0];
  }

  it('leaves every earlier entry exactly as it was', async () => {
    const { token } = await signInAs(ctx.app, staff.email);
    // Real writes (a product made and edited), a refused sign-in, and entries of every shape.
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: bearer(token),
      payload: { name: 'Append Only Lamp', price: 10, stock_quantity: 2 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const product = made.json().data;
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${product.id}`,
      headers: bearer(token),
      payload: { price: 11 },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: staff.email, password: 'wrong' },
    });
    await ctx.database.db.insert(auditLogs).values([
      { action: 'customer.update', entityType: 'customer', entityId: randomUUID(), before: { phone: '+9613000000' } },
      { action: 'settings.update', entityType: 'settings', entityId: 'site', userId: staff.id, after: { a: [1, 2] } },
      { action: 'auth.lockout', entityType: 'user', status: 'failure', ip: '198.51.100.4' },
    ]);
    const earlier = (await ctx.database.db.select({ id: auditLogs.id }).from(auditLogs)).map((row) => row.id);
    expect(earlier.length).toBeGreaterThanOrEqual(6);
    const before = await fingerprint(earlier);

    const called: string[] = [];
    const failures: string[] = [];
    for (const route of routes) {
      if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
      const url = route.url.replace(/:[A-Za-z_]+/g, randomUUID()).replace(/\*$/, 'anything');
      const withBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
      const response = await ctx.app.inject({
        method: route.method,
        url,
        headers: { ...bearer(await freshToken()), ...(withBody && { 'content-type': 'application/json' }) },
        ...(withBody && { payload: '{}' }),
      });
      called.push(`${route.method} ${route.url}`);
      if (response.statusCode >= 500) failures.push(`${route.method} ${route.url}: ${response.statusCode}`);
    }
    expect(called).toEqual(
      expect.arrayContaining([
        'DELETE /api/admin/products/:id',
        'PUT /api/admin/settings',
        'GET /api/admin/audit/logs',
        'GET /api/admin/audit/export',
        'POST /api/admin/settings/backups/:name/restore',
      ]),
    );
    expect(called.length).toBeGreaterThan(150);
    expect(failures).toEqual([]);
    expect(await fingerprint(earlier)).toEqual(before);
  });
});
