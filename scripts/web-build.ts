import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { adminPanelInBuild } from './build-flags.ts';
import { hashSources, ROOT } from './source-hash.ts';

/**
 * Decides whether the built web app (dist/web) is older than its sources, by content hash, so a
 * second `npm start` skips the build and serves in well under 3 s.
 */
const INPUTS = ['src/web', 'src/shared', 'vite.config.ts', 'scripts/build-flags.ts', 'package-lock.json'];
const STAMP_FILE = path.join(ROOT, 'dist/web/.build-stamp');
/** The server-rendering bundle (vite.config.ts, SSR build; decision 009). */
const SSR_ENTRY = 'dist/ssr/render-page.js';

export function sourceHash(): string {
  // The same sources built with another flag are another build.
  return hashSources(INPUTS, `admin-panel:${adminPanelInBuild()}`);
}

export function isWebBuildFresh(): boolean {
  return (
    existsSync(STAMP_FILE) &&
    existsSync(path.join(ROOT, 'dist/web/index.html')) &&
    existsSync(path.join(ROOT, SSR_ENTRY)) &&
    readFileSync(STAMP_FILE, 'utf8') === sourceHash()
  );
}

/**
 * Builds the web app with Vite (loaded only when a build is needed): the browser build into
 * dist/web, then the server-rendering build of the same screens into dist/ssr. Stamps it.
 */
export async function buildWebApp(progress: (line: string) => void = () => {}): Promise<void> {
  const hash = sourceHash();
  // A build stopped halfway (npm start stopped while building) must not pass for the old one.
  rmSync(STAMP_FILE, { force: true });
  const { build } = await import('vite');
  const configFile = path.join(ROOT, 'vite.config.ts');
  // Vite takes React's `process.env.NODE_ENV` from the environment when it is set: a start under
  // NODE_ENV=test or development (a test spawning `npm start`, a shell left in dev) would ship
  // React's development build (~60 KB more first-load JS, other hydration behaviour). What npm
  // start serves is always the production build.
  const inheritedNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    progress('  1/2 the browser app (dist/web)…');
    await build({ configFile, logLevel: 'warn', mode: 'production' });
    progress('  2/2 the server-rendering bundle (dist/ssr)…');
    await build({ configFile, logLevel: 'warn', mode: 'production', build: { ssr: 'ssr/render-page.tsx' } });
  } finally {
    if (inheritedNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = inheritedNodeEnv;
  }
  writeFileSync(STAMP_FILE, hash);
}
