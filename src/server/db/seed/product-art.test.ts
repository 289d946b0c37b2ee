import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageUrlFor, LARGEST_IMAGE_WIDTH } from '#shared/images.ts';
import type { ArtKind } from './catalogue-data.ts';
import { renderProductArtSvg, writeProductImages } from './product-art.ts';
import { ART_DRAWERS, createRng, hsl } from './product-art-shapes.ts';

const KINDS = Object.keys(ART_DRAWERS) as ArtKind[];

describe('renderProductArtSvg', () => {
  it('is deterministic', () => {
    const input = { kind: 'board', hue: 185, seed: 'arduino-uno-r3', variant: 0 } as const;
    expect(renderProductArtSvg(input)).toBe(renderProductArtSvg({ ...input }));
  });

  it('draws two products of the same kind and hue differently', () => {
    const pairs: [ArtKind, string, string][] = [
      ['board', 'arduino-uno-r3', 'arduino-uno-r3-compatible-ch340'],
      ['keyboard', 'keychron-k2-wireless-mechanical-keyboard', 'some-other-keyboard'],
      ['tool', 'uni-t-ut33d-plus-digital-multimeter', 'fluke-101-digital-multimeter'],
      ['component', 'resistor-kit-600-pcs', 'resistor-kit-1000-pcs'],
    ];
    for (const [kind, a, b] of pairs) {
      expect(renderProductArtSvg({ kind, hue: 200, seed: a, variant: 0 }), kind).not.toBe(
        renderProductArtSvg({ kind, hue: 200, seed: b, variant: 0 }),
      );
    }
  });

  it('makes each variant a different picture', () => {
    const svgs = [0, 1, 2].map((variant) =>
      renderProductArtSvg({ kind: 'router', hue: 200, seed: 'tp-link-archer-c6', variant }),
    );
    expect(new Set(svgs).size).toBe(3);
  });

  it('depends on the hue', () => {
    const at = (hue: number) => renderProductArtSvg({ kind: 'bulb', hue, seed: 'smart-bulb', variant: 0 });
    expect(at(40)).not.toBe(at(280));
    expect(at(400)).toBe(at(40));
  });

  it('is a self-contained 800x800 SVG without text or external references', () => {
    for (const kind of KINDS) {
      const svg = renderProductArtSvg({ kind, hue: 120, seed: `demo-${kind}`, variant: 0 });
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"'), kind).toBe(true);
      expect(svg.endsWith('</svg>'), kind).toBe(true);
      expect(svg, kind).not.toMatch(/<text|<image|href=|NaN|undefined/);
    }
  });

  it('renders every kind into an 800x800 raster that is not blank', async () => {
    for (const kind of KINDS) {
      const svg = renderProductArtSvg({ kind, hue: 30, seed: `demo-${kind}`, variant: 1 });
      const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height], kind).toEqual([800, 800]);
      const stats = await sharp(data, { raw: info }).stats();
      const spread = stats.channels.map((c) => c.max - c.min);
      expect(Math.max(...spread), kind).toBeGreaterThan(100);
    }
  });
});

describe('helpers', () => {
  it('converts hsl to hex', () => {
    expect(hsl(0, 100, 50)).toBe('#ff0000');
    expect(hsl(120, 100, 25)).toBe('#008000');
    expect(hsl(240, 100, 50)).toBe('#0000ff');
    expect(hsl(0, 0, 100)).toBe('#ffffff');
  });

  it('seeds the random generator from a string', () => {
    const draw = (seed: string) => Array.from({ length: 5 }, createRng(seed).next);
    expect(draw('a')).toEqual(draw('a'));
    expect(draw('a')).not.toEqual(draw('b'));
    for (const value of draw('c')) expect(value >= 0 && value < 1).toBe(true);
  });
});

describe('writeProductImages', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cedar-art-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes WebP files at every width and returns the largest ones', async () => {
    const outDir = path.join(dir, 'nested', 'seed');
    const names = await writeProductImages(outDir, 'arduino-uno-r3', {
      kind: 'board',
      hue: 185,
      seed: 'arduino-uno-r3',
    });
    expect(names).toEqual([
      imageUrlFor('arduino-uno-r3-1', LARGEST_IMAGE_WIDTH),
      imageUrlFor('arduino-uno-r3-2', LARGEST_IMAGE_WIDTH),
    ]);
    expect(names).toEqual(['arduino-uno-r3-1-800.webp', 'arduino-uno-r3-2-800.webp']);

    const files = (await readdir(outDir)).sort();
    const expected = [1, 2]
      .flatMap((n) => IMAGE_WIDTHS.map((width) => imageUrlFor(`arduino-uno-r3-${n}`, width)))
      .sort();
    expect(files).toEqual(expected);
    for (const n of [1, 2]) {
      for (const width of IMAGE_WIDTHS) {
        const meta = await sharp(path.join(outDir, imageUrlFor(`arduino-uno-r3-${n}`, width))).metadata();
        expect(meta.format).toBe('webp');
        expect([meta.width, meta.height]).toEqual([width, width]);
      }
    }
  });

  it('honours the image count', async () => {
    const names = await writeProductImages(
      dir,
      'category-networking',
      { kind: 'router', hue: 200, seed: 'networking' },
      1,
    );
    expect(names).toEqual(['category-networking-1-800.webp']);
    const three = await writeProductImages(dir, 'three', { kind: 'bulb', hue: 40, seed: 'three' }, 3);
    expect(three).toHaveLength(3);
  });
});
