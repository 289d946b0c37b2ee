import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { measureFirstLoad, printBundleReport } from './bundle-report.ts';
import { buildWebApp, isWebBuildFresh } from './web-build.ts';

/**
 * `npm test`: type-check, lint, unit + API tests, web build (with the first-load budget), then
 * E2E in real Chromium. Every step runs even if an earlier one failed, so one run shows everything;
 * it ends with a summary (each step's time and the whole run's) and exits non-zero when anything
 * failed. `npm test -- --only=vitest,e2e` runs a subset (steps: typecheck, lint, vitest, build, e2e;
 * `pictures`, the E2E server's demo pictures, runs whenever e2e does).
 *
 * Steps run in phases (PHASES). Vitest has both cores to itself: several API tests time real
 * first starts (initdb, migrations, seed, `npm start`), and with type-check beside its two workers
 * on two cores they missed their bounds (process.test.ts, startup.test.ts). Type-check and lint
 * run alongside the build instead (their output is held and printed when the phase ends); the
 * build waits for Vitest (API tests start servers that read dist/web), E2E for the build.
 * docs/testing.md has the figures.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const REPORTS = path.join(ROOT, '.tmp/test-reports');
/** The E2E server's demo pictures, drawn by the `pictures` step (tests/helpers/e2e-pictures.ts). */
const E2E_PICTURES = path.join(ROOT, '.tmp/e2e-pictures');
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

/** Where a step writes: the terminal, or a buffer printed when its phase ends (a step running alongside). */
interface StepOutput {
  held: boolean;
  text: string;
}

function run(output: StepOutput, command: string, args: string[], env: Record<string, string> = {}): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: output.held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env, ...(output.held ? { FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } : {}) },
    });
    const hold = (chunk: Buffer) => {
      output.text += chunk;
    };
    child.stdout?.on('data', hold);
    child.stderr?.on('data', hold);
    child.on('exit', (code) => resolve(code === 0));
    child.on('error', (error) => {
      output.text += `${error.message}\n`;
      resolve(false);
    });
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

const steps: Record<string, (output: StepOutput) => Promise<Omit<StepResult, 'name' | 'seconds'>>> = {
  typecheck: async (output) => ({ ok: await run(output, bin('tsc'), ['-b', 'tsconfig.json']) }),
  lint: async (output) => ({ ok: await run(output, bin('biome'), ['check', '.']) }),
  vitest: async (output) => {
    const report = path.join(REPORTS, 'vitest.json');
    const ok = await run(output, bin('vitest'), [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ]);
    const counts = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number }>(report);
    return { ok, passed: counts?.numPassedTests, failed: counts?.numFailedTests, skipped: counts?.numPendingTests };
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
  // The E2E server's demo pictures, drawn while the type-check holds one core and the other is
  // free (tests/helpers/e2e-pictures.ts); without them the server draws them during E2E.
  pictures: async (output) => {
    try {
      const { drawDemoPictures } = await import('../tests/helpers/e2e-pictures.ts');
      await drawDemoPictures(E2E_PICTURES);
      return { ok: true };
    } catch (error) {
      output.text += `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`;
      return { ok: false };
    }
  },
  e2e: async (output) => {
    const json = path.join(REPORTS, 'playwright.json');
    const ok = await run(output, bin('playwright'), ['test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: json,
      // The @shop-wide tests after all the others (playwright.config.ts).
      E2E_SHOP_WIDE_LAST: '1',
      // The pictures the `pictures` step drew, when it finished (checked by the E2E server).
      E2E_SEED_PICTURES: E2E_PICTURES,
    });
    const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(json);
    return {
      ok,
      passed: report ? report.stats.expected + report.stats.flaky : undefined,
      failed: report?.stats.unexpected,
      skipped: report?.stats.skipped,
    };
  },
};

/**
 * Each phase's steps run at the same time; the first one has the terminal. Measured on the 2-core
 * machine (docs/testing.md): Vitest keeps about one core busy, so type-check and lint beside it
 * cost its run little; beside the build or E2E they would slow both.
 */
const PHASES: string[][] = [['vitest'], ['build', 'typecheck', 'lint', 'pictures'], ['e2e']];

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
const runStarted = performance.now();
const results: StepResult[] = [];
for (const phase of PHASES) {
  // `pictures` serves the E2E step: it runs whenever E2E does.
  const names = phase.filter((name) => !only || only.includes(name) || (name === 'pictures' && only.includes('e2e')));
  if (names.length === 0) continue;
  const [first, ...alongside] = names;
  console.log(`\n▶ ${first}${alongside.length > 0 ? ` (with ${alongside.join(', ')} alongside)` : ''}`);
  const outputs = names.map((name) => ({ name, output: { held: name !== first, text: '' } }));
  const phaseResults = await Promise.all(
    outputs.map(async ({ name, output }) => {
      const started = performance.now();
      const result = await (steps[name] as (typeof steps)[string])(output);
      return { name, seconds: (performance.now() - started) / 1000, ...result };
    }),
  );
  for (const { name, output } of outputs.filter(({ output }) => output.held)) {
    console.log(`\n▶ ${name}`);
    if (output.text) process.stdout.write(output.text.endsWith('\n') ? output.text : `${output.text}\n`);
  }
  results.push(...phaseResults);
}
const wallSeconds = (performance.now() - runStarted) / 1000;

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
const minutes = Math.floor(wallSeconds / 60);
console.log(`Wall time: ${minutes} min ${(wallSeconds - minutes * 60).toFixed(0)} s (${wallSeconds.toFixed(1)} s)`);
if (failedSteps.length > 0 || failed > 0) {
  console.log(`FAILED: ${failedSteps.join(', ') || 'tests'}`);
  process.exit(1);
}
console.log('All checks passed.');
