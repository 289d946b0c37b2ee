import { existsSync } from 'node:fs';
import path from 'node:path';
import { IMAGE_WIDTHS, imageUrlFor } from '#shared/images.ts';
import { BLOG_ART_WIDTHS, type BlogArtInput, type BlogArtProduct, blogImageName, writeBlogImage } from './blog-art.ts';
import { type ArtKind, SEED_CATEGORIES, SEED_PRODUCTS } from './catalogue-data.ts';
import { DEMO_BLOG_POSTS, type DemoBlogPost } from './demo-blog.ts';
import { writeProductImages } from './product-art.ts';
import { markSeedPicturesComplete, SEED_PICTURES_DIR } from './seed-pictures-done.ts';

/**
 * The demo catalogue's pictures (and the demo blog posts', blog-art.ts), drawn after the shop starts serving instead of before: drawing
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

/** The picture of one demo blog post (blog-art.ts): one wide picture, `<baseName>-1-<width>.webp`. */
export interface BlogPictureJob {
  baseName: string;
  art: BlogArtInput;
}

export const blogPictureBase = (postSlug: string) => `blog-${postSlug}`;

const productArt = new Map(SEED_PRODUCTS.map((product) => [product.slug, product.art]));

/**
 * A post's products as its picture shows them, three at most: the main one (`pictureOf`), then the
 * products it embeds or links, those of another kind first so the scene is varied.
 */
function blogArtOf(post: DemoBlogPost): BlogArtInput {
  const named = [...post.content.matchAll(/data-product-card="([^"]+)"|href="\/product\/([^"]+)"/g)].map(
    (match) => (match[1] ?? match[2]) as string,
  );
  const candidates = [...new Set([post.pictureOf, ...named])].flatMap((slug) => {
    const art = productArt.get(slug);
    return art ? [{ kind: art.kind, hue: art.hue, seed: slug }] : [];
  });
  const [main, ...rest] = candidates;
  if (!main) return { seed: post.slug, products: [] };
  const kinds = new Set([main.kind]);
  const varied = rest.filter((product) => !kinds.has(product.kind) && kinds.add(product.kind));
  const products: BlogArtProduct[] = [main, ...varied, ...rest.filter((product) => !varied.includes(product))];
  return { seed: post.slug, products: products.slice(0, 3) };
}

export const BLOG_PICTURE_JOBS: readonly BlogPictureJob[] = DEMO_BLOG_POSTS.map((post) => ({
  baseName: blogPictureBase(post.slug),
  art: blogArtOf(post),
}));

/** What the drawer does for either kind of job: the files it writes, its pictures, and the drawing. */
interface DrawTask {
  files: string[];
  pictures: number;
  write: (dir: string) => Promise<unknown>;
}

const DRAW_TASKS: readonly DrawTask[] = [
  ...SEED_PICTURE_JOBS.map((job) => ({
    files: Array.from({ length: job.count }, (_, index) => `${job.baseName}-${index + 1}`).flatMap((base) =>
      IMAGE_WIDTHS.map((width) => imageUrlFor(base, width)),
    ),
    pictures: job.count,
    write: (dir: string) => writeProductImages(dir, job.baseName, job.art, job.count),
  })),
  ...BLOG_PICTURE_JOBS.map((job) => ({
    files: BLOG_ART_WIDTHS.map((width) => blogImageName(job.baseName, width)),
    pictures: 1,
    write: (dir: string) => writeBlogImage(dir, job.baseName, job.art),
  })),
];

export interface DrawProgress {
  drawn: number;
  total: number;
}

export class SeedPictureDrawer {
  private readonly uploadsDir: string;
  private readonly dir: string;
  private readonly jobByFile = new Map<string, DrawTask>();
  private readonly drawing = new Map<DrawTask, Promise<void>>();

  constructor(uploadsDir: string) {
    this.uploadsDir = uploadsDir;
    this.dir = path.join(uploadsDir, SEED_PICTURES_DIR);
    for (const job of DRAW_TASKS) for (const file of job.files) this.jobByFile.set(file, job);
  }

  /** Draws every picture not on disk yet, a few at a time, then marks the set complete. */
  async drawAll(onProgress?: (progress: DrawProgress) => void): Promise<void> {
    const total = DRAW_TASKS.reduce((sum, job) => sum + job.pictures, 0);
    let drawn = 0;
    let next = 0;
    const worker = async () => {
      while (next < DRAW_TASKS.length) {
        const job = DRAW_TASKS[next++] as DrawTask;
        await this.draw(job);
        drawn += job.pictures;
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
  private draw(job: DrawTask): Promise<void> {
    let drawing = this.drawing.get(job);
    if (!drawing) {
      drawing = job.files.every((file) => existsSync(path.join(this.dir, file)))
        ? Promise.resolve()
        : job.write(this.dir).then(() => {});
      this.drawing.set(job, drawing);
    }
    return drawing;
  }
}
