import { stopWithLauncher } from './stop-with-launcher.ts';
import { buildWebApp, isWebBuildFresh } from './web-build.ts';

/**
 * `npm start`: build the web app if its sources changed, then start the server in this process.
 * `npm start -- --skip-build` serves whatever build exists (or the API alone) without checking it.
 */
stopWithLauncher();
if (!process.argv.includes('--skip-build') && !isWebBuildFresh()) {
  const started = performance.now();
  console.log('Building the web app (first start or changed sources)…');
  await buildWebApp((line) => console.log(line));
  console.log(`Web app built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
const { main } = await import('../src/server/main.ts');
await main();
