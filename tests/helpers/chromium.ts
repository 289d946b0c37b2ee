import { existsSync } from 'node:fs';

export interface ChromiumChoice {
  executablePath: string;
  source: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium';
}

/**
 * Finds a Chromium for Playwright without downloading one (this machine reaches only the package
 * registries): `CHROMIUM_PATH`, then Debian's chromium, then the Chromium that ships inside the
 * `@sparticuz/chromium` npm package (unpacked to /tmp on first use).
 *
 * `headlessShell` (the E2E run) prefers Debian's `chromium-headless-shell`, the browser without
 * its own window: the full browser in headless mode also draws its tab strip and toolbar (one
 * more renderer per window, 10–35 % of a core each while pages load), and the E2E run is bound
 * by CPU on two cores (docs/testing.md#where-the-time-goes). Lighthouse keeps the full browser,
 * the one shoppers use.
 */
export async function findChromium({ headlessShell = false } = {}): Promise<ChromiumChoice> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH points to ${fromEnv}, which does not exist`);
    return { executablePath: fromEnv, source: 'CHROMIUM_PATH' };
  }
  const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
  if (headlessShell) candidates.unshift('/usr/bin/chromium-headless-shell');
  for (const candidate of candidates) {
    if (existsSync(candidate)) return { executablePath: candidate, source: 'system' };
  }
  const { default: packaged } = await import('@sparticuz/chromium');
  return { executablePath: await packaged.executablePath(), source: '@sparticuz/chromium' };
}

/** Flags for a headless Chromium on a machine with a closed network (no background calls home). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
