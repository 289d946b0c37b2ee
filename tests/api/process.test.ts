import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Starts the server with `src/server/main.ts`, or the way a user does with `npm start`. */
function startServer(
  env: Record<string, string>,
  command: [string, string[]] = [process.execPath, ['--import', 'tsx', 'src/server/main.ts']],
): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(command[0], command[1], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', SEED_DEMO_DATA: 'false', ...env },
  });
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

async function waitFor(predicate: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
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
  });
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

  it('prints its URLs and the generated admin password once, serves, and shuts down gracefully on SIGTERM', async () => {
    const server = startServer({ DATA_DIR: dataDir });
    await waitFor(() => /Admin sign-in:/.test(server.output()), 30_000);
    const output = server.output();
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
    await waitFor(() => /Admin sign-in:/.test(again.output()), 30_000);
    expect(again.output()).not.toMatch(/Admin account:/);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  });

  it('stops with `npm start`: SIGTERM to npm stops the server, frees the port and leaves no process behind', async () => {
    // --skip-build: this test is about the processes, not the web build.
    const npm = startServer({ DATA_DIR: dataDir }, ['npm', ['start', '--', '--skip-build']]);
    await waitFor(() => /Admin sign-in:/.test(npm.output()), 30_000);
    const port = /Storefront: +http:\/\/localhost:(\d+)\//.exec(npm.output())?.[1] ?? '';
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    const started = descendantsOf(npm.child.pid ?? 0);
    expect(started.length).toBeGreaterThan(0);

    try {
      npm.child.kill('SIGTERM');
      await npm.exited;
      await waitFor(() => started.every((pid) => !isRunning(pid)), 15_000);
      expect(await refusesConnections(port)).toBe(true);
    } finally {
      // A failed run must not leave a server behind for the next one.
      for (const pid of started.filter(isRunning)) process.kill(pid, 'SIGKILL');
    }
  });
});
