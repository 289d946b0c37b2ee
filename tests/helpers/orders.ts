import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { readOutbox } from '#server/mail/outbox-file.ts';
import { orders } from '#server/orders/orders.table.ts';
import { products } from '#server/products/products.table.ts';
import { type MailParts, mailParts, readableMail } from './mail-parts.ts';

/** A valid checkout body for `lines`; override any part. */
export function orderBody(lines: Record<string, unknown>[], overrides: Record<string, unknown> = {}) {
  return {
    customer: { name: 'Rami Haddad', phone: '03 123 456', email: 'rami@example.com' },
    shipping_address: { city: 'Beirut', street: 'Bliss Street', building: 'Nour', floor: '3', governorate: 'beirut' },
    items: lines,
    ...overrides,
  };
}

export async function orderCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders);
  return row?.n ?? 0;
}

export async function stockOf(db: Db, id: string): Promise<{ stock: number; inStock: boolean }> {
  const [row] = await db
    .select({ stock: products.stockQuantity, inStock: products.inStock })
    .from(products)
    .where(eq(products.id, id));
  if (!row) throw new Error(`no product ${id}`);
  return row;
}

/**
 * The mails written to the outbox so far, whole, oldest first: first the message outbox is
 * delivered (an order's and a status change's mails are queued there, messages/message-sender.ts),
 * then mail handed over finishes.
 */
async function outboxFiles(app: FastifyInstance): Promise<string[]> {
  await app.messageSender.drain();
  await app.mailer.idle();
  return readOutbox(app.mailer.outboxDir, 'mail');
}

/**
 * The mails written so far as a reader sees them: headers and the plain-text part (an HTML mail's
 * text alternative, decoded; tests/helpers/mail-parts.ts). `outboxMessages` gives the HTML too.
 */
export async function outboxMails(app: FastifyInstance): Promise<string[]> {
  return (await outboxFiles(app)).map(readableMail);
}

/** The mails written so far, each split into headers, text part and HTML part. */
export async function outboxMessages(app: FastifyInstance): Promise<MailParts[]> {
  return (await outboxFiles(app)).map(mailParts);
}
