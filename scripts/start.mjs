import { spawn } from 'node:child_process';
import { stopWithLauncher } from './stop-with-launcher.mjs';

/**
 * `npm start`. Plain JavaScript on purpose: the server runs compiled (dist/server, built by
 * scripts/server-build.ts) in this process without tsx, whose loader would keep every module's
 * transformed source and source map in memory, transform the server-rendering bundle too, and keep
 * its own loader thread (~110 MB of idle RSS together; docs/architecture.md "Memory"). The build
 * steps (scripts/start.ts, TypeScript) run first in a child process that takes tsx and Vite away
 * with it when it ends.
 */
/** scripts/server-build.ts SERVER_ENTRY. */
const SERVER_ENTRY = new URL('../dist/server/main.mjs', import.meta.url);

stopWithLauncher();
const build = spawn(
  process.execPath,
  ['--import', 'tsx', new URL('start.ts', import.meta.url).pathname, ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
// Stopped while building (SIGTERM, or stopWithLauncher): the build stops too.
const stopBuild = () => {
  build.kill('SIGTERM');
  process.exit(143);
};
process.once('SIGTERM', stopBuild);
const code = await new Promise((resolve) => build.once('exit', (exitCode) => resolve(exitCode ?? 1)));
process.off('SIGTERM', stopBuild);
if (code !== 0) process.exit(code);

const { runServer } = await import(SERVER_ENTRY.href);
await runServer();
