/**
 * `npm run backup`: one backup of the whole shop into DATA_DIR/backups (docs/operations.md#backups),
 * on the embedded database in DATA_DIR or on DATABASE_URL. Safe while the server runs on
 * PostgreSQL; the embedded database can be opened by one process only, so stop the server first.
 */
import { BackupService } from '#server/backups/backups.service.ts';
import { systemClock } from '#server/clock.ts';
import { loadConfig } from '#server/config.ts';
import { openConfiguredDatabase } from '#server/startup.ts';

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
  const entry = await service.create('manual', { actor: { email: 'npm run backup' } });
  console.log(`Backup written: ${service.dir}/${entry.name} (${(entry.size / 1024 / 1024).toFixed(1)} MB)`);
} catch (error) {
  console.error('Backup failed:', error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await database.close();
}
