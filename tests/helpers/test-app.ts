import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { type BuildAppOptions, buildApp } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import type { InstanceSecrets } from '#server/startup.ts';
import { openTestDatabase } from './database-template.ts';

/** Fixed secrets, so tests can sign their own tokens and know the hidden sign-in path. */
export const TEST_SECRETS: InstanceSecrets = {
  jwtSecret: 'test-jwt-secret-0123456789abcdefghijklmnopqrstuv',
  adminLoginPath: 'admin-test-sign-in',
};

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
  /** With webDistDir: the server-rendering bundle's folder (render-page.js); none by default. */
  webSsrDir?: string;
  extraApiRoutes?: FastifyPluginAsync;
  secrets?: Partial<InstanceSecrets>;
  authRateLimits?: BuildAppOptions['authRateLimits'];
  accountCodeLimits?: BuildAppOptions['accountCodeLimits'];
  /**
   * Checkout orders per IP. Every injected request comes from one IP, and many files place more
   * orders than a shopper may, so tests get a limit nothing reaches unless they pass their own.
   */
  orderRateLimit?: BuildAppOptions['orderRateLimit'];
  /** Promo code attempts per IP: like orders, out of reach unless a test passes its own. */
  promoRateLimit?: BuildAppOptions['promoRateLimit'];
  /** Review writes and votes per shopper: the real limits unless a test passes its own. */
  reviewRateLimits?: BuildAppOptions['reviewRateLimits'];
  rateLimitPrefix?: string;
  onRoute?: BuildAppOptions['onRoute'];
  /** Log lines (JSON) go here instead of nowhere; tests that read the log pass one. */
  logStream?: BuildAppOptions['logStream'];
  /** Share another test app's database instead of opening a fresh copy (closing leaves it open). */
  database?: Database;
  /** The message outbox sender's pace (e.g. a long interval: the test drains by hand). */
  messageSender?: BuildAppOptions['messageSender'];
  /** The time business rules read: a `manualClock()` (tests/helpers/clocks.ts) to set it by hand. */
  clock?: BuildAppOptions['clock'];
}

/** A real app on a fresh database in a temp DATA_DIR, driven with `app.inject`. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cedar-test-data-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  if (options.webDistDir) {
    // A fixture app is drawn in the browser only unless the test gives a rendering bundle too.
    config.webDistDir = options.webDistDir;
    config.webSsrDir = options.webSsrDir ?? path.join(options.webDistDir, 'no-ssr');
  }
  const owned = options.database ? undefined : await openTestDatabase();
  const database = options.database ?? (owned as Database);
  const app = await buildApp(config, {
    database,
    secrets: { ...TEST_SECRETS, ...options.secrets },
    logger: options.logStream ? undefined : false,
    logStream: options.logStream,
    serveWebApp: options.serveWebApp ?? false,
    extraApiRoutes: options.extraApiRoutes,
    clock: options.clock,
    authRateLimits: options.authRateLimits,
    accountCodeLimits: options.accountCodeLimits,
    orderRateLimit: options.orderRateLimit ?? { limit: 1_000_000, windowMs: 60_000 },
    promoRateLimit: options.promoRateLimit ?? { limit: 1_000_000, windowMs: 60_000 },
    reviewRateLimits: options.reviewRateLimits,
    rateLimitPrefix: options.rateLimitPrefix,
    onRoute: options.onRoute,
    messageSender: options.messageSender,
  });
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await owned?.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
