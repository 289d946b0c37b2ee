import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ensureFirstAdmin, type FirstAdminResult } from './auth/first-admin.ts';
import type { Config } from './config.ts';
import { type Database, type Db, openDatabase } from './db/client.ts';
import { MIGRATIONS_DIR, runMigrations } from './db/migrate.ts';
import type { SeedOutcome } from './db/seed/seed.ts';
import { seedPicturesComplete } from './db/seed/seed-pictures-done.ts';
import { SETTING_KEYS } from './settings/setting-keys.ts';
import { getOrCreateSetting, getSetting } from './settings/settings.service.ts';
import { defaultSecrets, defaultSettings } from './settings/settings-defaults.ts';
import { settingsSecretBox, storeFirstStartSettings } from './settings/shop-settings.service.ts';
import { sealClearTotpSecrets, totpSecretBox } from './two-factor/totp.ts';

/** Prints one line of start-up progress (main.ts: the terminal); steps that take time say so first. */
export type StartProgress = (line: string) => void;

/** The seed (and the image library it loads) is imported only on a start that may need it. */
async function seedIfNew(db: Db, config: Config, progress: StartProgress): Promise<PreparedInstance['seed']> {
  if (!config.SEED_DEMO_DATA) return 'disabled';
  if (await getSetting(db, SETTING_KEYS.demoSeed)) return 'already-seeded';
  const [{ seedDemoCatalogue }, { SEED_PRODUCTS, SEED_CATEGORIES }] = await Promise.all([
    import('./db/seed/seed.ts'),
    import('./db/seed/catalogue-data.ts'),
  ]);
  progress(
    `Seeding the demo catalogue: ${SEED_PRODUCTS.length} products in ${SEED_CATEGORIES.length} categories, with six months of orders…`,
  );
  return seedDemoCatalogue(db);
}

/** Migrations in the repository that this database has not applied yet (drizzle's own journal). */
async function pendingMigrationCount(db: Db): Promise<number> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  const { rows } = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "present"`,
  )) as unknown as { rows: { present: boolean }[] };
  if (!rows[0]?.present) return journal.entries.length;
  const applied = (await db.execute(
    sql`select count(*)::int as "count" from drizzle.__drizzle_migrations`,
  )) as unknown as {
    rows: { count: number }[];
  };
  return Math.max(0, journal.entries.length - (applied.rows[0]?.count ?? 0));
}

/**
 * PostgreSQL when DATABASE_URL names one, else the embedded database in DATA_DIR: on its own thread
 * for the server (`thread: 'worker'`, db/pglite-thread.ts), in process for the command-line scripts.
 */
export function openConfiguredDatabase(config: Config, thread: 'main' | 'worker' = 'main'): Promise<Database> {
  return config.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
    : openDatabase({ kind: 'pglite', dataDir: config.paths.database, thread });
}

export interface InstanceSecrets {
  jwtSecret: string;
  adminLoginPath: string;
}

export interface PreparedInstance {
  secrets: InstanceSecrets;
  admin: FirstAdminResult;
  seed: SeedOutcome | 'disabled';
  /**
   * The demo catalogue's pictures are not all on disk yet (just seeded, or a start stopped while
   * drawing them): main.ts has them drawn once the shop serves (db/seed/seed-pictures.ts).
   */
  seedPicturesToDraw: boolean;
}

/**
 * Everything a start does before serving, in one exclusive section so several processes on one
 * database never race: apply migrations, create the instance secrets (stored in the database so
 * every process shares them; env values win), seal authenticator secrets still in clear, store the
 * first-start settings, make the first admin, seed the demo catalogue.
 * `progress` hears about the steps that take a while (migrations to apply, a seed to write).
 */
export async function prepareInstance(
  database: Database,
  config: Config,
  progress: StartProgress = () => {},
): Promise<PreparedInstance> {
  const pending = await database.runExclusive(pendingMigrationCount);
  if (pending > 0) progress(`Applying ${pending} database migration${pending === 1 ? '' : 's'}…`);
  await runMigrations(database);
  const prepared = await database.runExclusive(async (db) => {
    const stored = await getOrCreateSetting<InstanceSecrets>(db, SETTING_KEYS.instanceSecrets, () => ({
      jwtSecret: randomBytes(48).toString('base64url'),
      adminLoginPath: `admin-${randomBytes(6).toString('hex')}`,
    }));
    const secrets: InstanceSecrets = {
      jwtSecret: config.JWT_SECRET ?? stored.jwtSecret,
      adminLoginPath: config.ADMIN_LOGIN_PATH ?? stored.adminLoginPath,
    };
    // Authenticator secrets stored in clear before they were sealed are sealed now, once.
    await sealClearTotpSecrets(db, totpSecretBox(secrets.jwtSecret));
    // The environment's shop name, contact details and text channel become the stored settings, once.
    await storeFirstStartSettings(db, defaultSettings(config), {
      box: settingsSecretBox(secrets.jwtSecret),
      values: defaultSecrets(config),
    });
    const admin = await ensureFirstAdmin(db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    const seed = await seedIfNew(db, config, progress);
    const demoSeeded = seed === 'seeded' || Boolean(await getSetting(db, SETTING_KEYS.demoSeed));
    return { secrets, admin, seed, demoSeeded };
  });
  const { demoSeeded, ...instance } = prepared;
  return { ...instance, seedPicturesToDraw: demoSeeded && !seedPicturesComplete(config.paths.uploads) };
}
