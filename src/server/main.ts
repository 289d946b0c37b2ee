import { ConfigError, loadConfig } from './config.ts';
import { safeMessage } from './logging.ts';
import { openConfiguredDatabase, prepareInstance } from './startup.ts';

/** Starts Cedar Shop: config, database, start-up tasks, listen, and a graceful shutdown. */
export async function main(): Promise<void> {
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

  // Opening PGlite (compiling its WebAssembly) and loading the app's modules overlap on two cores.
  const [database, { buildApp }] = await Promise.all([openConfiguredDatabase(config), import('./app.ts')]);
  const instance = await prepareInstance(database, config);
  const app = await buildApp(config, { database, secrets: instance.secrets, closeDatabase: true });
  const address = await app.listen({ port: config.PORT, host: config.HOST });

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
  console.log(`${lines.join('\n')}\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

const isEntryPoint = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntryPoint) {
  main().catch((error) => {
    // safeMessage: a failed start-up statement (the first admin's insert) must not print its parameters.
    console.error('Cedar Shop failed to start:', safeMessage(error instanceof Error ? error.message : String(error)));
    process.exit(1);
  });
}
