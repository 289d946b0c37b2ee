import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, isServerBuildFresh } from '../../scripts/server-build.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A bound for each wait below: generous for a loaded 2-core machine, still far below the test's. */
const START_MS = 45_000;

/** The end of the block a start prints (main.ts): its URLs, the admin account if new, a blank line. */
const READY = /Admin sign-in:[\s\S]*\n\n/;

interface StartedServer {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves when the output so far matches; fails at once, with the output, if the process ends first. */
  printed: (pattern: RegExp, timeoutMs?: number) => Promise<string>;
}

/** Starts the server with `src/server/main.ts`, or the way a user does with `npm start`. */
function startServer(
  env: Record<string, string>,
  command: [string, string[]] = [process.execPath, ['--import', 'tsx', 'src/server/main.ts']],
): StartedServer {
  const child = spawn(command[0], command[1], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', SEED_DEMO_DATA: 'false', ...env },
  });
  let text = '';
  const changed = new EventEmitter();
  const append = (chunk: Buffer) => {
    text += chunk;
    changed.emit('output');
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // Waits on the process's own output and exit, never on a polling timer: a start is seen the
  // moment it prints, and one that crashed fails the test at once with what it said.
  const printed = (pattern: RegExp, timeoutMs = START_MS) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(text)) return;
        stop();
        resolve(text);
      };
      const onExit = (code: number | null) => {
        stop();
        reject(new Error(`exited (${code}) before printing ${pattern}:\n${text}`));
      };
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${text}`));
      }, timeoutMs);
      const stop = () => {
        clearTimeout(timer);
        changed.off('output', check);
        child.off('exit', onExit);
      };
      changed.on('output', check);
      child.once('exit', onExit);
      check();
      if (child.exitCode !== null) onExit(child.exitCode);
    });
  return { child, output: () => text, exited, printed };
}

/** For what gives no event (another process's end): checks every 50 ms up to a bound. */
async function until(predicate: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every process below `pid` (children, grandchildren…), from `ps`. */
function descendantsOf(pid: number): number[] {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const [child, ppid] of table) {
      if (ppid === parent) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function refusesConnections(port: string): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/api/health`);
    return false;
  } catch {
    return true;
  }
}

describe('the server process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cedar-process-'));
    // `npm start` runs the compiled server (dist/server). Compiled here when its sources changed,
    // so no test below depends on another test or file having built it, nor serves a stale build.
    if (!isServerBuildFresh()) await buildServer();
  }, 120_000);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('refuses a bad setting with one line naming the variable, and exits 1', async () => {
    const server = startServer({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe('Invalid configuration: PORT must be a port number (got "eighty")');
  });

  it('a failed start through `npm start` prints one line and exits 1, no stack trace', {
    timeout: 60_000,
  }, async () => {
    // The compiled server (scripts/start.mjs), not the TypeScript entry: both must fail the same way.
    const server = startServer({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://cedar:secret-pw@127.0.0.1:1/none' }, [
      process.execPath,
      ['scripts/start.mjs', '--skip-web-build'],
    ]);
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines.at(-1)).toMatch(/^Cedar Shop failed to start: /);
    expect(server.output()).not.toMatch(/\n\s+at /);
    expect(server.output()).not.toContain('secret-pw');
  });

  it('prints its URLs and the generated admin password once, serves, and shuts down gracefully on SIGTERM', {
    timeout: 3 * START_MS,
  }, async () => {
    const server = startServer({ DATA_DIR: dataDir });
    const output = await server.printed(READY);
    const port = /Storefront: +http:\/\/localhost:(\d+)\//.exec(output)?.[1];
    expect(port).toBeDefined();
    expect(output).toMatch(/Admin sign-in: +http:\/\/localhost:\d+\/admin-[0-9a-f]{12}/);
    expect(output).toMatch(/Admin account: admin@cedar\.shop \/ [A-Za-z0-9]{20}/);

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // A second start keeps the data: same admin, no new password printed.
    const again = startServer({ DATA_DIR: dataDir });
    expect(await again.printed(READY)).not.toMatch(/Admin account:/);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  });

  it('stops with `npm start`: SIGTERM to npm stops the server, frees the port and leaves no process behind', {
    timeout: 2 * START_MS,
  }, async () => {
    // --skip-build: this test is about the processes, not the builds (beforeAll compiled the server).
    const npm = startServer({ DATA_DIR: dataDir }, ['npm', ['start', '--', '--skip-build']]);
    const port = /Storefront: +http:\/\/localhost:(\d+)\//.exec(await npm.printed(READY))?.[1] ?? '';
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    const started = descendantsOf(npm.child.pid ?? 0);
    expect(started.length).toBeGreaterThan(0);

    try {
      npm.child.kill('SIGTERM');
      await npm.exited;
      await until(() => started.every((pid) => !isRunning(pid)), 15_000, 'every process npm started has ended');
      expect(await refusesConnections(port)).toBe(true);
    } finally {
      // A failed run must not leave a server behind for the next one.
      for (const pid of started.filter(isRunning)) process.kill(pid, 'SIGKILL');
    }
  });
});
