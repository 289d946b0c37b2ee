import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { hashSources, ROOT } from './source-hash.ts';

/**
 * `npm start` runs the server compiled ahead of time (dist/server), not through tsx: tsx keeps
 * every module's transformed source and an inline source map in memory and transforms the
 * server-rendering bundle and node_modules too, ~85 MB of idle RSS with 10,000 products
 * (docs/architecture.md "Memory"). esbuild bundles src/server (and the src/shared it imports) in a
 * fraction of a second; packages stay external, imported from node_modules as usual. Dynamic
 * imports stay separate chunks, so what only a first start needs (the seed) is still loaded then
 * only. `npm run dev` and the tests keep running the TypeScript sources.
 */
const INPUTS = ['src/server', 'src/shared', 'package.json', 'package-lock.json', 'scripts/server-build.ts'];
export const SERVER_BUILD_DIR = path.join(ROOT, 'dist/server');
/** The entry `scripts/start.mjs` imports; exports `runServer` (and `main`) like src/server/main.ts. */
export const SERVER_ENTRY = path.join(SERVER_BUILD_DIR, 'main.mjs');
const STAMP_FILE = path.join(SERVER_BUILD_DIR, '.build-stamp');

export function isServerBuildFresh(): boolean {
  return existsSync(SERVER_ENTRY) && existsSync(STAMP_FILE) && readFileSync(STAMP_FILE, 'utf8') === hashSources(INPUTS);
}

/** A file of an earlier build is removed once no server started from it can still import it. */
const STALE_FILE_MS = 10 * 60_000;

/**
 * Compiles into a scratch folder, then moves each file in by rename (atomic per file) and stamps:
 * two starts that both find the build stale, or a server still starting from the previous build,
 * never see a half-written folder. Chunk names carry a content hash, so an earlier build's chunks
 * stay importable until they are pruned.
 */
export async function buildServer(): Promise<void> {
  const hash = hashSources(INPUTS);
  // esbuild is what tsx compiles with (a dependency of tsx and of vite); loaded only to build.
  const { build } = await import('esbuild');
  const scratch = path.join(ROOT, `dist/.server-build-${process.pid}`);
  rmSync(scratch, { recursive: true, force: true });
  try {
    await build({
      entryPoints: [path.join(ROOT, 'src/server/main.ts')],
      outdir: scratch,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
    });
    // db/migrate.ts finds its SQL next to itself: src/server/db/migrations, or here once bundled.
    cpSync(path.join(ROOT, 'src/server/db/migrations'), path.join(scratch, 'migrations'), { recursive: true });
    // The embedded database's thread (db/pglite-thread.ts) loads this file beside the chunks.
    cpSync(path.join(ROOT, 'src/server/db/pglite-worker.mjs'), path.join(scratch, 'pglite-worker.mjs'));
    const built = new Set(readdirSync(scratch));
    mkdirSync(SERVER_BUILD_DIR, { recursive: true });
    for (const entry of readdirSync(SERVER_BUILD_DIR)) {
      const file = path.join(SERVER_BUILD_DIR, entry);
      if (!built.has(entry) && statSync(file).isFile() && Date.now() - statSync(file).mtimeMs > STALE_FILE_MS)
        rmSync(file);
    }
    for (const entry of built) {
      if (entry === 'migrations') continue;
      renameSync(path.join(scratch, entry), path.join(SERVER_BUILD_DIR, entry));
    }
    cpSync(path.join(scratch, 'migrations'), path.join(SERVER_BUILD_DIR, 'migrations'), { recursive: true });
    writeFileSync(STAMP_FILE, hash);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
