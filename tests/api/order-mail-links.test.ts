import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../factories/catalogue.ts';
import { orderBody, outboxMails } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The new-order mails link to the order (docs/product.md#placing-an-order): the customer's receipt to the
 * order's page (the confirmation with its access token), the shop's mail to the admin's order
 * screen, both at PUBLIC_URL, or at the request's host only when ALLOWED_HOSTS names it. A Host
 * header alone never makes a link: a checkout naming someone else's email would otherwise mail
 * them a genuine receipt pointing at another site.
 */
describe('links in the new-order mails', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  async function shop(env: Record<string, string>) {
    const ctx = await createTestApp({ env });
    apps.push(ctx);
    const productId = (await createProduct(ctx.database.db, { name: 'Link lamp', price: 12, stockQuantity: 50 })).id;
    const place = async (host?: string) => {
      const before = (await outboxMails(ctx.app)).length;
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: orderBody([{ product_id: productId, quantity: 1 }]),
        headers: host ? { host } : {},
      });
      expect(response.statusCode, response.body).toBe(201);
      await ctx.app.mailer.idle();
      const mails = (await outboxMails(ctx.app)).slice(before);
      return {
        order: response.json().data as { id: string; access_token: string },
        customer: mails.find((mail) => mail.includes('To: rami@example.com')) ?? '',
        shop: mails.find((mail) => !mail.includes('To: rami@example.com')) ?? '',
      };
    };
    return { ctx, place };
  }

  let withPublicUrl: Awaited<ReturnType<typeof shop>>;
  let withAllowedHost: Awaited<ReturnType<typeof shop>>;
  beforeAll(async () => {
    withPublicUrl = await shop({ PUBLIC_URL: 'https://shop.example.com' });
    withAllowedHost = await shop({ ALLOWED_HOSTS: 'cedar.example.com' });
  });

  it('PUBLIC_URL: the receipt links to the order page, which opens with that link; the shop mail to the admin screen', async () => {
    const { order, customer, shop: shopMail } = await withPublicUrl.place('evil.example');
    const link = `https://shop.example.com/checkout?order=${order.id}&token=${encodeURIComponent(order.access_token)}`;
    expect(customer).toContain(`See your order at any time: ${link}`);
    expect(shopMail).toContain(`Open it in the admin: https://shop.example.com/admin/orders/${order.id}`);
    expect(customer + shopMail).not.toContain('evil.example');
    // The link's order and token open the order (the confirmation page reads this).
    const opened = await withPublicUrl.ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}?token=${encodeURIComponent(order.access_token)}`,
    });
    expect(opened.statusCode).toBe(200);
  });

  it('ALLOWED_HOSTS: the request host it names makes the link; any other host makes none', async () => {
    const allowed = await withAllowedHost.place('cedar.example.com');
    expect(allowed.customer).toContain(
      `See your order at any time: http://cedar.example.com/checkout?order=${allowed.order.id}`,
    );
    const other = await withAllowedHost.place('evil.example');
    expect(other.customer).toContain('We received your order');
    expect(other.customer).not.toContain('See your order');
    expect(other.customer + other.shop).not.toContain('evil.example');
  });
});
