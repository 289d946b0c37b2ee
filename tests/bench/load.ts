import http from 'node:http';

export interface Scenario {
  name: string;
  method?: 'GET' | 'POST';
  path: string | (() => string);
  body?: () => unknown;
  /** Extra request headers, made per request (e.g. a fresh Idempotency-Key, as the web app sends). */
  headers?: () => Record<string, string>;
  /** Status codes that count as success (default: 200). */
  expect?: number[];
}

export interface ScenarioResult {
  name: string;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number;
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
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const url = new URL(baseUrl);
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + options.seconds * 1000;
  const accepted = scenario.expect ?? [200];

  const once = () =>
    new Promise<void>((resolve) => {
      const payload = scenario.body ? JSON.stringify(scenario.body()) : undefined;
      const path = typeof scenario.path === 'function' ? scenario.path() : scenario.path;
      const started = performance.now();
      const request = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: scenario.method ?? 'GET',
          path,
          headers: {
            ...scenario.headers?.(),
            ...(payload && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - started);
            if (!accepted.includes(response.statusCode ?? 0)) errors++;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors++;
        resolve();
      });
      if (payload) request.write(payload);
      request.end();
    });

  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    name: scenario.name,
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}
