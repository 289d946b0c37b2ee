import { existsSync } from 'node:fs';
import { buildServer, isServerBuildFresh, SERVER_ENTRY } from './server-build.ts';
import { buildWebApp, isWebBuildFresh } from './web-build.ts';

/**
 * The build steps of `npm start`, run by scripts/start.mjs in a child process before the server
 * starts (so neither tsx nor Vite stays in the server's memory): build the web app if its sources
 * changed, compile the server if its sources changed. `npm start -- --skip-build` serves whatever
 * builds exist without checking them (the server is still compiled when there is none: nothing
 * could serve otherwise).
 */
const skipBuild = process.argv.includes('--skip-build');
/** Serves the web app as it is but still compiles a changed server (tests that measure the server). */
const skipWebBuild = skipBuild || process.argv.includes('--skip-web-build');
if (!skipWebBuild && !isWebBuildFresh()) {
  const started = performance.now();
  console.log('Building the web app (first start or changed sources)…');
  await buildWebApp((line) => console.log(line));
  console.log(`Web app built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
if (skipBuild ? !existsSync(SERVER_ENTRY) : !isServerBuildFresh()) await buildServer();
