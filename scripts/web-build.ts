import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { adminPanelInBuild } from './build-flags.ts';

/**
 * Decides whether the built web app (dist/web) is older than its sources, by content hash, so a
 * second `npm start` skips the build and serves in well under 3 s.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const INPUTS = ['src/web', 'src/shared', 'vite.config.ts', 'scripts/build-flags.ts', 'package-lock.json'];
const STAMP_FILE = path.join(ROOT, 'dist/web/.build-stamp');
/** The server-rendering bundle (vite.config.ts, SSR build; decision 009). */
const SSR_ENTRY = 'dist/ssr/render-page.js';

function listFiles(entry: string): string[] {
  const absolute = path.join(ROOT, entry);
  if (!existsSync(absolute)) return [];
  if (statSync(absolute).isFile()) return [entry];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((dirent) => dirent.isFile() && !/\.test\.tsx?$/.test(dirent.name))
    .map((dirent) => path.relative(ROOT, path.join(dirent.parentPath, dirent.name)))
    .sort();
}

export function sourceHash(): string {
  const hash = createHash('sha256');
  // The same sources built with another flag are another build.
  hash.update(`admin-panel:${adminPanelInBuild()}`);
  for (const file of INPUTS.flatMap(listFiles)) {
    hash.update(file);
    hash.update(readFileSync(path.join(ROOT, file)));
  }
  return hash.digest('hex');
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
  const { build } = await import('vite');
  const configFile = path.join(ROOT, 'vite.config.ts');
  progress('  1/2 the browser app (dist/web)…');
  await build({ configFile, logLevel: 'warn' });
  progress('  2/2 the server-rendering bundle (dist/ssr)…');
  await build({ configFile, logLevel: 'warn', build: { ssr: 'ssr/render-page.tsx' } });
  writeFileSync(STAMP_FILE, hash);
}
