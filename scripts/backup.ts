/**
 * `npm run backup`: one backup of the whole shop into DATA_DIR/backups (docs/operations.md#backups),
 * on the embedded database in DATA_DIR or on DATABASE_URL. Safe while the server runs on
 * PostgreSQL; the embedded database can be opened by one process only, so stop the server first.
 * A DATA_DIR where the shop never started (no database, or one without tables) is refused in
 * plain words: start the shop once first (backup-cli.ts).
 */
import { withBackups } from './backup-cli.ts';

process.exitCode = await withBackups(
  'Backup failed',
  async (service, output) => {
    const entry = await service.create('manual', { actor: { email: 'npm run backup' } });
    output.log(`Backup written: ${service.dir}/${entry.name} (${(entry.size / 1024 / 1024).toFixed(1)} MB)`);
  },
  { needsShop: true },
);
