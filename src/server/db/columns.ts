import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Column helpers shared by every table, so ids, money and timestamps look the same everywhere. */
export const idColumn = () => uuid('id').primaryKey().defaultRandom();

/** Money in dollars with exactly 2 decimals; read as a JS number, computed in cents (#shared/money.ts). */
export const moneyColumn = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAtColumn = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
