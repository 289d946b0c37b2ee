import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Clock } from './clock.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import type { SeedPictureDrawer } from './db/seed/seed-pictures.ts';
import { collectGarbageWhenIdle } from './idle-collection.ts';
import { safeMessage } from './logging.ts';
import { openConfiguredDatabase, prepareInstance, type StartProgress } from './startup.ts';

/** Start-up progress goes to the terminal as plain lines (the log is for requests and problems). */
const progress: StartProgress = (line) => console.log(line);

/** Says what a first start on the embedded database is about to do (creating it takes a moment). */
function announceNewDatabase(config: Config): void {
  if (!config.DATABASE_URL && !existsSync(path.join(config.paths.database, 'PG_VERSION'))) {
    progress(`Creating the embedded database in ${config.paths.database}…`);
  }
}

/**
 * Draws the demo pictures once the shop serves, with a line every tenth of the way: a request for
 * one not drawn yet waits for it meanwhile (app.ts `waitForUpload`).
 */
function drawPicturesInBackground(drawer: SeedPictureDrawer, log: { warn: (obj: object, msg: string) => void }) {
  const started = performance.now();
  let shown = 0;
  drawer
    .drawAll(({ drawn, total }) => {
      if (drawn === total || drawn < shown + total / 10) return;
      shown = drawn;
      progress(`Drawing the demo pictures: ${drawn} of ${total}`);
    })
    .then(
      () => progress(`Demo pictures ready in ${((performance.now() - started) / 1000).toFixed(1)} s`),
      (error: unknown) => log.warn({ err: error }, 'could not draw the demo pictures; the next start tries again'),
    );
}

/** What only a test server changes (tests/helpers/e2e-server.ts); `npm start` passes nothing. */
export interface MainOptions {
  /** The time business rules read (app.ts `clock`); the system clock by default. */
  clock?: Clock;
  /** Runs on the built app before it listens: the E2E server's own accounts and settings. */
  beforeListen?: (app: FastifyInstance) => Promise<void>;
}

/** Starts Cedar Shop: config, database, start-up tasks, listen, and a graceful shutdown. */
export async function main(options: MainOptions = {}): Promise<void> {
  const startedAt = performance.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  announceNewDatabase(config);
  // Opening PGlite (compiling its WebAssembly) and loading the app's modules overlap on two cores.
  const [database, { buildApp }] = await Promise.all([openConfiguredDatabase(config, 'worker'), import('./app.ts')]);
  const instance = await prepareInstance(database, config, progress);
  const drawer = instance.seedPicturesToDraw
    ? new (await import('./db/seed/seed-pictures.ts')).SeedPictureDrawer(config.paths.uploads)
    : undefined;
  const app = await buildApp(config, {
    database,
    secrets: instance.secrets,
    closeDatabase: true,
    clock: options.clock,
    waitForUpload: drawer && ((uploadPath) => drawer.whenDrawn(uploadPath)),
  });
  await options.beforeListen?.(app);
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  // The start's garbage (the catalogue load above all) and each busy spell's are collected once
  // the server falls idle (idle-collection.ts); `gc` is there when package.json's start runs it.
  const idleCollection = collectGarbageWhenIdle(app.server, globalThis.gc);
  app.catalogue.fresh().then(idleCollection.workDone, () => {});
  // Automatic backups on the schedule of the settings (one process at a time on PostgreSQL).
  app.backups.start();
  // The audit log's retention, once a day (one process at a time on PostgreSQL).
  app.auditRetention.start();

  const port = new URL(address).port;
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const lines = [
    '',
    `  ${config.SHOP_NAME} is ready in ${Math.round(performance.now() - startedAt)} ms (${database.kind} database${
      instance.seed === 'seeded' ? ', demo catalogue seeded' : ''
    })`,
    `  Storefront:    ${publicUrl}/`,
    `  Admin sign-in: ${publicUrl}/${instance.secrets.adminLoginPath}`,
  ];
  if (instance.admin.generatedPassword) {
    lines.push(
      `  Admin account: ${instance.admin.email} / ${instance.admin.generatedPassword}`,
      '  (generated now and shown only this once: write it down, or set ADMIN_PASSWORD)',
    );
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    idleCollection.stop();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // Printed once a stop signal shuts down gracefully: whoever stops the server as soon as it says
  // it is ready (a supervisor, tests/api/process.test.ts) must never find Node's default exit.
  console.log(`${lines.join('\n')}\n`);
  if (drawer) drawPicturesInBackground(drawer, app.log);
}

/**
 * Runs `main()` as a process: a failed start prints one line and exits 1, never a stack trace or
 * an error's raw text (a failed start-up statement, the first admin's insert, carries its
 * parameters; safeMessage drops them). `npm start` (scripts/start.mjs, compiled server) and
 * `tsx src/server/main.ts` both come through here.
 */
export async function runServer(): Promise<void> {
  await main().catch((error: unknown) => {
    console.error('Cedar Shop failed to start:', safeMessage(error instanceof Error ? error.message : String(error)));
    process.exit(1);
  });
}

const isEntryPoint = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntryPoint) void runServer();
