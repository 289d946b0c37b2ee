import { startServerProcess } from '../helpers/server-process.ts';
import { runScenario, type Scenario, type ScenarioResult } from './load.ts';

/**
 * `npm run bench`: starts the real server (built app, embedded database, demo seed) on a temp data
 * dir in its own process, then loads it from this process and prints p50/p95/p99 and req/s per
 * scenario against the budgets of DESIGN.md. Bounded in time; talks only to 127.0.0.1.
 * BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 10) tune it.
 */
const PORT = Number(process.env.BENCH_PORT ?? 4399);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const server = await startServerProcess(PORT);
const BASE = server.baseUrl;

async function firstProductSlug(): Promise<string> {
  const body = (await (await fetch(`${BASE}/api/products?limit=1`)).json()) as { data: { slug: string }[] };
  return body.data[0]?.slug ?? 'missing';
}

try {
  const slug = await firstProductSlug();
  const scenarios: (Scenario & { budgetP95Ms?: number })[] = [
    { name: 'GET /api/health', path: '/api/health' },
    { name: 'GET /api/products (page of 20)', path: '/api/products?limit=20', budgetP95Ms: 25 },
    { name: 'GET /api/products/{slug}', path: `/api/products/${slug}` },
    { name: 'GET /api/categories', path: '/api/categories' },
  ];
  const results: (ScenarioResult & { budgetP95Ms?: number })[] = [];
  for (const scenario of scenarios) {
    await runScenario(BASE, scenario, { connections: CONNECTIONS, seconds: 1 }); // warm-up
    results.push({
      ...(await runScenario(BASE, scenario, { connections: CONNECTIONS, seconds: SECONDS })),
      budgetP95Ms: scenario.budgetP95Ms,
    });
  }
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
  console.log(`\nCedar Shop bench: ${CONNECTIONS} connections, ${SECONDS} s per scenario, embedded database\n`);
  console.log(
    `${'scenario'.padEnd(34)}${'req/s'.padStart(8)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'p99'.padStart(9)}  errors  budget`,
  );
  for (const result of results) {
    const budget =
      result.budgetP95Ms === undefined
        ? ''
        : result.p95 <= result.budgetP95Ms
          ? `p95 ≤ ${result.budgetP95Ms} ms ok`
          : `p95 > ${result.budgetP95Ms} ms OVER`;
    console.log(
      `${result.name.padEnd(34)}${result.rps.toFixed(0).padStart(8)}${ms(result.p50)}${ms(result.p95)}${ms(result.p99)}${String(result.errors).padStart(8)}  ${budget}`,
    );
  }
  const failed = results.some((result) => result.errors > 0);
  if (failed) process.exitCode = 1;
} finally {
  await server.stop();
}
