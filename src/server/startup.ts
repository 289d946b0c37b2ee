import { randomBytes } from 'node:crypto';
import type { Config } from './config.ts';
import { type Database, type Db, openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import type { SeedOutcome } from './db/seed/seed.ts';
import { SETTING_KEYS } from './settings/setting-keys.ts';
import { getOrCreateSetting, getSetting } from './settings/settings.service.ts';
import { ensureFirstAdmin, type FirstAdminResult } from './users/first-admin.ts';

/** The seed (and the image library it loads) is imported only on a start that may need it. */
async function seedIfNew(db: Db, config: Config): Promise<PreparedInstance['seed']> {
  if (!config.SEED_DEMO_DATA) return 'disabled';
  if (await getSetting(db, SETTING_KEYS.demoSeed)) return 'already-seeded';
  const { seedDemoCatalogue } = await import('./db/seed/seed.ts');
  return seedDemoCatalogue(db, config.paths.uploads);
}

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
    const stored = await getOrCreateSetting<InstanceSecrets>(db, SETTING_KEYS.instanceSecrets, () => ({
      jwtSecret: randomBytes(48).toString('base64url'),
      adminLoginPath: `admin-${randomBytes(6).toString('hex')}`,
    }));
    const secrets: InstanceSecrets = {
      jwtSecret: config.JWT_SECRET ?? stored.jwtSecret,
      adminLoginPath: config.ADMIN_LOGIN_PATH ?? stored.adminLoginPath,
    };
    const admin = await ensureFirstAdmin(db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    return { secrets, admin, seed: await seedIfNew(db, config) };
  });
}
