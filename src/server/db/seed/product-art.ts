/**
 * Procedural product pictures for the demo catalogue: a flat illustration of the product kind
 * (drawn in `product-art-shapes.ts`) on a soft background tinted with the product hue. Everything
 * is generated locally and deterministically: no network, no fonts (no SVG <text>), same input,
 * same picture. Variant 0 is the main picture; variants 1, 2... zoom, tilt and restyle it.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS, imageUrlFor, LARGEST_IMAGE_WIDTH } from '#shared/images.ts';
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
  type Rng,
  rect,
} from './product-art-shapes.ts';

export interface ProductArtInput {
  kind: ArtKind;
  hue: number;
  /** Usually the product slug; varies the details and picks kind variants by keyword. */
  seed: string;
  variant: number;
}

const SIZE = 800;
const WEBP_QUALITY = 80;
/** libwebp effort 0-6: 2 halves the encoding time of the default 4 for ~6% larger files. */
const WEBP_EFFORT = 2;

interface Framing {
  scale: number;
  rotate: number;
  dx: number;
  dy: number;
  style: 'soft' | 'radial' | 'deep';
}

/** Variant 0 shows the whole product; the others zoom in, tilt and change the backdrop. */
function framingFor(variant: number, rng: Rng): Framing {
  const turn = rng.chance(0.5) ? 1 : -1;
  const cycle = variant % 3;
  const extra = Math.floor(variant / 3) * 4;
  if (cycle === 0 && variant === 0) return { scale: 1, rotate: 0, dx: 0, dy: 0, style: 'soft' };
  if (cycle === 1) return { scale: 1.2, rotate: turn * (7 + extra), dx: turn * -30, dy: 30, style: 'radial' };
  if (cycle === 2) return { scale: 0.9, rotate: -turn * (5 + extra), dx: 0, dy: 0, style: 'deep' };
  return { scale: 1.05, rotate: turn * extra, dx: 0, dy: 0, style: 'soft' };
}

function gradientDefs(hue: number, style: Framing['style']): string {
  const stops = (from: string, to: string) =>
    el('stop', { offset: 0, 'stop-color': from }) + el('stop', { offset: 1, 'stop-color': to });
  if (style === 'radial')
    return el('radialGradient', { id: 'bg', cx: 0.5, cy: 0.45, r: 0.75 }, stops(hsl(hue, 70, 96), hsl(hue, 45, 80)));
  if (style === 'deep')
    return el('linearGradient', { id: 'bg', x1: 0, y1: 0, x2: 0, y2: 1 }, stops(hsl(hue, 32, 30), hsl(hue, 38, 17)));
  return el('linearGradient', { id: 'bg', x1: 0, y1: 0, x2: 1, y2: 1 }, stops(hsl(hue, 60, 96), hsl(hue, 48, 87)));
}

/** A faint decoration behind the product: dots, rings or a large blob, chosen by the seed. */
function decoration(hue: number, style: Framing['style'], rng: Rng): string {
  const tone = style === 'deep' ? hsl(hue, 40, 40) : hsl(hue, 55, 80);
  const pattern = rng.int(0, 2);
  if (pattern === 0) {
    // A tiled pattern: hundreds of separate dots would cost more to rasterise than the product.
    const tile = el(
      'pattern',
      { id: 'dots', width: 48, height: 96, patternUnits: 'userSpaceOnUse' },
      circle(40, 40, 3, tone) + circle(16, 88, 3, tone),
    );
    return el('defs', {}, tile) + rect(0, 0, SIZE, SIZE, 'url(#dots)', { opacity: 0.55 });
  }
  if (pattern === 1) {
    const cx = rng.range(150, 650);
    const cy = rng.range(150, 650);
    return [200, 280, 360, 440]
      .map((r) => circle(cx, cy, r, 'none', { stroke: tone, 'stroke-width': 14, opacity: 0.35 }))
      .join('');
  }
  return circle(rng.range(300, 500), rng.range(320, 440), 300, tone, { opacity: 0.45 });
}

function background(hue: number, style: Framing['style'], rng: Rng): string {
  return [
    el('defs', {}, gradientDefs(hue, style)),
    rect(0, 0, SIZE, SIZE, 'url(#bg)'),
    decoration(hue, style, rng),
  ].join('');
}

function floorShadow(style: Framing['style']): string {
  return ellipse(400, 665, 270, 30, '#0b1020', { opacity: style === 'deep' ? 0.35 : 0.1 });
}

/** A square 800 x 800 SVG of one product picture. */
export function renderProductArtSvg(input: ProductArtInput): string {
  const hue = ((Math.round(input.hue) % 360) + 360) % 360;
  const seed = input.seed.toLowerCase();
  const variant = Math.max(0, Math.floor(input.variant));
  const frameRng = createRng(`${seed}:frame:${variant}`);
  const framing = framingFor(variant, frameRng);
  // The fallback only matters for a kind that reached us untyped (e.g. from stored data).
  const draw = ART_DRAWERS[input.kind] ?? ART_DRAWERS.module;
  const drawing = draw({ rng: createRng(`${seed}:${input.kind}`), pal: paletteFor(hue), seed });
  const transform = `translate(${fmt(400 + framing.dx)} ${fmt(390 + framing.dy)}) rotate(${fmt(framing.rotate)}) scale(${fmt(framing.scale * 1.04)})`;
  const body = [
    background(hue, framing.style, createRng(`${seed}:bg:${variant}`)),
    floorShadow(framing.style),
    group(drawing, transform),
  ].join('');
  return el(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', width: SIZE, height: SIZE, viewBox: `0 0 ${SIZE} ${SIZE}` },
    body,
  );
}

/** The file names `writeProductImages` gives `count` pictures of `baseName`, at the largest width. */
export function productImageNames(baseName: string, count = 2): string[] {
  return Array.from({ length: count }, (_, index) => imageUrlFor(`${baseName}-${index + 1}`, LARGEST_IMAGE_WIDTH));
}

/**
 * Renders `count` pictures of a product and writes each as WebP at every width of IMAGE_WIDTHS
 * (`<baseName>-<n>-<width>.webp`, n from 1). Returns the file names at the largest width. Each
 * file appears whole or not at all (written aside, then renamed), so a start stopped halfway
 * leaves no truncated picture behind.
 */
export async function writeProductImages(
  outDir: string,
  baseName: string,
  input: { kind: ArtKind; hue: number; seed: string },
  count = 2,
): Promise<string[]> {
  // Loaded when drawing, not with the seed: a start that only checks the seed (a shop that already
  // has data) keeps libvips out of its memory (docs/architecture.md "Memory").
  const { default: sharp } = await import('sharp');
  await mkdir(outDir, { recursive: true });
  const names: string[] = [];
  for (let variant = 0; variant < count; variant++) {
    const base = `${baseName}-${variant + 1}`;
    const svg = Buffer.from(renderProductArtSvg({ ...input, variant }));
    // Opaque backgrounds: dropping alpha makes encoding faster and the files smaller.
    const raster = await sharp(svg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const source = () => sharp(raster.data, { raw: raster.info });
    await Promise.all(
      IMAGE_WIDTHS.map(async (width) => {
        const pipeline = width === raster.info.width ? source() : source().resize(width, width);
        const webp = await pipeline.webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT }).toBuffer();
        const file = path.join(outDir, imageUrlFor(base, width));
        await writeFile(`${file}.partial`, webp);
        await rename(`${file}.partial`, file);
      }),
    );
    names.push(imageUrlFor(base, LARGEST_IMAGE_WIDTH));
  }
  return names;
}
