import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * A first start draws the demo pictures after it starts serving (db/seed/seed-pictures.ts); what
 * is measured (Lighthouse, the bench) must not share the CPU with that drawing, so wait for its
 * completion marker. A data dir filled by `prepare`, or no seed, has no pictures to draw.
 */
async function demoPicturesDrawn(dataDir: string, deadline: number, noSeed: boolean): Promise<void> {
  if (noSeed) return;
  while (!existsSync(path.join(dataDir, 'uploads/seed/.all-drawn')) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The node arguments of package.json's `start` script (`node <args>`), so the measured server runs
 * exactly as `npm start` runs it: the compiled server, the same V8 flags (docs/architecture.md
 * "Memory"). Spawned directly rather than through npm so the child is the server itself.
 */
export function npmStartNodeArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [command, ...args] = scripts.start.split(/\s+/).filter(Boolean);
  if (command !== 'node') throw new Error(`package.json start is expected to run node: ${scripts.start}`);
  return args;
}

export interface ServerProcess {
  baseUrl: string;
  /** The server's process id (the bench and the memory test read its memory from /proc). */
  pid: number | undefined;
  stop: () => Promise<void>;
}

/**
 * Starts the real server the way `npm start` does (web app built if stale, demo seed on a fresh
 * temp data dir) in its own process, and waits until /api/health answers. Used by the bench and
 * the Lighthouse check so they measure what a shop serves.
 */
export async function startServerProcess(
  port: number,
  env: Record<string, string> = {},
  /** Fills the data dir before the server starts (the bench's large catalogue). */
  prepare?: (dataDir: string) => Promise<void>,
  /**
   * `api`: start src/server/main.ts directly, without (re)building the web app first, for tests
   * that only talk to the API (the web app is served if a build exists, else skipped).
   */
  options: {
    entry?: 'npm-start' | 'api';
    skipWebBuild?: boolean;
    /**
     * false: ready once /api/health answers, while the demo pictures are still being drawn (a test
     * that needs the catalogue's data, not its pictures or a quiet CPU).
     */
    waitForDemoPictures?: boolean;
  } = {},
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cedar-server-'));
  await prepare?.(dataDir);
  const baseUrl = `http://127.0.0.1:${port}`;
  // SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the server under load.
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // The web app is built by `npm test`'s build step (or the bench's caller), not by a test that
  // only measures the server: no Vite build racing the other test files for dist/.
  const entryArgs =
    options.entry === 'api'
      ? ['--import', 'tsx', 'src/server/main.ts']
      : [...npmStartNodeArgs(), ...(options.skipWebBuild ? ['--skip-web-build'] : [])];
  const child = spawn(process.execPath, [...nodeArgs, ...entryArgs], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited with code ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) {
        const noPictures = Boolean(prepare) || env.SEED_DEMO_DATA === 'false' || options.waitForDemoPictures === false;
        await demoPicturesDrawn(dataDir, deadline, noPictures);
        return { baseUrl, pid: child.pid, stop };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error('server did not become healthy within 180 s');
}
