import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { BENCH_PROMO_CODES, ORDER_BENCH_STOCK, writeLargeCatalogue } from './large-catalogue.ts';

/**
 * `npm run bench:order-cost`: what ONE order costs in process, one after another (no queue), on
 * the bench's catalogue (BENCH_PRODUCTS, default 10,000) in the embedded database: wall time and
 * this process's CPU time per `POST /api/orders` through `app.inject`, median and p90 of
 * ORDER_COST_COUNT orders (default 400) after 100 to warm up, without and with a promo code.
 * CPU time counts only this process's work (the server and its embedded database), so it moves
 * far less than the HTTP bench's latencies on a loaded machine: the figure to compare before and
 * after a change to the order path (the bench's p95 at 10 connections is about ten of these).
 * ORDER_COST_PROFILE=<file>.cpuprofile writes a CPU profile of the measured orders alone (not the
 * catalogue's writing nor the warm-up), which a whole-process `node --cpu-prof` would drown.
 */
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const COUNT = Number(process.env.ORDER_COST_COUNT ?? 400);
const WARM_UP = 100;
const PROFILE = process.env.ORDER_COST_PROFILE;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cedar-order-cost-'));
try {
  await writeLargeCatalogue(dataDir, PRODUCTS);
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ kind: 'pglite', dataDir: config.paths.database });
  const app = await buildApp(config, {
    database,
    closeDatabase: true,
    serveWebApp: false,
    logger: false,
    secrets: { jwtSecret: 'order-cost-jwt-secret-0123456789abcdefghij', adminLoginPath: 'order-cost' },
    orderRateLimit: { limit: 1_000_000, windowMs: 60_000 },
    promoRateLimit: { limit: 1_000_000, windowMs: 60_000 },
  });
  try {
    await app.catalogue.fresh();
    // Orders are priced as a configured shop prices them (writeLargeCatalogue saved BENCH_SHOP_SETTINGS).
    if (app.settings.values.shipping.zones.beirut.rate !== 3) throw new Error('the bench shop has no delivery rates');
    // Products the bench keeps in stock (ORDER_BENCH_STOCK) that sell as their default variant.
    const found = (await database.db.execute(
      sql`select p.id from products p where p.is_active and p.stock_quantity >= ${ORDER_BENCH_STOCK / 2}
          and p.variations = '[]'::jsonb order by p.id limit 200`,
    )) as unknown as { rows: { id: string }[] };
    const orderable = found.rows.map((row) => row.id);
    if (orderable.length === 0) throw new Error('no orderable product');
    let seed = 1;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const body = (promo: boolean) => ({
      customer: { name: 'Bench Shopper', phone: `+96170${String(100000 + Math.floor(next() * 800000))}` },
      shipping_address: {
        city: 'Beirut',
        street: 'Hamra Street',
        building: 'Cedar Tower',
        floor: '4',
        governorate: 'beirut',
      },
      items: [
        ...new Set(
          Array.from({ length: 1 + Math.floor(next() * 3) }, () => orderable[Math.floor(next() * orderable.length)]),
        ),
      ].map((id) => ({ product_id: id as string, quantity: 1 + Math.floor(next() * 3) })),
      ...(promo && { promo_code: BENCH_PROMO_CODES[0] }),
    });
    const quantile = (values: number[], q: number) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
    };
    const profiler = PROFILE ? new Session() : undefined;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
    }
    for (const promo of [false, true]) {
      const wall: number[] = [];
      const cpu: number[] = [];
      for (let index = 0; index < WARM_UP + COUNT; index++) {
        if (profiler && index === WARM_UP) await profiler.post('Profiler.start');
        const payload = body(promo);
        const startedCpu = process.cpuUsage();
        const started = performance.now();
        const response = await app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { 'idempotency-key': `order-cost-${promo}-${index}` },
          payload,
        });
        const elapsed = performance.now() - started;
        const used = process.cpuUsage(startedCpu);
        if (response.statusCode !== 201) throw new Error(`order ${index}: ${response.statusCode} ${response.body}`);
        if (index < WARM_UP) continue;
        wall.push(elapsed);
        cpu.push((used.user + used.system) / 1000);
      }
      if (profiler && PROFILE) {
        const { profile } = await profiler.post('Profiler.stop');
        const file = promo ? PROFILE.replace(/(\.cpuprofile)?$/, '-promo.cpuprofile') : PROFILE;
        await writeFile(file, JSON.stringify(profile));
      }
      console.log(
        `${promo ? 'with a promo code' : 'plain order     '}: wall median ${quantile(wall, 0.5).toFixed(2)} ms, p90 ${quantile(wall, 0.9).toFixed(2)} ms; CPU median ${quantile(cpu, 0.5).toFixed(2)} ms, p90 ${quantile(cpu, 0.9).toFixed(2)} ms (${COUNT} orders, ${PRODUCTS} products)`,
      );
    }
  } finally {
    await app.close();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
