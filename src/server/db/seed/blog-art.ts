/**
 * Procedural pictures for the demo blog posts: a wide 1200 x 630 scene (the Open Graph size, so a
 * shared post previews sharply) of the post's products, drawn with the product pictures' own
 * drawers (product-art-shapes.ts) on plates over a tinted gradient with soft shapes. Like the
 * product pictures: local, deterministic, no fonts (no SVG <text>), same input, same picture.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS, imageUrlFor } from '#shared/images.ts';
import type { ArtKind } from './catalogue-data.ts';
import {
  ART_DRAWERS,
  circle,
  createRng,
  el,
  ellipse,
  fmt,
  group,
  hsl,
  paletteFor,
  rect,
} from './product-art-shapes.ts';

export const BLOG_ART_WIDTH = 1200;
export const BLOG_ART_HEIGHT = 630;
/** The widths a blog picture is written at: the responsive ones and the full Open Graph width. */
export const BLOG_ART_WIDTHS: readonly number[] = [...IMAGE_WIDTHS, BLOG_ART_WIDTH];

const WEBP_QUALITY = 80;
const WEBP_EFFORT = 2;

export interface BlogArtProduct {
  kind: ArtKind;
  hue: number;
  /** The product slug: the same seed as its own pictures, so it looks the same here. */
  seed: string;
}

export interface BlogArtInput {
  /** The post slug: varies the backdrop. */
  seed: string;
  /** The main product first; at most three are drawn. */
  products: readonly BlogArtProduct[];
}

interface Placement {
  x: number;
  y: number;
  scale: number;
}

/** Where one, two or three products stand: the main one largest, in front. */
function placements(count: number): Placement[] {
  if (count <= 1) return [{ x: 600, y: 318, scale: 0.7 }];
  if (count === 2) {
    return [
      { x: 760, y: 318, scale: 0.66 },
      { x: 370, y: 350, scale: 0.48 },
    ];
  }
  return [
    { x: 600, y: 312, scale: 0.64 },
    { x: 250, y: 360, scale: 0.42 },
    { x: 950, y: 360, scale: 0.42 },
  ];
}

const normalHue = (hue: number) => ((Math.round(hue) % 360) + 360) % 360;

function backdrop(hue: number, seed: string): string {
  const rng = createRng(`${seed}:blog-backdrop`);
  const second = normalHue(hue + (rng.chance(0.5) ? 38 : -38));
  const defs = el(
    'defs',
    {},
    el(
      'linearGradient',
      { id: 'bg', x1: 0, y1: 0, x2: 1, y2: 1 },
      el('stop', { offset: 0, 'stop-color': hsl(hue, 62, 95) }) +
        el('stop', { offset: 1, 'stop-color': hsl(second, 50, 84) }),
    ) +
      el(
        'pattern',
        { id: 'dots', width: 36, height: 36, patternUnits: 'userSpaceOnUse' },
        circle(18, 18, 2.6, hsl(second, 45, 70)),
      ),
  );
  // Large soft discs, a dotted band and a ring: shapes only, faint, behind the products.
  const discs = Array.from({ length: 3 }, (_, index) => {
    const tone = index === 1 ? hsl(second, 60, 88) : hsl(hue, 58, 86);
    return circle(rng.range(80, 1120), rng.range(40, 590), rng.range(150, 260), tone, { opacity: 0.6 });
  }).join('');
  const band = rect(rng.chance(0.5) ? 0 : 840, 0, 360, BLOG_ART_HEIGHT, 'url(#dots)', { opacity: 0.45 });
  const ring = circle(rng.range(200, 1000), rng.range(120, 510), 210, 'none', {
    stroke: hsl(hue, 50, 78),
    'stroke-width': 16,
    opacity: 0.45,
  });
  return defs + rect(0, 0, BLOG_ART_WIDTH, BLOG_ART_HEIGHT, 'url(#bg)') + discs + band + ring;
}

/** One product on its plate, with a floor shadow, drawn as on its own first picture. */
function productOnPlate(product: BlogArtProduct, place: Placement): string {
  const hue = normalHue(product.hue);
  const seed = product.seed.toLowerCase();
  const draw = ART_DRAWERS[product.kind] ?? ART_DRAWERS.module;
  const drawing = draw({ rng: createRng(`${seed}:${product.kind}`), pal: paletteFor(hue), seed });
  const plateRadius = 345 * place.scale;
  return [
    circle(place.x, place.y, plateRadius, '#ffffff', { opacity: 0.55 }),
    circle(place.x, place.y, plateRadius, 'none', { stroke: hsl(hue, 55, 80), 'stroke-width': 4, opacity: 0.7 }),
    ellipse(place.x, place.y + 275 * place.scale, 250 * place.scale, 26 * place.scale, '#0b1020', { opacity: 0.12 }),
    group(drawing, `translate(${fmt(place.x)} ${fmt(place.y)}) scale(${fmt(place.scale)})`),
  ].join('');
}

/** A 1200 x 630 SVG of one post's picture. */
export function renderBlogArtSvg(input: BlogArtInput): string {
  const products = input.products.slice(0, 3);
  const hue = normalHue(products[0]?.hue ?? 200);
  const places = placements(products.length);
  // Drawn back to front: the main product (first) last, so it stands in front of the others.
  const scene = products
    .map((product, index) => ({ product, place: places[index] as Placement }))
    .reverse()
    .map(({ product, place }) => productOnPlate(product, place))
    .join('');
  return el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      width: BLOG_ART_WIDTH,
      height: BLOG_ART_HEIGHT,
      viewBox: `0 0 ${BLOG_ART_WIDTH} ${BLOG_ART_HEIGHT}`,
    },
    backdrop(hue, input.seed.toLowerCase()) + scene,
  );
}

/** The file of a post's picture at `width` (`<baseName>-1-<width>.webp`, as the product pictures). */
export function blogImageName(baseName: string, width = BLOG_ART_WIDTH): string {
  return imageUrlFor(`${baseName}-1`, width);
}

/**
 * Renders the picture and writes it as WebP at every width of BLOG_ART_WIDTHS, each file whole or
 * not at all (written aside, then renamed). Returns the full-width file name.
 */
export async function writeBlogImage(outDir: string, baseName: string, input: BlogArtInput): Promise<string> {
  const { default: sharp } = await import('sharp');
  await mkdir(outDir, { recursive: true });
  const raster = await sharp(Buffer.from(renderBlogArtSvg(input)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const source = () => sharp(raster.data, { raw: raster.info });
  await Promise.all(
    BLOG_ART_WIDTHS.map(async (width) => {
      const height = Math.round((width * BLOG_ART_HEIGHT) / BLOG_ART_WIDTH);
      const pipeline = width === raster.info.width ? source() : source().resize(width, height);
      const webp = await pipeline.webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT }).toBuffer();
      const file = path.join(outDir, blogImageName(baseName, width));
      await writeFile(`${file}.partial`, webp);
      await rename(`${file}.partial`, file);
    }),
  );
  return blogImageName(baseName);
}
