import { rmSync } from 'node:fs';
import path from 'node:path';
import { buildWebApp, isWebBuildFresh } from '../../scripts/web-build.ts';
import { copyDrawnDemoPictures } from './e2e-pictures.ts';

/**
 * The server Playwright starts: a fresh data dir every run (so the first-start seed is exercised),
 * the web app built if its sources changed, the demo pictures npm test drew (if any), then the real
 * `main()` with a clock a request can set (tests/helpers/clocks.ts).
 */
const dataDir = path.resolve(import.meta.dirname, '../../.tmp/e2e-data');
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= 'warn';
// The demo pictures `npm test` drew in its build phase, if it did (e2e-pictures.ts): the start
// then finds them complete and draws none while the tests run.
await copyDrawnDemoPictures(path.join(dataDir, 'uploads'));
if (!isWebBuildFresh()) await buildWebApp();
const { main } = await import('../../src/server/main.ts');
const { requestHeaderClock } = await import('./clocks.ts');
const { prepareE2eShop } = await import('./e2e-shop.ts');
// A test reads the shop at a later time with the `x-test-now` header (a scheduled post falling due).
await main({ clock: requestHeaderClock(), beforeListen: prepareE2eShop });
