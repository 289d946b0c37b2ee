/**
 * `npm run restore FILE`: restores a backup archive over the whole shop (docs/operations.md#backups),
 * on the embedded database in DATA_DIR or on DATABASE_URL. A backup of the shop as it is now is
 * written to DATA_DIR/backups first. Stop the server before (the embedded database has one
 * process; on PostgreSQL, restart the servers after so nothing keeps an old view).
 */
import path from 'node:path';
import { withBackups } from './backup-cli.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore FILE   (a cedar-backup-….tar.gz archive)');
  process.exit(2);
}
process.exitCode = await withBackups('Restore failed', async (service) => {
  const result = await service.restore(path.resolve(file), { actor: { email: 'npm run restore' } });
  console.log(
    `Restored the backup of ${result.backup_created_at}${result.migrated_from ? ` (migrated forward from ${result.migrated_from})` : ''}:`,
  );
  for (const [table, count] of Object.entries(result.restored)) console.log(`  ${table}: ${count}`);
  console.log(`  uploaded files: ${result.files}`);
  console.log(`The shop as it was before: ${service.dir}/${result.before_restore.name}`);
});
