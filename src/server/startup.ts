import { randomBytes } from 'node:crypto';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { type SeedOutcome, seedDemoCatalogue } from './db/seed/seed.ts';
import { getOrCreateSetting } from './settings/settings.service.ts';
import { ensureFirstAdmin, type FirstAdminResult } from './users/first-admin.ts';

export function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
    : openDatabase({ kind: 'pglite', dataDir: config.paths.database });
}

export interface InstanceSecrets {
  jwtSecret: string;
  adminLoginPath: string;
}

export interface PreparedInstance {
  secrets: InstanceSecrets;
  admin: FirstAdminResult;
  seed: SeedOutcome | 'disabled';
}

/**
 * Everything a start does before serving, in one exclusive section so several processes on one
 * database never race: apply migrations, create the instance secrets (stored in the database so
 * every process shares them; env values win), make the first admin, seed the demo catalogue.
 */
export async function prepareInstance(database: Database, config: Config): Promise<PreparedInstance> {
  await runMigrations(database);
  return database.runExclusive(async (db) => {
    const stored = await getOrCreateSetting<InstanceSecrets>(db, 'instance_secrets', () => ({
      jwtSecret: randomBytes(48).toString('base64url'),
      adminLoginPath: `admin-${randomBytes(6).toString('hex')}`,
    }));
    const secrets: InstanceSecrets = {
      jwtSecret: config.JWT_SECRET ?? stored.jwtSecret,
      adminLoginPath: config.ADMIN_LOGIN_PATH ?? stored.adminLoginPath,
    };
    const admin = await ensureFirstAdmin(db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    const seed = config.SEED_DEMO_DATA ? await seedDemoCatalogue(db, config.paths.uploads) : 'disabled';
    return { secrets, admin, seed };
  });
}
