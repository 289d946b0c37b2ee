import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { promoCodes } from '#server/promo-codes/promo-codes.table.ts';
import { shopToday } from '#shared/promo-codes.ts';

type PromoInsert = typeof promoCodes.$inferInsert;

/** A promo code written straight into the table: 10 % off the whole order, no limits, unless overridden. */
export async function createPromoCode(db: Db, overrides: Partial<PromoInsert> = {}) {
  const [row] = await db
    .insert(promoCodes)
    .values({
      code: `TEST${randomUUID().slice(0, 8).toUpperCase()}`,
      discountType: 'percentage',
      discountValue: 10,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('promo code insert returned nothing');
  return row;
}

export async function promoUsesOf(db: Db, id: string): Promise<number> {
  const [row] = await db.select({ uses: promoCodes.currentUses }).from(promoCodes).where(eq(promoCodes.id, id));
  if (!row) throw new Error(`no promo code ${id}`);
  return row.uses;
}

/** The shop's date `days` from today (YYYY-MM-DD), for start and end dates. */
export function shopDay(days: number): string {
  return shopToday(new Date(Date.now() + days * 24 * 60 * 60 * 1000));
}
