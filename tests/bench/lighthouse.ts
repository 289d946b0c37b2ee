import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../helpers/chromium.ts';
import { startServerProcess } from '../helpers/server-process.ts';

/**
 * `npm run lighthouse`: the storefront budgets of docs/engineering.md#budgets measured on the production build in
 * Chromium with Lighthouse's mobile defaults (simulated slow 4G, mid-range phone): performance
 * ≥ 95 and accessibility 100 on /, /store, a product page and a blog post. Each page is measured
 * LIGHTHOUSE_RUNS times (default 3) and judged by its median run (the run with the median
 * performance score: one run's score moves by a few points with the machine's load); the other
 * runs' scores are printed beside it as the spread. Exits 1 when a page's median misses.
 */
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4398);
const BUDGET = { performance: 95, accessibility: 100 };
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

type RunResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

const server = await startServerProcess(PORT);
const chromium = await findChromium();
const chrome = await chromeLauncher.launch({
  chromePath: chromium.executablePath,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});

let failed = false;
try {
  const products = (await (await fetch(`${server.baseUrl}/api/products/featured?limit=1`)).json()) as {
    data: { slug: string }[];
  };
  const posts = (await (await fetch(`${server.baseUrl}/api/blogs/posts?limit=1`)).json()) as {
    data: { slug: string }[];
  };
  const pages = [
    '/',
    '/store',
    `/product/${products.data[0]?.slug ?? 'missing'}`,
    `/blog/${posts.data[0]?.slug ?? 'missing'}`,
  ];
  console.log(`Lighthouse (mobile), ${chromium.source} Chromium, median of ${RUNS} runs per page\n`);
  console.log(
    `${'page'.padEnd(44)}${'perf'.padStart(6)}${'a11y'.padStart(6)}${'LCP'.padStart(9)}${'TBT'.padStart(8)}${'CLS'.padStart(7)}`,
  );
  for (const page of pages) {
    const runs: RunResult[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${server.baseUrl}${page}`, {
        port: chrome.port,
        onlyCategories: ['performance', 'accessibility'],
        output: 'json',
        logLevel: 'error',
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      runs.push(result);
    }
    // The median run by performance score (runs sorted; the middle one).
    runs.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
    const median = runs[Math.floor(runs.length / 2)] as RunResult;
    // LIGHTHOUSE_REPORT_DIR=dir keeps each page's median report (which elements shifted, what blocked).
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
      const name = page === '/' ? 'home' : page.replace(/^\//, '').replace(/\W+/g, '-');
      writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${name}.json`), median.report as string);
    }
    const { categories, audits } = median.lhr;
    const performance = Math.round((categories.performance?.score ?? 0) * 100);
    const accessibility = Math.round((categories.accessibility?.score ?? 0) * 100);
    const spread = runs.map((run) => Math.round((run.lhr.categories.performance?.score ?? 0) * 100)).join('/');
    const ok = performance >= BUDGET.performance && accessibility >= BUDGET.accessibility;
    failed ||= !ok;
    console.log(
      `${page.padEnd(44)}${String(performance).padStart(6)}${String(accessibility).padStart(6)}${audits['largest-contentful-paint']?.displayValue?.padStart(9)}${audits['total-blocking-time']?.displayValue?.padStart(8)}${audits['cumulative-layout-shift']?.displayValue?.padStart(7)}  ${ok ? 'ok' : 'BELOW BUDGET'}  (perf of the ${RUNS} runs: ${spread})`,
    );
    if (accessibility < 100) {
      for (const audit of Object.values(audits)) {
        if (audit.score === 0 && categories.accessibility?.auditRefs.some((ref) => ref.id === audit.id)) {
          console.log(`    a11y: ${audit.id}: ${audit.title}`);
        }
      }
    }
  }
  console.log(
    `\nBudget (median of ${RUNS} runs): performance ≥ ${BUDGET.performance}, accessibility = ${BUDGET.accessibility}`,
  );
} finally {
  chrome.kill();
  await server.stop();
}
process.exit(failed ? 1 : 0);
