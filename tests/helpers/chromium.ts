import { existsSync } from 'node:fs';

export interface ChromiumChoice {
  executablePath: string;
  source: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium';
}

/**
 * Finds a Chromium for Playwright without downloading one (this machine reaches only the package
 * registries): `CHROMIUM_PATH`, then Debian's `/usr/bin/chromium`, then the Chromium that ships
 * inside the `@sparticuz/chromium` npm package (unpacked to /tmp on first use).
 */
export async function findChromium(): Promise<ChromiumChoice> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH points to ${fromEnv}, which does not exist`);
    return { executablePath: fromEnv, source: 'CHROMIUM_PATH' };
  }
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
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
