import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '#server/categories/categories.table.ts';
import { notifications } from '#server/notifications/notifications.table.ts';
import { products } from '#server/products/products.table.ts';
import { createCategory, createProduct } from '../factories/catalogue.ts';
import { checkout } from '../helpers/admin-api.ts';
import { bearer, createUser, signInAs } from '../helpers/auth.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The web app's API client sends `Content-Type: application/json` on every call, bodiless ones too
 * (logout, deletes, WhatsApp). An empty JSON body is no body (plugins/json-body.ts), never
 * 400 "Request body is empty".
 */
const JSON_HEADER = { 'content-type': 'application/json' };

describe('bodiless calls that say Content-Type: application/json', () => {
  let ctx: TestApp;
  let token: string;
  let adminEmail: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const admin = await createUser(ctx.database.db, { role: 'super_admin' });
    adminEmail = admin.email;
    token = (await signInAs(ctx.app, adminEmail)).token;
  });
  afterAll(() => ctx.close());

  const call = (method: 'POST' | 'DELETE', url: string, auth = token) =>
    ctx.app.inject({ method, url, headers: { ...JSON_HEADER, ...bearer(auth) }, payload: '' });

  it('signs out with an empty JSON body', async () => {
    const session = await signInAs(ctx.app, adminEmail);
    const response = await call('POST', '/api/auth/logout', session.token);
    expect(response.statusCode, response.body).toBe(204);
    // The session is gone: its refresh token no longer works.
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('deletes a product, a category and a notification with an empty JSON body', async () => {
    const db = ctx.database.db;
    const product = await createProduct(db);
    const category = await createCategory(db);
    await checkout(ctx.app, orderBody([{ product_id: (await createProduct(db)).id, quantity: 1 }]));
    const [notification] = await db.select().from(notifications).limit(1);
    if (!notification) throw new Error('the order made no notification');

    for (const url of [
      `/api/admin/products/${product.id}`,
      `/api/admin/categories/${category.id}`,
      `/api/admin/notifications/${notification.id}`,
    ]) {
      const response = await call('DELETE', url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(204);
    }
    expect(await db.select().from(products).where(eq(products.id, product.id))).toEqual([]);
    expect(await db.select().from(categories).where(eq(categories.id, category.id))).toEqual([]);
  });

  it('answers the WhatsApp POST and read-all with an empty JSON body', async () => {
    const product = await createProduct(ctx.database.db);
    const order = await checkout(ctx.app, orderBody([{ product_id: product.id, quantity: 1 }]));
    const whatsapp = await call('POST', `/api/admin/orders/${order.id}/whatsapp`);
    expect(whatsapp.statusCode, whatsapp.body).toBe(200);
    expect(whatsapp.json().data.url).toMatch(/^https:\/\/wa\.me\//);

    const readAll = await call('POST', '/api/admin/notifications/read-all');
    expect(readAll.statusCode, readAll.body).toBeLessThan(300);
  });

  it('still refuses an empty body where one is needed, naming it', async () => {
    const response = await call('POST', '/api/auth/refresh');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ path: 'body' }] });
  });
});
