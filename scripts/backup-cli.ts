import { stat } from 'node:fs/promises';
import { schemaVersionOf } from '#server/backups/backup-data.ts';
import { BackupService } from '#server/backups/backups.service.ts';
import { systemClock } from '#server/clock.ts';
import { type Config, loadConfig } from '#server/config.ts';
import { openConfiguredDatabase } from '#server/startup.ts';

/** Where the commands write: the console, or a test's lines. */
export interface CliOutput {
  log: (line: string) => void;
  error: (line: string) => void;
}

export interface WithBackupsOptions {
  /**
   * The command needs a shop to read (`npm run backup`): a database that was never set up (the
   * shop never started in this DATA_DIR, or a mistyped one) is refused in plain words before
   * anything is created, where reading it would end in "relation … does not exist". A restore
   * needs none: it may bring a backup into a new, empty DATA_DIR.
   */
  needsShop?: boolean;
  /** Defaults: the environment's configuration, the console. */
  config?: Config;
  output?: CliOutput;
}

/** Thrown for a refusal whose message is the whole story (printed alone, no "failed:" prefix). */
class PlainRefusal extends Error {}

const START_FIRST = 'Start the shop once with `npm start` (it creates and sets up the database), then back up.';

/** Refuses a shop whose database does not exist or has no tables yet; opens nothing itself. */
async function assertDatabaseFolder(config: Config): Promise<void> {
  if (config.DATABASE_URL) return;
  const exists = await stat(config.paths.database).then(
    (info) => info.isDirectory(),
    () => false,
  );
  if (!exists)
    throw new PlainRefusal(
      `No shop to back up in DATA_DIR=${config.paths.dataDir}: it has no database (${config.paths.database}). Check DATA_DIR. ${START_FIRST}`,
    );
}

/**
 * What `npm run backup` and `npm run restore` share: the configured database (embedded in
 * DATA_DIR, or DATABASE_URL) and the backups service on it, without a schedule (the operator
 * runs one step), closed afterwards. Answers the exit code: 0, or 1 after one plain line (never a
 * stack trace, nor a query and its parameters).
 */
export async function withBackups(
  failure: string,
  run: (service: BackupService, output: CliOutput) => Promise<void>,
  options: WithBackupsOptions = {},
): Promise<number> {
  const output = options.output ?? { log: (line) => console.log(line), error: (line) => console.error(line) };
  let database: Awaited<ReturnType<typeof openConfiguredDatabase>> | undefined;
  try {
    const config = options.config ?? loadConfig();
    if (options.needsShop) await assertDatabaseFolder(config);
    database = await openConfiguredDatabase(config);
    if (options.needsShop && (await schemaVersionOf(database.db)).migrations === 0)
      throw new PlainRefusal(
        `The shop's database (${config.DATABASE_URL ? 'DATABASE_URL' : config.paths.database}) has never been set up: it has no tables yet, so there is nothing to back up. ${START_FIRST}`,
      );
    const service = new BackupService({
      database,
      dataDir: config.paths.dataDir,
      uploadsDir: config.paths.uploads,
      clock: systemClock,
      schedule: () => ({ schedule: 'off', keep: 1 }),
    });
    await run(service, output);
    return 0;
  } catch (error) {
    if (error instanceof PlainRefusal) {
      output.error(error.message);
      return 1;
    }
    // The driver's own words (a query error's cause), never the query and its parameters.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    output.error(`${failure}: ${cause instanceof Error ? cause.message : String(cause)}`);
    return 1;
  } finally {
    await database?.close();
  }
}
