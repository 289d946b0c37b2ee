import { sql } from 'drizzle-orm';

/** Order numbers are `CS-` plus the next value of `order_number_seq` (migration 0002): CS-100001. */
export const ORDER_NUMBER_PREFIX = 'CS-';

/**
 * The SQL that draws the next number inside the order INSERT itself, so it costs no extra round
 * trip and two concurrent orders can never share a number.
 */
export const nextOrderNumberSql = () => sql`${ORDER_NUMBER_PREFIX} || nextval('order_number_seq')::text`;
