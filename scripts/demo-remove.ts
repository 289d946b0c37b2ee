import { loadConfig } from '#server/config.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { removeDemoData } from '#server/demo/remove-demo-data.ts';
import { openConfiguredDatabase } from '#server/startup.ts';
import { DEMO_REMOVAL_KINDS } from '#shared/contracts/demo-data.ts';

/**
 * `npm run demo:remove` (docs/operations.md#removing-the-demo-data): the admin's "Remove demo data"
 * from a shell, on the database the shop's configuration names (DATABASE_URL, else the embedded
 * database in DATA_DIR, which only one process may open: stop the shop first). Audited without a
 * user. Prints what went; a second run prints zeros.
 */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await runMigrations(database);
  const removal = await removeDemoData(database.db, {
    uploadsDir: config.paths.uploads,
    context: { actor: null, userAgent: 'npm run demo:remove' },
  });
  const parts = DEMO_REMOVAL_KINDS.map(({ key, one, many }) => `${removal[key]} ${removal[key] === 1 ? one : many}`);
  console.log(`Demo data removed: ${parts.join(', ')}.`);
} finally {
  await database.close();
}
