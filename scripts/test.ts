import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { measureFirstLoad, printBundleReport } from './bundle-report.ts';
import { buildWebApp, isWebBuildFresh } from './web-build.ts';

/**
 * `npm test`: type-check, lint, unit + API tests, web build (with the first-load budget), then
 * E2E in real Chromium. Every step runs even if an earlier one failed, so one run shows everything;
 * it ends with a summary and exits non-zero when anything failed.
 * `npm test -- --only=vitest,e2e` runs a subset (steps: typecheck, lint, vitest, build, e2e).
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const REPORTS = path.join(ROOT, '.tmp/test-reports');
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');

interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
  passed?: number;
  failed?: number;
  skipped?: number;
}

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => resolve(code === 0));
    child.on('error', () => resolve(false));
  });
}

const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

const steps: Record<string, () => Promise<Omit<StepResult, 'name' | 'seconds'>>> = {
  typecheck: async () => ({ ok: await run(bin('tsc'), ['-b', 'tsconfig.json']) }),
  lint: async () => ({ ok: await run(bin('biome'), ['check', '.']) }),
  vitest: async () => {
    const output = path.join(REPORTS, 'vitest.json');
    const ok = await run(bin('vitest'), [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${output}`,
    ]);
    const report = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number }>(output);
    return { ok, passed: report?.numPassedTests, failed: report?.numFailedTests, skipped: report?.numPendingTests };
  },
  build: async () => {
    try {
      if (!isWebBuildFresh()) await buildWebApp();
      return { ok: printBundleReport(measureFirstLoad()) };
    } catch (error) {
      console.error(error);
      return { ok: false };
    }
  },
  e2e: async () => {
    const output = path.join(REPORTS, 'playwright.json');
    const ok = await run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: output });
    const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(
      output,
    );
    return {
      ok,
      passed: report ? report.stats.expected + report.stats.flaky : undefined,
      failed: report?.stats.unexpected,
      skipped: report?.stats.skipped,
    };
  },
};

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
const results: StepResult[] = [];
for (const [name, step] of Object.entries(steps)) {
  if (only && !only.includes(name)) continue;
  console.log(`\n▶ ${name}`);
  const started = performance.now();
  const result = await step();
  results.push({ name, seconds: (performance.now() - started) / 1000, ...result });
}

console.log('\nSummary');
for (const result of results) {
  const counts = result.passed === undefined ? '' : `  ${result.passed} passed, ${result.failed ?? 0} failed`;
  console.log(
    `  ${result.ok ? 'PASS' : 'FAIL'}  ${result.name.padEnd(10)} ${result.seconds.toFixed(1).padStart(6)} s${counts}`,
  );
}
const passed = results.reduce((total, result) => total + (result.passed ?? 0), 0);
const failedSteps = results.filter((result) => !result.ok).map((result) => result.name);
const skipped = results.reduce((total, result) => total + (result.skipped ?? 0), 0);
// A failed step that reported no failing test (type-check, lint, build, a crash) counts as one failure.
const failed = results.reduce(
  (total, result) => total + (result.ok ? (result.failed ?? 0) : Math.max(result.failed ?? 0, 1)),
  0,
);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (failedSteps.length > 0 || failed > 0) {
  console.log(`FAILED: ${failedSteps.join(', ') || 'tests'}`);
  process.exit(1);
}
console.log('All checks passed.');
