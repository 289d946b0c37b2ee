import type { Db } from './client.ts';

/**
 * Runs `work` in one transaction and hands it the transaction as a plain `Db`: Drizzle's
 * transaction handle is a `PgDatabase` too, so everything a service calls with `db` runs inside
 * the transaction when given `tx`, with no cast. Commits when `work` resolves, rolls back when
 * it throws (the error goes on to the caller).
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}
