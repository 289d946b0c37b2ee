import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { buildApp } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { openTestDatabase } from './database-template.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  serveWebApp?: boolean;
  /** Built web app to serve (a fixture dir); defaults to none. */
  webDistDir?: string;
  extraApiRoutes?: FastifyPluginAsync;
}

/** A real app on a fresh database in a temp DATA_DIR, driven with `app.inject`. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cedar-test-data-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  if (options.webDistDir) config.webDistDir = options.webDistDir;
  const database = await openTestDatabase();
  const app = await buildApp(config, {
    database,
    logger: false,
    serveWebApp: options.serveWebApp ?? false,
    extraApiRoutes: options.extraApiRoutes,
  });
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
