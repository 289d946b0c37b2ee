import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function startServer(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
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
});
