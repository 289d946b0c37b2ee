import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';

/** Next to this module: src/server/db/migrations, or dist/server/migrations in the compiled server (scripts/server-build.ts copies them). */
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the committed SQL migrations this database has not seen yet (idempotent, one process at a time). */
export async function runMigrations(database: Database): Promise<void> {
  const options = { migrationsFolder: MIGRATIONS_DIR };
  await database.runExclusive(async (db) => {
    // The migrators want their driver's own handle type; both are the same PgDatabase underneath.
    if (database.kind === 'pglite') {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db as never, options);
    } else {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(db as never, options);
    }
  });
}
