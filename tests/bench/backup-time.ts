import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IMAGE_WIDTHS } from '#shared/images.ts';
import { writeLargeCatalogue } from './large-catalogue.ts';

/**
 * `npm run bench:backup`: how long `npm run backup` takes on a large shop (the budget: a
 * 10,000-product shop with its pictures in under a minute; docs/operations.md#backups). Writes
 * BENCH_PRODUCTS products (default 10,000: the bench's catalogue) into a fresh DATA_DIR, gives each
 * product its own picture in every width (random bytes, which compress no better than WebP does:
 * 15 KB at 400 px, 45 KB at 800 px), then times the command itself, start to exit, as an operator
 * runs it. BENCH_DATA_DIR keeps the shop in that folder (made once, reused) instead of a temporary one.
 */
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const PICTURE_BYTES: Record<number, number> = { 400: 15_000, 800: 45_000 };

async function writePictures(uploads: string, count: number): Promise<number> {
  // The catalogue names /uploads/seed/<slug>-1.webp per demo product; here every product gets files of its own.
  const dir = path.join(uploads, 'products');
  await mkdir(dir, { recursive: true });
  let bytes = 0;
  for (let index = 0; index < count; index++) {
    for (const width of IMAGE_WIDTHS) {
      const size = PICTURE_BYTES[width] ?? 30_000;
      await writeFile(path.join(dir, `bench-${index}-${width}.webp`), randomBytes(size));
      bytes += size;
    }
  }
  return bytes;
}

function timeCommand(dataDir: string): Promise<{ ms: number; code: number | null; output: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'backup'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => resolve({ ms: performance.now() - started, code, output: output.trim() }));
  });
}

const kept = process.env.BENCH_DATA_DIR;
const dataDir = kept ?? (await mkdtemp(path.join(os.tmpdir(), 'cedar-backup-bench-')));
try {
  const made = await stat(path.join(dataDir, 'db')).then(
    () => true,
    () => false,
  );
  if (!made) {
    const seedStart = performance.now();
    await writeLargeCatalogue(dataDir, PRODUCTS);
    const bytes = await writePictures(path.join(dataDir, 'uploads'), PRODUCTS);
    console.log(
      `Shop written: ${PRODUCTS} products, ${PRODUCTS * IMAGE_WIDTHS.length} picture files (${(bytes / 1024 / 1024).toFixed(0)} MB) in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`,
    );
  }
  const run = await timeCommand(dataDir);
  console.log(run.output);
  if (run.code !== 0) throw new Error(`npm run backup exited ${run.code}`);
  const backups = await readdir(path.join(dataDir, 'backups'));
  const newest = backups
    .filter((name) => name.endsWith('.tar.gz'))
    .sort()
    .at(-1);
  const size = newest ? (await stat(path.join(dataDir, 'backups', newest))).size : 0;
  console.log(
    `npm run backup, ${PRODUCTS} products: ${(run.ms / 1000).toFixed(1)} s (archive ${(size / 1024 / 1024).toFixed(0)} MB; budget 60 s)`,
  );
} finally {
  if (!kept) await rm(dataDir, { recursive: true, force: true });
}
