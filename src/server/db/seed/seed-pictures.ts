import { existsSync } from 'node:fs';
import path from 'node:path';
import { IMAGE_WIDTHS, imageUrlFor } from '#shared/images.ts';
import { type ArtKind, SEED_CATEGORIES, SEED_PRODUCTS } from './catalogue-data.ts';
import { writeProductImages } from './product-art.ts';
import { markSeedPicturesComplete, SEED_PICTURES_DIR } from './seed-pictures-done.ts';

/**
 * The demo catalogue's pictures, drawn after the shop starts serving instead of before: drawing
 * ~200 pictures is most of a first start (seconds on a quiet machine, a minute on a busy one),
 * while the rows only need the file names, which are fixed. A request for a picture not drawn yet
 * waits for it (and has it drawn next) rather than seeing a 404, and a start stopped halfway
 * draws the rest on the next one (seed-pictures-done.ts marks the set complete at the end).
 */

/** A picture set of one seeded product or category: `<baseName>-<n>-<width>.webp`, n = 1..count. */
export interface SeedPictureJob {
  baseName: string;
  count: number;
  art: { kind: ArtKind; hue: number; seed: string };
}

/**
 * Pictures drawn at once. Each is rasterised and encoded on libuv's thread pool (4 threads), which
 * also compresses HTML and reads files: two leave room for the shop that is already serving.
 */
const DRAW_CONCURRENCY = 2;

/** A stable hue per name, so each category tile gets its own tint. */
function hueFor(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return hash;
}

export const categoryPictureBase = (slug: string) => `category-${slug}`;

export const SEED_PICTURE_JOBS: readonly SeedPictureJob[] = [
  ...SEED_CATEGORIES.map((category) => ({
    baseName: categoryPictureBase(category.slug),
    count: 1,
    art: { kind: category.art, hue: hueFor(category.slug), seed: category.slug },
  })),
  ...SEED_PRODUCTS.map((product) => ({
    baseName: product.slug,
    // A product whose variants each show their own picture gets one per variant (decision 012).
    count: product.imageCount ?? 2,
    art: { kind: product.art.kind, hue: product.art.hue, seed: product.slug },
  })),
];

/** Every file of a job, at every width. */
function filesOf(job: SeedPictureJob): string[] {
  return Array.from({ length: job.count }, (_, index) => `${job.baseName}-${index + 1}`).flatMap((base) =>
    IMAGE_WIDTHS.map((width) => imageUrlFor(base, width)),
  );
}

export interface DrawProgress {
  drawn: number;
  total: number;
}

export class SeedPictureDrawer {
  private readonly uploadsDir: string;
  private readonly dir: string;
  private readonly jobByFile = new Map<string, SeedPictureJob>();
  private readonly drawing = new Map<SeedPictureJob, Promise<void>>();

  constructor(uploadsDir: string) {
    this.uploadsDir = uploadsDir;
    this.dir = path.join(uploadsDir, SEED_PICTURES_DIR);
    for (const job of SEED_PICTURE_JOBS) for (const file of filesOf(job)) this.jobByFile.set(file, job);
  }

  /** Draws every picture not on disk yet, a few at a time, then marks the set complete. */
  async drawAll(onProgress?: (progress: DrawProgress) => void): Promise<void> {
    const total = SEED_PICTURE_JOBS.reduce((sum, job) => sum + job.count, 0);
    let drawn = 0;
    let next = 0;
    const worker = async () => {
      while (next < SEED_PICTURE_JOBS.length) {
        const job = SEED_PICTURE_JOBS[next++] as SeedPictureJob;
        await this.draw(job);
        drawn += job.count;
        onProgress?.({ drawn, total });
      }
    };
    await Promise.all(Array.from({ length: DRAW_CONCURRENCY }, worker));
    await markSeedPicturesComplete(this.uploadsDir);
  }

  /**
   * For a request of `/uploads/<uploadPath>`: resolves once that file is on disk, drawing it now if
   * its turn has not come; undefined for any file that is not a demo picture.
   */
  whenDrawn(uploadPath: string): Promise<void> | undefined {
    const [folder, file, ...rest] = uploadPath.split('/');
    if (folder !== SEED_PICTURES_DIR || !file || rest.length > 0) return undefined;
    const job = this.jobByFile.get(file);
    return job && this.draw(job);
  }

  /** One job, once: concurrent callers share the drawing; files already on disk are kept. */
  private draw(job: SeedPictureJob): Promise<void> {
    let drawing = this.drawing.get(job);
    if (!drawing) {
      drawing = filesOf(job).every((file) => existsSync(path.join(this.dir, file)))
        ? Promise.resolve()
        : writeProductImages(this.dir, job.baseName, job.art, job.count).then(() => {});
      this.drawing.set(job, drawing);
    }
    return drawing;
  }
}
