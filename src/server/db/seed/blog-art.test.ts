import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_ART_HEIGHT, BLOG_ART_WIDTH, BLOG_ART_WIDTHS, renderBlogArtSvg, writeBlogImage } from './blog-art.ts';
import { DEMO_BLOG_POSTS } from './demo-blog.ts';
import { BLOG_PICTURE_JOBS, blogPictureBase } from './seed-pictures.ts';

const input = BLOG_PICTURE_JOBS[0]?.art ?? { seed: 'x', products: [] };

describe('renderBlogArtSvg', () => {
  it('is deterministic and differs from post to post', () => {
    expect(renderBlogArtSvg(input)).toBe(renderBlogArtSvg(structuredClone(input)));
    const svgs = BLOG_PICTURE_JOBS.map((job) => renderBlogArtSvg(job.art));
    expect(new Set(svgs).size).toBe(BLOG_PICTURE_JOBS.length);
  });

  it('is a self-contained 1200x630 SVG without text or external references', () => {
    for (const job of BLOG_PICTURE_JOBS) {
      const svg = renderBlogArtSvg(job.art);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"'), job.baseName).toBe(
        true,
      );
      expect(svg, job.baseName).not.toMatch(/<text|<image|href=|NaN|undefined/);
    }
  });

  it('shows each demo post with its main product and up to two more, one picture per post', () => {
    expect(BLOG_PICTURE_JOBS.map((job) => job.baseName)).toEqual(
      DEMO_BLOG_POSTS.map((post) => blogPictureBase(post.slug)),
    );
    for (const [index, job] of BLOG_PICTURE_JOBS.entries()) {
      expect(job.art.products[0]?.seed).toBe(DEMO_BLOG_POSTS[index]?.pictureOf);
      expect(job.art.products.length).toBeGreaterThanOrEqual(2);
      expect(job.art.products.length).toBeLessThanOrEqual(3);
    }
  });
});

describe('writeBlogImage', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cedar-blog-art-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes WebP at 400, 800 and 1200 px wide in the 1200:630 shape, the same bytes twice', async () => {
    const name = await writeBlogImage(dir, 'blog-demo', input);
    expect(name).toBe('blog-demo-1-1200.webp');
    expect((await readdir(dir)).sort()).toEqual(BLOG_ART_WIDTHS.map((width) => `blog-demo-1-${width}.webp`).sort());
    for (const width of BLOG_ART_WIDTHS) {
      const meta = await sharp(path.join(dir, `blog-demo-1-${width}.webp`)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        'webp',
        width,
        Math.round((width * BLOG_ART_HEIGHT) / BLOG_ART_WIDTH),
      ]);
    }
    const full = await sharp(path.join(dir, name)).stats();
    // Not blank: the channels vary across the picture.
    expect(full.channels.some((channel) => channel.stdev > 10)).toBe(true);
    const again = path.join(dir, 'again');
    await writeBlogImage(again, 'blog-demo', input);
    const first = await sharp(path.join(dir, name)).raw().toBuffer();
    const second = await sharp(path.join(again, name)).raw().toBuffer();
    expect(second.equals(first)).toBe(true);
  });
});
