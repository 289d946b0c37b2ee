import { rebuildAnalyticsRollups } from '#server/analytics/rebuild-rollups.ts';
import { loadConfig } from '#server/config.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { openConfiguredDatabase } from '#server/startup.ts';

/**
 * `npm run analytics:rebuild` (docs/operations.md#analytics-roll-ups): recounts the analytics
 * roll-ups from the orders on the database the shop's configuration names (DATABASE_URL, else the
 * embedded database in DATA_DIR, which only one process may open: stop the shop first).
 */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await runMigrations(database);
  const started = performance.now();
  const counts = await rebuildAnalyticsRollups(database.db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Analytics recounted in ${seconds} s: ${counts.orderDays} order-day rows, ${counts.productDays} product-day rows, ${counts.customers} customers.`,
  );
} finally {
  await database.close();
}
