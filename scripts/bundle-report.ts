import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Measures what a shopper's browser downloads to show the home page: the entry chunk, the home
 * screen's lazy chunk and everything they import statically. Fails when it exceeds the budget of
 * docs/engineering.md#budgets (100 KB gzip) or when any admin code is part of it.
 */
const DIST = path.resolve(import.meta.dirname, '../dist/web');
export const FIRST_LOAD_BUDGET_BYTES = 100 * 1024;
const HOME_SCREEN = /storefront\/home\//;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface BundleReport {
  files: { file: string; gzipBytes: number }[];
  jsGzipBytes: number;
  cssGzipBytes: number;
  adminFiles: string[];
}

export function measureFirstLoad(): BundleReport {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const roots = Object.entries(manifest).filter(
    ([key, chunk]) => chunk.isEntry || (chunk.isDynamicEntry && HOME_SCREEN.test(key)),
  );
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const [key] of roots) visit(key);

  const files = new Set<string>();
  for (const key of seen) {
    const chunk = manifest[key] as ManifestChunk;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  const sized = [...files].map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length,
  }));
  const sum = (pattern: RegExp) =>
    sized.filter((item) => pattern.test(item.file)).reduce((total, item) => total + item.gzipBytes, 0);
  return {
    files: sized.sort((a, b) => b.gzipBytes - a.gzipBytes),
    jsGzipBytes: sum(/\.js$/),
    cssGzipBytes: sum(/\.css$/),
    adminFiles: [...seen].filter((key) => /(^|\/)admin\//.test(key)),
  };
}

export function printBundleReport(report: BundleReport): boolean {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log('Storefront first load (home page), gzip:');
  for (const item of report.files) console.log(`  ${kb(item.gzipBytes).padStart(9)}  ${item.file}`);
  console.log(
    `  JS ${kb(report.jsGzipBytes)} of ${kb(FIRST_LOAD_BUDGET_BYTES)} budget, CSS ${kb(report.cssGzipBytes)}`,
  );
  let ok = true;
  if (report.jsGzipBytes > FIRST_LOAD_BUDGET_BYTES) {
    console.error('  Over budget: storefront first-load JS exceeds 100 KB gzip');
    ok = false;
  }
  if (report.adminFiles.length > 0) {
    console.error(`  Admin code in the storefront first load: ${report.adminFiles.join(', ')}`);
    ok = false;
  }
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(printBundleReport(measureFirstLoad()) ? 0 : 1);
}
