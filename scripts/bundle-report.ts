import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Measures what a shopper's browser downloads to show each storefront entry page: the entry chunk,
 * the page's lazy screen chunk and everything they import statically, for the home page, the
 * store, a product page and a blog post (the pages a shopper lands on). Fails when any of them
 * exceeds the budget of docs/engineering.md#budgets (110 KB gzip) or holds any admin code.
 */
const DIST = path.resolve(import.meta.dirname, '../dist/web');
export const FIRST_LOAD_BUDGET_BYTES = 110 * 1024;
/** The entry pages and their screen modules (the keys of Vite's manifest). */
const ENTRY_PAGES = [
  { page: 'home', screen: 'storefront/home/home-page.tsx' },
  { page: '/store', screen: 'storefront/store/store-page.tsx' },
  { page: 'product page', screen: 'storefront/product/product-page.tsx' },
  { page: 'blog post', screen: 'storefront/blog/blog-post-page.tsx' },
] as const;

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
  page: string;
  files: { file: string; gzipBytes: number }[];
  jsGzipBytes: number;
  cssGzipBytes: number;
  adminFiles: string[];
}

export function measureFirstLoad(): BundleReport[] {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const gzipped = new Map<string, number>();
  const gzipBytes = (file: string) => {
    let bytes = gzipped.get(file);
    if (bytes === undefined) {
      bytes = gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
      gzipped.set(file, bytes);
    }
    return bytes;
  };
  return ENTRY_PAGES.map(({ page, screen }) => {
    if (!manifest[screen]) throw new Error(`bundle report: ${screen} is not in the Vite manifest (renamed?)`);
    const roots = Object.entries(manifest).filter(([key, chunk]) => chunk.isEntry || key === screen);
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
    const sized = [...files].map((file) => ({ file, gzipBytes: gzipBytes(file) }));
    const sum = (pattern: RegExp) =>
      sized.filter((item) => pattern.test(item.file)).reduce((total, item) => total + item.gzipBytes, 0);
    return {
      page,
      files: sized.sort((a, b) => b.gzipBytes - a.gzipBytes),
      jsGzipBytes: sum(/\.js$/),
      cssGzipBytes: sum(/\.css$/),
      adminFiles: [...seen].filter((key) => /(^|\/)admin\//.test(key)),
    };
  });
}

export function printBundleReport(reports: readonly BundleReport[]): boolean {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  let ok = true;
  for (const report of reports) {
    console.log(`Storefront first load (${report.page}), gzip:`);
    for (const item of report.files) console.log(`  ${kb(item.gzipBytes).padStart(9)}  ${item.file}`);
    console.log(
      `  JS ${kb(report.jsGzipBytes)} of ${kb(FIRST_LOAD_BUDGET_BYTES)} budget, CSS ${kb(report.cssGzipBytes)}`,
    );
    if (report.jsGzipBytes > FIRST_LOAD_BUDGET_BYTES) {
      console.error(`  Over budget: the first-load JS of ${report.page} exceeds ${kb(FIRST_LOAD_BUDGET_BYTES)} gzip`);
      ok = false;
    }
    if (report.adminFiles.length > 0) {
      console.error(`  Admin code in the first load of ${report.page}: ${report.adminFiles.join(', ')}`);
      ok = false;
    }
  }
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(printBundleReport(measureFirstLoad()) ? 0 : 1);
}
