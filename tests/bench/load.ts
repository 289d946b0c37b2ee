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

/**
 * A small closed-loop load generator: `connections` keep-alive clients send one request after
 * another for `seconds`, and every latency is kept, so p95 is exact (autocannon reports no p95).
 */
export async function runScenario(
  baseUrl: string,
  scenario: Scenario,
  options: { connections: number; seconds: number },
): Promise<ScenarioResult> {
  const connections = scenario.connections ?? options.connections;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const url = new URL(baseUrl);
  const latencies: number[] = [];
  let errors = 0;
  const groups = new Map<string, { latencies: number[]; errors: number }>();
  const deadline = performance.now() + options.seconds * 1000;
  const nextRequest = () =>
    'next' in scenario ? scenario.next() : { group: undefined, request: scenario as RequestSpec };

  const once = () =>
    new Promise<void>((resolve) => {
      const { group, request: spec } = nextRequest();
      const tally = group === undefined ? undefined : (groups.get(group) ?? { latencies: [], errors: 0 });
      if (group !== undefined && tally) groups.set(group, tally);
      const accepted = spec.expect ?? [200];
      const payload = spec.body ? JSON.stringify(spec.body()) : undefined;
      const path = typeof spec.path === 'function' ? spec.path() : spec.path;
      const started = performance.now();
      const fail = () => {
        errors++;
        if (tally) tally.errors++;
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
          response.resume();
          response.on('end', () => {
            const latency = performance.now() - started;
            latencies.push(latency);
            tally?.latencies.push(latency);
            if (!accepted.includes(response.statusCode ?? 0)) fail();
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
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    name: scenario.name,
    connections,
    ...statsOf(latencies, errors, elapsed),
    groups: Object.fromEntries(
      [...groups].map(([group, tally]) => [group, statsOf(tally.latencies, tally.errors, elapsed)]),
    ),
  };
}
