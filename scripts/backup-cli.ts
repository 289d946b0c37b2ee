import { BackupService } from '#server/backups/backups.service.ts';
import { systemClock } from '#server/clock.ts';
import { loadConfig } from '#server/config.ts';
import { openConfiguredDatabase } from '#server/startup.ts';

/**
 * What `npm run backup` and `npm run restore` share: the configured database (embedded in
 * DATA_DIR, or DATABASE_URL) and the backups service on it, without a schedule (the operator
 * runs one step), closed afterwards; a failure prints one line and exits 1.
 */
export async function withBackups(failure: string, run: (service: BackupService) => Promise<void>): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const service = new BackupService({
      database,
      dataDir: config.paths.dataDir,
      uploadsDir: config.paths.uploads,
      clock: systemClock,
      schedule: () => ({ schedule: 'off', keep: 1 }),
    });
    await run(service);
  } catch (error) {
    // The driver's own words (a query error's cause), never the query and its parameters.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    console.error(`${failure}:`, cause instanceof Error ? cause.message : String(cause));
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
