import http from 'node:http';

/** One kind of request: what to send and which answers count as success. */
export interface RequestSpec {
  method?: 'GET' | 'POST';
  path: string | (() => string);
  body?: () => unknown;
  /** Extra request headers, made per request (e.g. a fresh Idempotency-Key, as the web app sends). */
  headers?: () => Record<string, string>;
  /** Status codes that count as success (default: 200). */
  expect?: number[];
}

/**
 * A scenario sends one kind of request, or (`next`) a mix: each request picks its kind and the
 * group it is reported in ("reads", "orders"), so a mixed load reports each group's latencies.
 */
export type Scenario = { name: string; connections?: number } & (
  | RequestSpec
  | { next: () => { group: string; request: RequestSpec } }
);

export interface LatencyStats {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface ScenarioResult extends LatencyStats {
  name: string;
  connections: number;
  /** Per group, for mixed scenarios (empty otherwise). */
  groups: Record<string, LatencyStats>;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number;
}

function statsOf(latencies: number[], errors: number, seconds: number): LatencyStats {
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests: sorted.length,
    errors,
    rps: sorted.length / seconds,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

/** Raw latencies of one or more runs of a scenario, per group. */
interface Tally {
  latencies: number[];
  errors: number;
  groups: Map<string, { latencies: number[]; errors: number }>;
  seconds: number;
}

/** How many unexpected answers per scenario are printed (status and start of the body). */
const REPORTED_ERRORS = 3;

const emptyTally = (): Tally => ({ latencies: [], errors: 0, groups: new Map(), seconds: 0 });

/**
 * A small closed-loop load generator: `connections` keep-alive clients send one request after
 * another for `seconds`, and every latency is kept, so p95 is exact (autocannon reports no p95).
 */
export async function runScenario(
  baseUrl: string,
  scenario: Scenario,
  options: { connections: number; seconds: number },
): Promise<ScenarioResult> {
  const tally = emptyTally();
  await load(baseUrl, scenario, options, tally);
  return summarise(scenario, scenario.connections ?? options.connections, tally);
}

/**
 * Runs the scenarios in turn, `rounds` times over (A B A B …), and reports each over all its
 * rounds: on a shared, noisy machine both then meet the same background load, so comparing
 * them (the mixed load against its read-only baseline) means something.
 */
export async function runInterleaved(
  baseUrl: string,
  scenarios: readonly Scenario[],
  options: { connections: number; seconds: number; rounds: number },
): Promise<ScenarioResult[]> {
  const tallies = scenarios.map(emptyTally);
  for (let round = 0; round < options.rounds; round++) {
    for (const [position, scenario] of scenarios.entries()) {
      await load(baseUrl, scenario, options, tallies[position] as Tally);
    }
  }
  return scenarios.map((scenario, position) =>
    summarise(scenario, scenario.connections ?? options.connections, tallies[position] as Tally),
  );
}

function summarise(scenario: Scenario, connections: number, tally: Tally): ScenarioResult {
  return {
    name: scenario.name,
    connections,
    ...statsOf(tally.latencies, tally.errors, tally.seconds),
    groups: Object.fromEntries(
      [...tally.groups].map(([group, counts]) => [group, statsOf(counts.latencies, counts.errors, tally.seconds)]),
    ),
  };
}

async function load(
  baseUrl: string,
  scenario: Scenario,
  options: { connections: number; seconds: number },
  tally: Tally,
): Promise<void> {
  const connections = scenario.connections ?? options.connections;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const url = new URL(baseUrl);
  const deadline = performance.now() + options.seconds * 1000;
  const nextRequest = () =>
    'next' in scenario ? scenario.next() : { group: undefined, request: scenario as RequestSpec };

  const once = () =>
    new Promise<void>((resolve) => {
      const { group, request: spec } = nextRequest();
      let groupTally = group === undefined ? undefined : tally.groups.get(group);
      if (group !== undefined && !groupTally) {
        groupTally = { latencies: [], errors: 0 };
        tally.groups.set(group, groupTally);
      }
      const accepted = spec.expect ?? [200];
      const payload = spec.body ? JSON.stringify(spec.body()) : undefined;
      const path = typeof spec.path === 'function' ? spec.path() : spec.path;
      const started = performance.now();
      const fail = () => {
        tally.errors++;
        if (groupTally) groupTally.errors++;
      };
      const request = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: spec.method ?? 'GET',
          path,
          headers: {
            ...spec.headers?.(),
            ...(payload && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (response) => {
          const refused = !accepted.includes(response.statusCode ?? 0);
          // An unexpected answer's body is kept for the first few, so a failing run says why.
          const chunks: Buffer[] = [];
          if (refused && tally.errors < REPORTED_ERRORS) response.on('data', (chunk: Buffer) => chunks.push(chunk));
          else response.resume();
          response.on('end', () => {
            const latency = performance.now() - started;
            tally.latencies.push(latency);
            groupTally?.latencies.push(latency);
            if (refused) {
              if (tally.errors < REPORTED_ERRORS) {
                const body = Buffer.concat(chunks).toString('utf8').slice(0, 300);
                console.error(`${spec.method ?? 'GET'} ${path}: ${response.statusCode} ${body}`);
              }
              fail();
            }
            resolve();
          });
        },
      );
      request.on('error', () => {
        fail();
        resolve();
      });
      if (payload) request.write(payload);
      request.end();
    });

  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  tally.seconds += (performance.now() - started) / 1000;
  agent.destroy();
}
