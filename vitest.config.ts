import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Two projects: `server` (node) for the API, the shared rules and the API tests, and `web`
 * (happy-dom) for the browser code. vite.config.ts is not read by Vitest while this file exists.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: ONE on the 2-core CI machine, where the
    // run used less than a core (243 s). Most of a test file's time is waiting (a child server, a
    // database copy, module loading), so one worker per core halves it (137 s; docs/testing.md).
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'tests/api/**/*.test.ts'],
          // One migrated template database per run; each test file opens a fresh copy of it.
          globalSetup: ['tests/helpers/global-setup.ts'],
          // Each worker keeps its loaded modules from one file to the next: re-importing the
          // server (Fastify, Drizzle, PGlite, zod schemas) per file was about half of this
          // project's time. The files share no state: each opens its own database and app, and
          // restores any timer, spy or listener it changes (docs/testing.md, "Issue 32").
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        define: { 'import.meta.env.ADMIN_PANEL': 'true' },
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          // A test that writes to console.error fails (React's warnings and errors land there);
          // happy-dom learns the HTML elements it lacks, which React would otherwise report there.
          setupFiles: ['src/web/test/happy-dom-elements.ts', 'src/web/test/console-error-fails.ts'],
          // A screen test that renders and clicks through a form takes about 1–2 s alone but went
          // past the 5 s default on a loaded 2-core machine; the limit is there to catch hangs.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
