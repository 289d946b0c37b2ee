/**
 * The per-kind drawings of `product-art.ts`: flat, font-free SVG illustrations of electronics,
 * each drawn around the origin in a box of about 560 x 460 units. A drawing takes its colours from
 * the product hue and its details (chip count, LED colours, which variant of a kind) from a random
 * generator seeded by the product slug, so the same product always looks the same. A few kinds
 * also look for words in the slug ("ultrasonic", "nvme", "servo") to pick the right variant.
 */
import type { ArtKind } from './catalogue-data.ts';

// ------------------------------------------------------------------ randomness

export interface Rng {
  next(): number;
  range(min: number, max: number): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

/** FNV-1a, 32 bits. */
export function hashString(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

/** mulberry32 seeded from a string: deterministic and good enough for pictures. */
export function createRng(seed: string): Rng {
  let state = hashString(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    chance: (probability) => next() < probability,
  };
}

// ------------------------------------------------------------------ colour

/** `hsl(h s% l%)` as `#rrggbb` (librsvg and every viewer read hex). */
export function hsl(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = Math.min(100, Math.max(0, saturation)) / 100;
  const l = Math.min(100, Math.max(0, lightness)) / 100;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const v = u < 1 / 6 ? p + (q - p) * 6 * u : u < 1 / 2 ? q : u < 2 / 3 ? p + (q - p) * (2 / 3 - u) * 6 : p;
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(h + 1 / 3)}${channel(h)}${channel(h - 1 / 3)}`;
}

export interface Palette {
  hue: number;
  accent: string;
  accentDark: string;
  accentDeep: string;
  accentLight: string;
  accentPale: string;
}

export function paletteFor(hue: number): Palette {
  return {
    hue,
    accent: hsl(hue, 68, 52),
    accentDark: hsl(hue, 60, 38),
    accentDeep: hsl(hue, 55, 25),
    accentLight: hsl(hue, 75, 72),
    accentPale: hsl(hue, 70, 91),
  };
}

export const INK = '#22262e';
export const INK_2 = '#30353f';
export const INK_3 = '#474e5b';
export const METAL = '#c4cad3';
export const METAL_DARK = '#8d95a2';
export const METAL_LIGHT = '#e7eaef';
export const WHITE = '#ffffff';
export const OFF_WHITE = '#f1f3f6';
export const GOLD = '#dcae48';
export const GOLD_DARK = '#a97f25';
const SCREEN_CYAN = '#6fe3ff';
const LED_COLOURS = ['#ff4d4d', '#39d353', '#3aa0ff', '#ffb020', '#ffffff'] as const;

// ------------------------------------------------------------------ SVG primitives

export type Attrs = Record<string, string | number | undefined>;
type Point = readonly [number, number];

export const fmt = (value: number) => String(Math.round(value * 100) / 100);

/** Shapes whose `opacity` becomes fill- and stroke-opacity (see `el`). */
const LEAF_SHAPES = new Set(['rect', 'circle', 'ellipse', 'path', 'polygon', 'line']);

/**
 * One SVG element. On a single shape, `opacity` is written as `fill-opacity` + `stroke-opacity`:
 * it looks the same but spares librsvg an offscreen layer per element (about 40% faster to render).
 */
export function el(tag: string, attrs: Attrs, children = ''): string {
  let out = `<${tag}`;
  const { opacity, ...rest } = attrs;
  const final: Attrs =
    opacity !== undefined && LEAF_SHAPES.has(tag)
      ? { ...rest, 'fill-opacity': opacity, 'stroke-opacity': opacity }
      : attrs;
  for (const [key, value] of Object.entries(final)) {
    if (value !== undefined) out += ` ${key}="${typeof value === 'number' ? fmt(value) : value}"`;
  }
  return children ? `${out}>${children}</${tag}>` : `${out}/>`;
}

export const rect = (x: number, y: number, w: number, h: number, fill: string, a: Attrs = {}) =>
  el('rect', { x, y, width: w, height: h, fill, ...a });
export const rrect = (x: number, y: number, w: number, h: number, r: number, fill: string, a: Attrs = {}) =>
  el('rect', { x, y, width: w, height: h, rx: r, fill, ...a });
export const circle = (cx: number, cy: number, r: number, fill: string, a: Attrs = {}) =>
  el('circle', { cx, cy, r, fill, ...a });
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, a: Attrs = {}) =>
  el('ellipse', { cx, cy, rx, ry, fill, ...a });
export const path = (d: string, fill: string, a: Attrs = {}) => el('path', { d, fill, ...a });
export const poly = (points: readonly Point[], fill: string, a: Attrs = {}) =>
  el('polygon', { points: points.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(' '), fill, ...a });
export const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, a: Attrs = {}) =>
  el('line', { x1, y1, x2, y2, stroke, 'stroke-width': width, 'stroke-linecap': 'round', ...a });
export const group = (children: string | readonly string[], transform?: string, a: Attrs = {}) =>
  el('g', { transform, ...a }, typeof children === 'string' ? children : children.join(''));
/** A thick stroked path (cables, wires, handles). */
export const stroke = (d: string, colour: string, width: number, a: Attrs = {}) =>
  path(d, 'none', {
    stroke: colour,
    'stroke-width': width,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    ...a,
  });

/** A rounded slab seen slightly from above: a darker edge under the top face. */
export function slab(
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
  top: string,
  side: string,
  depth = 12,
): string {
  return rrect(x, y + depth, w, h, r, side) + rrect(x, y, w, h, r, top);
}

/** A box in oblique projection: front face, top face and right side. Rounded by a same-colour stroke. */
export function box3d(
  x: number,
  y: number,
  w: number,
  h: number,
  depth: number,
  colours: { front: string; top: string; side: string },
): string {
  const dx = depth * 0.55;
  const dy = -depth * 0.42;
  const soft = (fill: string) => ({ stroke: fill, 'stroke-width': 10, 'stroke-linejoin': 'round' });
  return [
    poly(
      [
        [x, y],
        [x + dx, y + dy],
        [x + w + dx, y + dy],
        [x + w, y],
      ],
      colours.top,
      soft(colours.top),
    ),
    poly(
      [
        [x + w, y],
        [x + w + dx, y + dy],
        [x + w + dx, y + h + dy],
        [x + w, y + h],
      ],
      colours.side,
      soft(colours.side),
    ),
    rect(x, y, w, h, colours.front, soft(colours.front)),
  ].join('');
}

/** A soft white sheen over the upper-left part of a shape. */
export const sheen = (x: number, y: number, w: number, h: number, r: number, opacity = 0.18) =>
  rrect(x, y, w, h, r, WHITE, { opacity });

export function ledGlow(cx: number, cy: number, colour: string, r = 7): string {
  return (
    circle(cx, cy, r * 3.2, colour, { opacity: 0.18 }) +
    circle(cx, cy, r * 1.8, colour, { opacity: 0.3 }) +
    circle(cx, cy, r, colour)
  );
}

/** A female/male pin header strip: black plastic with gold pins. */
export function header(x: number, y: number, pins: number, rows = 1, pitch = 22): string {
  const w = pins * pitch;
  const h = rows * pitch;
  const parts = [rrect(x, y, w, h, 3, INK)];
  for (let r = 0; r < rows; r++) {
    for (let i = 0; i < pins; i++) {
      const cx = x + pitch * i + pitch / 2;
      const cy = y + pitch * r + pitch / 2;
      parts.push(rect(cx - pitch * 0.22, cy - pitch * 0.22, pitch * 0.44, pitch * 0.44, GOLD));
    }
  }
  return parts.join('');
}

/** Male pins sticking out of a board edge, downwards. */
export function pinLegs(x: number, y: number, pins: number, length: number, pitch = 24): string {
  const parts = [rrect(x, y, pins * pitch, 18, 3, INK)];
  for (let i = 0; i < pins; i++) parts.push(rect(x + pitch * i + pitch / 2 - 3.5, y + 18, 7, length, GOLD));
  return parts.join('');
}

/** A square chip with legs on four sides (QFP). */
export function chipQfp(cx: number, cy: number, size: number, body = INK): string {
  const legs: string[] = [];
  const count = Math.max(4, Math.round(size / 12));
  const step = (size * 0.8) / count;
  const start = -size * 0.4 + step / 2;
  for (let i = 0; i < count; i++) {
    const o = start + i * step;
    legs.push(rect(cx + o - 2, cy - size / 2 - 7, 4, 8, METAL));
    legs.push(rect(cx + o - 2, cy + size / 2 - 1, 4, 8, METAL));
    legs.push(rect(cx - size / 2 - 7, cy + o - 2, 8, 4, METAL));
    legs.push(rect(cx + size / 2 - 1, cy + o - 2, 8, 4, METAL));
  }
  return [
    ...legs,
    rrect(cx - size / 2, cy - size / 2, size, size, 5, body),
    rrect(cx - size / 2 + 5, cy - size / 2 + 5, size - 10, size - 10, 3, INK_2),
    circle(cx - size / 2 + 14, cy - size / 2 + 14, 4, INK_3),
  ].join('');
}

/** A rectangular chip with legs on its long sides (SOIC when small, DIP when large). */
export function chipDual(cx: number, cy: number, w: number, h: number, legs: number, leg = METAL): string {
  const parts: string[] = [];
  const step = w / legs;
  for (let i = 0; i < legs; i++) {
    const x = cx - w / 2 + step * i + step / 2 - step * 0.18;
    parts.push(rect(x, cy - h / 2 - 8, step * 0.36, 9, leg), rect(x, cy + h / 2 - 1, step * 0.36, 9, leg));
  }
  parts.push(rrect(cx - w / 2, cy - h / 2, w, h, 4, INK), circle(cx - w / 2 + 9, cy, Math.min(5, h / 5), INK_3));
  return parts.join('');
}

export function screwTerminal(x: number, y: number, ways: number, colour: string): string {
  const w = ways * 36;
  const parts = [rrect(x, y, w, 46, 5, colour), rect(x, y + 30, w, 16, '#000000', { opacity: 0.15 })];
  for (let i = 0; i < ways; i++) {
    const cx = x + 18 + i * 36;
    parts.push(circle(cx, y + 17, 11, METAL), line(cx - 7, y + 17, cx + 7, y + 17, METAL_DARK, 3));
  }
  return parts.join('');
}

export function usbC(cx: number, cy: number, w = 60, h = 22): string {
  const r = Math.min(w, h) / 2;
  const inset = Math.min(w, h) * 0.24;
  return (
    rrect(cx - w / 2, cy - h / 2, w, h, r, METAL) +
    rrect(cx - w / 2 + inset, cy - h / 2 + inset, w - 2 * inset, h - 2 * inset, r - inset, INK)
  );
}

export function usbA(cx: number, cy: number, w = 70, h = 30): string {
  return (
    rrect(cx - w / 2, cy - h / 2, w, h, 3, METAL) +
    rect(cx - w / 2 + 5, cy - h / 2 + 5, w - 10, h - 10, INK) +
    rect(cx - w / 2 + 9, cy - h / 2 + 5, w - 18, h / 3, '#3d7bd8')
  );
}

/** Seven-segment digits (`0-9`, `.`, `-`, space), unlit segments faintly visible. */
export function sevenSeg(x: number, y: number, height: number, text: string, on: string, off: string): string {
  const SEGMENTS: Record<string, string> = {
    '0': 'abcdef',
    '1': 'bc',
    '2': 'abged',
    '3': 'abgcd',
    '4': 'fgbc',
    '5': 'afgcd',
    '6': 'afgedc',
    '7': 'abc',
    '8': 'abcdefg',
    '9': 'abcdfg',
    '-': 'g',
    ' ': '',
  };
  const w = height * 0.52;
  const t = height * 0.13;
  const parts: string[] = [];
  let cursor = x;
  for (const ch of text) {
    if (ch === '.') {
      parts.push(rect(cursor - w * 0.22, y + height - t, t, t, on));
      continue;
    }
    const lit = SEGMENTS[ch] ?? '';
    const half = height / 2;
    const seg: Record<string, readonly [number, number, number, number]> = {
      a: [cursor + t, y, w - 2 * t, t],
      b: [cursor + w - t, y + t, t, half - 1.5 * t],
      c: [cursor + w - t, y + half + t / 2, t, half - 1.5 * t],
      d: [cursor + t, y + height - t, w - 2 * t, t],
      e: [cursor, y + half + t / 2, t, half - 1.5 * t],
      f: [cursor, y + t, t, half - 1.5 * t],
      g: [cursor + t, y + half - t / 2, w - 2 * t, t],
    };
    for (const [name, [sx, sy, sw, sh]] of Object.entries(seg)) {
      parts.push(rrect(sx, sy, sw, sh, t / 2.5, lit.includes(name) ? on : off));
    }
    cursor += w + height * 0.24;
  }
  return parts.join('');
}

/** A cable drawn as a thick path with a lighter centre line. */
export function cableStroke(d: string, colour: string, width: number, highlight = 0.22): string {
  return (
    stroke(d, colour, width) +
    stroke(d, WHITE, width * 0.22, { opacity: highlight, transform: `translate(${-width * 0.18} ${-width * 0.18})` })
  );
}

// ------------------------------------------------------------------ drawing context

export interface ArtContext {
  rng: Rng;
  pal: Palette;
  /** The product slug, lowercase, for keyword hints. */
  seed: string;
}

const has = (ctx: ArtContext, ...words: string[]) => words.some((word) => ctx.seed.includes(word));
const ledColour = (ctx: ArtContext) => ctx.rng.pick(LED_COLOURS);

// ------------------------------------------------------------------ boards

function pcbColour(ctx: ArtContext): string {
  if (has(ctx, 'raspberry', 'pico')) return hsl(145, 62, 30);
  return hsl(ctx.pal.hue, 58, 30);
}

function mountingHoles(points: readonly Point[], pcb: string): string {
  return points
    .map(
      ([x, y]) =>
        circle(x, y, 15, GOLD) +
        circle(x, y, 8, hsl(0, 0, 12)) +
        circle(x, y, 15, 'none', { stroke: pcb, 'stroke-width': 1, opacity: 0.3 }),
    )
    .join('');
}

function traces(ctx: ArtContext, x: number, y: number, w: number, h: number, colour: string): string {
  const out: string[] = [];
  const count = ctx.rng.int(5, 8);
  for (let i = 0; i < count; i++) {
    const sx = x + ctx.rng.range(0.05, 0.95) * w;
    const sy = y + ctx.rng.range(0.1, 0.9) * h;
    const mx = Math.min(x + w, Math.max(x, sx + ctx.rng.range(-0.3, 0.3) * w));
    const my = y + ctx.rng.range(0.1, 0.9) * h;
    out.push(
      stroke(`M${fmt(sx)} ${fmt(sy)} L${fmt(sx)} ${fmt(my - (my - sy) * 0.3)} L${fmt(mx)} ${fmt(my)}`, colour, 4, {
        opacity: 0.55,
      }),
    );
  }
  return out.join('');
}

function passives(ctx: ArtContext, x: number, y: number, count: number, vertical = false): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const body = ctx.rng.pick(['#b9a27a', '#3b3f47', '#9aa3ae']);
    const px = vertical ? x : x + i * 24;
    const py = vertical ? y + i * 24 : y;
    out.push(
      vertical
        ? rect(px, py, 22, 12, METAL) + rect(px + 5, py, 12, 12, body)
        : rect(px, py, 12, 22, METAL) + rect(px, py + 5, 12, 12, body),
    );
  }
  return out.join('');
}

/** ESP32-style RF module: metal shield with the antenna meander on bare PCB above it. */
function rfModule(cx: number, cy: number, w: number, h: number, board: string): string {
  const antennaH = h * 0.28;
  const top = cy - h / 2;
  const meander: string[] = [];
  const legs = 7;
  for (let i = 0; i < legs; i++) {
    const x = cx - w * 0.38 + (i * w * 0.76) / (legs - 1);
    meander.push(`${i === 0 ? 'M' : 'L'}${fmt(x)} ${fmt(top + (i % 2 === 0 ? antennaH * 0.25 : antennaH * 0.8))}`);
    if (i < legs - 1)
      meander.push(
        `L${fmt(x + (w * 0.76) / (legs - 1))} ${fmt(top + (i % 2 === 0 ? antennaH * 0.25 : antennaH * 0.8))}`,
      );
  }
  return [
    rrect(cx - w / 2, top, w, h, 6, hsl(0, 0, 14)),
    rrect(cx - w / 2 + 4, top + 4, w - 8, antennaH - 4, 4, board),
    stroke(meander.join(' '), GOLD, 5),
    rrect(cx - w / 2 + 8, top + antennaH + 6, w - 16, h - antennaH - 14, 6, METAL),
    rrect(cx - w / 2 + 8, top + antennaH + 6, w - 16, (h - antennaH - 14) * 0.4, 6, METAL_LIGHT, { opacity: 0.6 }),
    circle(cx - w / 2 + 24, top + h - 24, 6, METAL_DARK),
  ].join('');
}

function longBoard(ctx: ArtContext, pcb: string, edge: string): string {
  const w = 470;
  const h = 180;
  const x = -w / 2;
  const y = -h / 2;
  const pins = 15;
  const wireless = has(ctx, 'esp', 'pico-w', 'zero', 'c3');
  const parts = [
    slab(x, y, w, h, 14, pcb, edge, 12),
    traces(ctx, x + 30, y + 40, w - 60, h - 80, hsl(ctx.pal.hue, 50, 45)),
    header(x + 40, y + 8, pins, 1, 26),
    header(x + 40, y + h - 34, pins, 1, 26),
    rrect(x - 22, -34, 64, 68, 8, METAL),
    rrect(x - 14, -20, 40, 40, 6, METAL_DARK),
  ];
  if (wireless && !has(ctx, 'pico', 'zero')) parts.push(rfModule(110, 0, 180, 112, pcb));
  else if (has(ctx, 'zero')) parts.push(chipQfp(60, 0, 84, hsl(0, 0, 55)));
  else parts.push(chipQfp(40, 0, 72));
  parts.push(chipDual(-100, 0, 54, 34, 4));
  parts.push(passives(ctx, -40, -24, 2, true), passives(ctx, 170 - (wireless ? 140 : 0), -40, 3, true));
  parts.push(
    rrect(-170, -22, 24, 16, 3, METAL),
    ledGlow(-150, 26, ledColour(ctx), 6),
    ledGlow(-120, 26, ledColour(ctx), 6),
  );
  return parts.join('');
}

function piBoard(ctx: ArtContext, pcb: string, edge: string): string {
  const w = 500;
  const h = 340;
  const x = -w / 2;
  const y = -h / 2;
  return [
    slab(x, y, w, h, 20, pcb, edge, 14),
    traces(ctx, x + 40, y + 70, w - 160, h - 110, hsl(145, 50, 42)),
    mountingHoles(
      [
        [x + 28, y + 28],
        [x + 28, y + h - 28],
        [x + w - 130, y + 28],
        [x + w - 130, y + h - 28],
      ],
      pcb,
    ),
    header(x + 50, y + 10, 20, 2, 15),
    chipQfp(x + 170, y + 170, 104, METAL_DARK),
    rrect(x + 170 - 42, y + 170 - 42, 84, 84, 6, METAL),
    rrect(x + 260, y + 130, 70, 80, 6, INK),
    chipDual(x + 290, y + 250, 58, 34, 5),
    rrect(x + w - 110, y + 22, 130, 88, 8, METAL, { stroke: METAL_DARK, 'stroke-width': 3 }),
    rrect(x + w - 98, y + 40, 104, 52, 4, INK_2),
    rrect(x + w - 110, y + 126, 130, 88, 8, METAL, { stroke: METAL_DARK, 'stroke-width': 3 }),
    rrect(x + w - 98, y + 144, 104, 22, 3, '#3d7bd8'),
    rrect(x + w - 98, y + 176, 104, 22, 3, '#3d7bd8'),
    rrect(x + w - 104, y + 228, 124, 96, 8, METAL, { stroke: METAL_DARK, 'stroke-width': 3 }),
    rrect(x + w - 88, y + 250, 90, 52, 4, INK_2),
    usbC(x + 70, y + h - 4, 50, 24),
    rrect(x + 120, y + h - 20, 44, 26, 5, METAL),
    rrect(x + 190, y + h - 20, 44, 26, 5, METAL),
    ledGlow(x + 40, y + 100, '#ff4d4d', 6),
    ledGlow(x + 40, y + 128, '#39d353', 6),
    passives(ctx, x + 80, y + 260, ctx.rng.int(2, 4)),
  ].join('');
}

function unoBoard(ctx: ArtContext, pcb: string, edge: string, wide: boolean): string {
  const w = wide ? 540 : 470;
  const h = wide ? 290 : 330;
  const x = -w / 2 + 20;
  const y = -h / 2;
  const parts = [
    slab(x, y, w, h, 18, pcb, edge, 14),
    traces(ctx, x + 60, y + 60, w - 120, h - 120, hsl(ctx.pal.hue, 50, 44)),
    mountingHoles(
      [
        [x + 30, y + 32],
        [x + w - 30, y + 32],
        [x + 30, y + h - 32],
        [x + w - 30, y + h - 32],
      ],
      pcb,
    ),
    header(x + 96, y + 14, 10, 1, 18),
    header(x + 280, y + 14, 8, 1, 18),
    header(x + 150, y + h - 34, 8, 1, 18),
    header(x + 300, y + h - 34, 6, 1, 18),
    rrect(x - 34, y + 50, 96, 84, 8, METAL),
    rrect(x - 24, y + 64, 70, 56, 5, METAL_DARK),
    rrect(x - 24, y + h - 110, 80, 70, 10, INK_2),
    circle(x + 4, y + h - 75, 18, hsl(0, 0, 8)),
  ];
  const chipStyle = ctx.rng.pick(['dip', 'qfp'] as const);
  if (has(ctx, 'kit')) {
    parts.push(chipDual(x + w * 0.58, y + h * 0.62, 250, 56, 14, GOLD_DARK));
  } else if (chipStyle === 'dip' && !wide) {
    parts.push(chipDual(x + w * 0.6, y + h * 0.64, 230, 52, 14));
  } else {
    parts.push(chipQfp(x + w * 0.62, y + h * 0.58, wide ? 96 : 86));
  }
  const smallChips = ctx.rng.int(1, 2);
  for (let i = 0; i < smallChips; i++) parts.push(chipDual(x + 150 + i * 90, y + 100, 52, 30, 4));
  parts.push(rrect(x + 120, y + h - 110, 40, 18, 8, METAL), rrect(x + 124, y + h - 106, 32, 10, 5, METAL_LIGHT));
  parts.push(passives(ctx, x + w - 190, y + 80, ctx.rng.int(3, 5)));
  parts.push(ledGlow(x + w - 60, y + 92, ledColour(ctx), 6), ledGlow(x + w - 60, y + 122, '#39d353', 6));
  return parts.join('');
}

function drawBoard(ctx: ArtContext): string {
  const pcb = pcbColour(ctx);
  const edge = hsl(has(ctx, 'raspberry', 'pico') ? 145 : ctx.pal.hue, 50, 18);
  if (has(ctx, 'nano', 'pico', 'zero', 'supermini', 'devkit', 'nodemcu')) return longBoard(ctx, pcb, edge);
  if (has(ctx, 'raspberry')) return piBoard(ctx, pcb, edge);
  return unoBoard(ctx, pcb, edge, has(ctx, 'mega'));
}

// ------------------------------------------------------------------ sensors and modules

function smallPcb(x: number, y: number, w: number, h: number, ctx: ArtContext, holes = true): string {
  const pcb = hsl(ctx.pal.hue, 60, 34);
  const parts = [slab(x, y, w, h, 14, pcb, hsl(ctx.pal.hue, 55, 20), 10)];
  if (holes)
    parts.push(
      mountingHoles(
        [
          [x + 22, y + 22],
          [x + w - 22, y + 22],
        ],
        pcb,
      ),
    );
  return parts.join('');
}

function ultrasonicEye(cx: number, cy: number): string {
  const mesh: string[] = [];
  for (let r = -3; r <= 3; r++)
    for (let c = -3; c <= 3; c++) if (r * r + c * c <= 10) mesh.push(circle(cx + c * 12, cy + r * 12, 3.2, INK_3));
  return [
    circle(cx, cy, 82, METAL_DARK),
    circle(cx, cy, 76, METAL),
    circle(cx, cy, 62, METAL_LIGHT),
    circle(cx, cy, 56, INK_2),
    ...mesh,
  ].join('');
}

function sensorUltrasonic(ctx: ArtContext): string {
  return [
    smallPcb(-240, -120, 480, 210, ctx, false),
    ultrasonicEye(-120, -12),
    ultrasonicEye(120, -12),
    rrect(-22, -76, 44, 22, 10, METAL),
    pinLegs(-48, 90, 4, 60),
  ].join('');
}

function sensorPir(ctx: ArtContext): string {
  const rings = [110, 82, 54, 26]
    .map((r) => circle(0, -30, r, 'none', { stroke: hsl(0, 0, 82), 'stroke-width': 3 }))
    .join('');
  const grid = [-66, -22, 22, 66]
    .map(
      (o) =>
        line(o, -140 + Math.abs(o) * 0.2, o, 80 - Math.abs(o) * 0.2, hsl(0, 0, 84), 3) +
        line(-140 + Math.abs(o) * 0.2, o - 30, 140 - Math.abs(o) * 0.2, o - 30, hsl(0, 0, 84), 3),
    )
    .join('');
  return [
    smallPcb(-170, -190, 340, 320, ctx),
    circle(0, -30, 142, hsl(0, 0, 88)),
    circle(0, -30, 136, WHITE),
    grid,
    rings,
    ellipse(-44, -90, 50, 30, WHITE, { opacity: 0.8 }),
    pinLegs(-36, 130, 3, 60),
  ].join('');
}

function sensorDht(ctx: ArtContext): string {
  const slots: string[] = [];
  for (let r = 0; r < 6; r++)
    for (let c = 0; c < 4; c++) slots.push(rrect(-62 + c * 34, -170 + r * 34, 22, 22, 4, hsl(ctx.pal.hue, 20, 78)));
  return [
    smallPcb(-150, -40, 300, 170, ctx),
    rrect(-90, -200, 180, 250, 16, hsl(0, 0, 86)),
    rrect(-90, -200, 180, 240, 16, WHITE),
    ...slots,
    passives(ctx, 60, 70, 1),
    pinLegs(-36, 130, 3, 60),
  ].join('');
}

function sensorProbe(ctx: ArtContext): string {
  const cable = 'M150 0 C 300 0, 340 190, 170 230 S -150 250, -190 150';
  const lead = (colour: string, dx: number, dy: number) =>
    stroke(`M-190 150 l${dx} ${dy}`, colour, 9) +
    stroke(`M${-190 + dx} ${150 + dy} l${dx * 0.3} ${dy * 0.3}`, METAL, 5);
  return group(
    [
      cableStroke(cable, ctx.rng.pick([INK_2, '#3d4350']), 26),
      lead('#e34b4b', -40, -50),
      lead('#f2c94c', -60, -20),
      lead(INK, -56, 22),
      rrect(-250, -40, 300, 80, 40, METAL),
      rrect(-236, -30, 270, 20, 10, METAL_LIGHT),
      rrect(-250, 16, 300, 12, 6, METAL_DARK, { opacity: 0.5 }),
      rrect(40, -36, 120, 72, 14, INK),
      rect(70, -36, 8, 72, INK_3),
    ],
    'translate(30 -40) rotate(-16)',
  );
}

function sensorSoil(ctx: ArtContext): string {
  const pcb = hsl(ctx.pal.hue, 30, 18);
  return [
    path(
      'M-70 -220 H70 a14 14 0 0 1 14 14 V150 L0 230 L-84 150 V-206 a14 14 0 0 1 14 -14 Z',
      hsl(ctx.pal.hue, 30, 10),
      { transform: 'translate(0 10)' },
    ),
    path('M-70 -220 H70 a14 14 0 0 1 14 14 V150 L0 230 L-84 150 V-206 a14 14 0 0 1 14 -14 Z', pcb),
    chipDual(0, -140, 60, 36, 4),
    passives(ctx, -40, -90, 4),
    rrect(-56, -40, 112, 10, 5, hsl(0, 0, 100), { opacity: 0.7 }),
    rrect(-40, -10, 80, 180, 30, hsl(ctx.pal.hue, 40, 28)),
    header(-33, -210, 3, 1, 22),
  ].join('');
}

function sensorBreakout(ctx: ArtContext): string {
  const pins = ctx.rng.int(4, 6);
  return [
    smallPcb(-150, -150, 300, 260, ctx),
    rrect(-44, -74, 88, 88, 8, METAL),
    rrect(-34, -64, 68, 68, 6, METAL_LIGHT),
    circle(14, -14, 7, INK_3),
    passives(ctx, -110, 50, ctx.rng.int(3, 4)),
    chipDual(70, 60, 50, 28, 3),
    pinLegs(-(pins * 24) / 2, 110, pins, 60),
  ].join('');
}

function drawSensor(ctx: ArtContext): string {
  if (has(ctx, 'ultrasonic', 'sr04')) return sensorUltrasonic(ctx);
  if (has(ctx, 'pir', 'motion')) return sensorPir(ctx);
  if (has(ctx, 'dht')) return sensorDht(ctx);
  if (has(ctx, 'probe', 'ds18b20')) return sensorProbe(ctx);
  if (has(ctx, 'soil')) return group(sensorSoil(ctx), 'scale(1.12)');
  return sensorBreakout(ctx);
}

function relay(cx: number, cy: number): string {
  return box3d(cx - 52, cy - 34, 104, 86, 40, { front: '#2f6fd0', top: '#5b93e6', side: '#2456a6' });
}

function moduleRelay(ctx: ArtContext): string {
  const parts = [smallPcb(-260, -160, 520, 300, ctx)];
  for (let i = 0; i < 4; i++) parts.push(relay(-180 + i * 120, -20));
  for (let i = 0; i < 4; i++) parts.push(screwTerminal(-234 + i * 120, -150, 3, '#2f6fd0'));
  for (let i = 0; i < 4; i++) parts.push(ledGlow(-200 + i * 120, 90, '#ff4d4d', 6));
  parts.push(header(-80, 100, 6, 1, 24));
  return parts.join('');
}

function moduleDriver(ctx: ArtContext): string {
  const fins: string[] = [];
  for (let i = 0; i < 9; i++) fins.push(rrect(-120 + i * 28, -200, 16, 170, 3, i % 2 ? INK_2 : INK_3));
  return [
    smallPcb(-220, -120, 440, 300, ctx),
    rrect(-130, -60, 260, 50, 6, INK),
    ...fins,
    rrect(-130, -40, 260, 34, 4, INK_2),
    screwTerminal(-206, 20, 2, '#2f6fd0'),
    screwTerminal(134, 20, 2, '#2f6fd0'),
    screwTerminal(-54, 120, 3, '#2f6fd0'),
    circle(-20, 60, 32, INK_2),
    circle(-20, 60, 24, hsl(210, 60, 40)),
    header(60, 130, 6, 1, 22),
    ledGlow(120, 100, '#ff4d4d', 6),
  ].join('');
}

function moduleCamera(ctx: ArtContext): string {
  return [
    smallPcb(-150, -170, 300, 360, ctx, false),
    rrect(-110, 40, 220, 120, 8, METAL),
    rrect(-96, 54, 192, 92, 6, METAL_LIGHT, { opacity: 0.7 }),
    rrect(-70, -130, 140, 110, 8, hsl(45, 80, 45)),
    rrect(-60, -190, 120, 120, 14, INK),
    circle(0, -130, 44, INK_2),
    circle(0, -130, 30, hsl(250, 60, 30)),
    circle(0, -130, 16, hsl(220, 80, 55)),
    circle(-10, -140, 6, WHITE, { opacity: 0.8 }),
    rrect(90, -140, 40, 40, 6, hsl(50, 100, 85)),
    ledGlow(110, -120, '#fff6c2', 8),
    header(-140, 170, 4, 1, 22),
    header(52, 170, 4, 1, 22),
  ].join('');
}

function moduleGps(ctx: ArtContext): string {
  return [
    smallPcb(-190, -130, 280, 260, ctx),
    chipQfp(-50, 10, 80, METAL_DARK),
    circle(-140, 80, 30, METAL),
    circle(-140, 80, 22, METAL_LIGHT),
    header(-110, 100, 5, 1, 22),
    cableStroke('M30 -30 C 90 -100, 120 -40, 150 -80', INK_2, 8),
    rrect(90, -190, 180, 180, 20, hsl(38, 45, 70)),
    rrect(90, -190, 180, 170, 20, hsl(38, 55, 84)),
    rrect(140, -140, 80, 70, 8, METAL),
    circle(180, -105, 10, GOLD),
  ].join('');
}

function moduleCharger(ctx: ArtContext): string {
  return [
    smallPcb(-200, -120, 400, 220, ctx, false),
    usbC(-200, -10, 40, 90),
    chipDual(-40, -10, 70, 40, 4),
    chipDual(80, -60, 46, 26, 3),
    chipDual(80, 40, 46, 26, 3),
    ledGlow(-90, 60, '#ff4d4d', 7),
    ledGlow(-50, 60, '#3aa0ff', 7),
    ...[-80, 10, 80].map((y) => rrect(160, y - 12, 30, 24, 4, GOLD)),
    passives(ctx, -120, -90, 3),
  ].join('');
}

function moduleBuck(ctx: ArtContext): string {
  return [
    smallPcb(-230, -130, 460, 250, ctx),
    circle(-40, -10, 82, INK_2),
    circle(-40, -10, 70, hsl(25, 70, 45)),
    circle(-40, -10, 70, 'none', { stroke: hsl(25, 80, 62), 'stroke-width': 6, 'stroke-dasharray': '4 8' }),
    circle(-40, -10, 34, INK),
    ...[-170, 100].map((x) => circle(x, 40, 38, INK_2) + circle(x, 40, 30, hsl(215, 60, 42))),
    rrect(110, -100, 90, 70, 6, hsl(210, 80, 50)),
    circle(132, -65, 12, GOLD),
    chipDual(-170, -60, 60, 34, 3),
  ].join('');
}

function moduleEsp01(ctx: ArtContext): string {
  return [
    smallPcb(-130, -190, 260, 360, { ...ctx, pal: paletteFor(220) }, false),
    rfModule(0, -100, 220, 150, hsl(220, 60, 34)),
    chipQfp(0, 60, 70),
    header(-88, 130, 4, 2, 22),
  ].join('');
}

function moduleGeneric(ctx: ArtContext): string {
  return [
    smallPcb(-220, -140, 440, 280, ctx),
    chipQfp(-40, 0, 90),
    screwTerminal(100, -70, 2, '#2f6fd0'),
    passives(ctx, 80, 30, 4),
    header(-160, 90, 8, 1, 24),
  ].join('');
}

function drawModule(ctx: ArtContext): string {
  if (has(ctx, 'relay')) return moduleRelay(ctx);
  if (has(ctx, 'l298n', 'motor-driver')) return moduleDriver(ctx);
  if (has(ctx, 'cam')) return moduleCamera(ctx);
  if (has(ctx, 'gps')) return moduleGps(ctx);
  if (has(ctx, 'tp4056', 'charging')) return moduleCharger(ctx);
  if (has(ctx, 'buck', 'lm2596')) return moduleBuck(ctx);
  if (has(ctx, 'esp-01', 'esp01')) return moduleEsp01(ctx);
  return moduleGeneric(ctx);
}

// ------------------------------------------------------------------ displays

function dotChar(x: number, y: number, cell: number, rng: Rng, on: string): string {
  const out: string[] = [];
  if (rng.chance(0.18)) return '';
  const dot = cell / 6;
  for (let r = 0; r < 7; r++)
    for (let c = 0; c < 5; c++)
      if (rng.chance(0.42)) out.push(rect(x + c * dot, y + r * dot, dot * 0.86, dot * 0.86, on));
  return out.join('');
}

function displayLcd(ctx: ArtContext): string {
  const panel = has(ctx, 'lcd') && ctx.rng.chance(0.5) ? hsl(80, 70, 52) : hsl(215, 85, 52);
  const parts = [
    slab(-270, -140, 540, 280, 14, hsl(140, 55, 30), hsl(140, 50, 18), 12),
    rrect(-240, -100, 480, 190, 8, INK),
    rrect(-220, -82, 440, 154, 6, panel),
  ];
  const cell = 25;
  for (let row = 0; row < 2; row++) {
    for (let col = 0; col < 16; col++) {
      const x = -212 + col * 27;
      const y = -68 + row * 64;
      parts.push(rect(x, y, cell - 4, cell * 1.45, WHITE, { opacity: 0.1 }));
      parts.push(dotChar(x + 1, y + 2, cell, ctx.rng, WHITE));
    }
  }
  parts.push(
    header(-210, -134, 16, 1, 22),
    mountingHoles(
      [
        [-250, -120],
        [250, -120],
        [-250, 120],
        [250, 120],
      ],
      hsl(140, 55, 30),
    ),
  );
  return parts.join('');
}

function displayOled(ctx: ArtContext): string {
  const ink = ctx.rng.pick(['#e8f4ff', '#6fd3ff', '#ffffff']);
  const bars: string[] = [];
  for (let i = 0; i < 9; i++) {
    const h = ctx.rng.range(20, 90);
    bars.push(rect(-150 + i * 22, 90 - h, 14, h, ink));
  }
  let wave = 'M-150 -30';
  for (let i = 1; i <= 12; i++) wave += ` L${-150 + i * 25} ${fmt(-30 + ctx.rng.range(-28, 28))}`;
  return [
    smallPcb(-200, -210, 400, 390, ctx),
    header(-48, -202, 4, 1, 24),
    rrect(-180, -140, 360, 270, 8, INK),
    rrect(-166, -126, 332, 242, 4, hsl(0, 0, 6)),
    rect(-150, -110, 300, 30, hsl(48, 100, 60), { opacity: ctx.rng.chance(0.5) ? 1 : 0 }),
    stroke(wave, ink, 5),
    ...bars,
  ].join('');
}

function drawDisplay(ctx: ArtContext): string {
  return has(ctx, 'oled') ? displayOled(ctx) : displayLcd(ctx);
}

// ------------------------------------------------------------------ components

const BAND_COLOURS = [
  '#1b1b1b',
  '#7b4a26',
  '#d63b3b',
  '#f08a24',
  '#f2c94c',
  '#3aa655',
  '#2f6fd0',
  '#8b5cc7',
  '#8a8f98',
] as const;

function resistor(ctx: ArtContext, body: string): string {
  const bands = [0, 1, 2].map(() => ctx.rng.pick(BAND_COLOURS));
  return [
    line(-170, 0, 170, 0, METAL_DARK, 7),
    rrect(-78, -26, 156, 52, 26, body),
    ...bands.map((colour, i) => rect(-46 + i * 22, -26, 11, 52, colour)),
    rect(38, -26, 11, 52, GOLD),
    rrect(-62, -20, 124, 12, 6, WHITE, { opacity: 0.3 }),
  ].join('');
}

function componentResistors(ctx: ArtContext): string {
  const body = ctx.rng.pick(['#e7cf9f', '#86b7e8', '#e7cf9f']);
  return group(
    [-150, -50, 50, 150].map((y, i) => group(resistor(ctx, body), `translate(${i * 18 - 27} ${y})`)),
    'rotate(-28)',
  );
}

function electrolytic(cx: number, bottom: number, w: number, h: number, sleeve: string): string {
  const top = bottom - h;
  return [
    line(cx - w * 0.2, bottom, cx - w * 0.2, bottom + 70, METAL_DARK, 5),
    line(cx + w * 0.2, bottom, cx + w * 0.2, bottom + 56, METAL_DARK, 5),
    rrect(cx - w / 2, top, w, h, w * 0.14, sleeve),
    rect(cx + w * 0.18, top + 6, w * 0.22, h - 12, WHITE, { opacity: 0.35 }),
    ...[0.25, 0.45, 0.65].map((f) => rect(cx + w * 0.24, top + h * f, w * 0.1, 4, sleeve)),
    ellipse(cx, top + 4, w / 2 - 2, w * 0.16, METAL),
    line(cx - w * 0.2, top + 4, cx + w * 0.2, top + 4, METAL_DARK, 3),
    rect(cx - w * 0.42, top + h * 0.2, w * 0.12, h * 0.6, WHITE, { opacity: 0.18 }),
  ].join('');
}

function componentCapacitors(ctx: ArtContext): string {
  const sleeve = ctx.rng.pick([hsl(220, 60, 32), INK_2, hsl(ctx.pal.hue, 55, 30)]);
  const sizes: readonly [number, number][] = [
    [130, 230],
    [104, 180],
    [84, 140],
    [66, 104],
  ];
  let x = -220;
  return sizes
    .map(([w, h]) => {
      const out = electrolytic(x + w / 2, 110, w, h, sleeve);
      x += w + 26;
      return out;
    })
    .join('');
}

function led(cx: number, base: number, colour: string, lit: boolean): string {
  return [
    lit ? circle(cx, base - 70, 70, colour, { opacity: 0.22 }) : '',
    line(cx - 12, base, cx - 12, base + 120, METAL_DARK, 5),
    line(cx + 12, base, cx + 12, base + 96, METAL_DARK, 5),
    rrect(cx - 36, base - 14, 72, 16, 4, colour, { opacity: 0.9 }),
    path(`M${cx - 30} ${base - 12} V${base - 80} A30 30 0 0 1 ${cx + 30} ${base - 80} V${base - 12} Z`, colour, {
      opacity: 0.82,
    }),
    path(`M${cx - 14} ${base - 14} v-36 h14 l4 10 v26 Z`, '#000000', { opacity: 0.18 }),
    rrect(cx - 20, base - 96, 10, 60, 5, WHITE, { opacity: 0.5 }),
  ].join('');
}

function componentLeds(ctx: ArtContext): string {
  const colours = ['#ff4747', '#3ccf5a', '#3b8cff', '#ffc93c', '#e9f1ff'];
  const lit = ctx.rng.int(0, 4);
  return colours.map((colour, i) => led(-200 + i * 100, 40 + Math.abs(i - 2) * 22, colour, i === lit)).join('');
}

function componentButtons(ctx: ArtContext): string {
  const caps = ['#e84a4a', '#f2c94c', '#3b8cff', '#3ccf5a', INK_2, WHITE];
  const out: string[] = [];
  for (let i = 0; i < 6; i++) {
    const cx = -180 + (i % 3) * 180;
    const cy = -90 + Math.floor(i / 3) * 190;
    out.push(
      ...[-1, 1].map((s) => rect(cx + s * 44 - 4, cy + 58, 8, 30, METAL_DARK)),
      rrect(cx - 66, cy - 62, 132, 132, 12, INK_2),
      rrect(cx - 56, cy - 56, 112, 112, 10, METAL),
      ...[-1, 1].flatMap((sx) => [-1, 1].map((sy) => circle(cx + sx * 42, cy + sy * 42, 6, METAL_DARK))),
      circle(cx, cy, 40, ctx.rng.pick(caps) ?? caps[i % caps.length] ?? INK_2, {
        stroke: '#000000',
        'stroke-opacity': 0.15,
        'stroke-width': 4,
      }),
      ellipse(cx - 12, cy - 14, 16, 9, WHITE, { opacity: 0.45 }),
    );
  }
  return out.join('');
}

function componentBreadboard(ctx: ArtContext): string {
  const defs = el(
    'defs',
    {},
    el(
      'pattern',
      { id: 'bb-holes', width: 18, height: 18, patternUnits: 'userSpaceOnUse' },
      rect(5, 5, 8, 8, '#8f97a3'),
    ),
  );
  return [
    defs,
    rrect(-290, -160, 580, 330, 14, '#d2d6dd'),
    rrect(-290, -174, 580, 330, 14, '#f6f7f9'),
    rect(-272, -160, 544, 36, 'url(#bb-holes)'),
    rect(-272, 98, 544, 36, 'url(#bb-holes)'),
    line(-266, -166, 266, -166, '#e04848', 3),
    line(-266, -118, 266, -118, '#3b6fe0', 3),
    line(-266, 92, 266, 92, '#e04848', 3),
    line(-266, 140, 266, 140, '#3b6fe0', 3),
    rect(-272, -100, 544, 82, 'url(#bb-holes)'),
    rect(-272, -6, 544, 82, 'url(#bb-holes)'),
    rect(-280, -16, 560, 8, '#dfe2e7'),
    stroke('M-160 -83 C -160 -150, -60 -150, -60 -83', ctx.pal.accent, 9),
    stroke('M40 13 C 40 -40, 140 -40, 140 13', '#3ccf5a', 9),
    line(-4, -65, -4, -30, METAL_DARK, 4) + line(14, -65, 14, -30, METAL_DARK, 4),
    path('M-16 -62 V-110 A20 20 0 0 1 26 -110 V-62 Z', '#ff4747', { opacity: 0.9 }),
    circle(5, -110, 46, '#ff4747', { opacity: 0.18 }),
  ].join('');
}

function drawComponent(ctx: ArtContext): string {
  if (has(ctx, 'breadboard')) return componentBreadboard(ctx);
  if (has(ctx, 'capacitor')) return componentCapacitors(ctx);
  if (has(ctx, 'led')) return componentLeds(ctx);
  if (has(ctx, 'button', 'switch-kit')) return componentButtons(ctx);
  return componentResistors(ctx);
}

// ------------------------------------------------------------------ tools

function probe(x: number, y: number, colour: string, angle: number): string {
  return group(
    [
      rrect(-16, -40, 32, 150, 14, colour),
      rrect(-22, 100, 44, 22, 8, colour),
      rect(-4, -90, 8, 54, METAL),
      path('M-4 -90 L0 -106 L4 -90 Z', METAL),
    ],
    `translate(${x} ${y}) rotate(${angle})`,
  );
}

function multimeter(ctx: ArtContext): string {
  const boot = ctx.pal.accent;
  const reading = ctx.rng.pick(['12.34', '230.1', '4.987', '0.000', '5.021', '3.300']);
  const angle = ctx.rng.pick([-60, -30, 0, 30, 60, 120]);
  const ticks: string[] = [];
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    ticks.push(
      line(
        Math.cos(a) * 92,
        44 + Math.sin(a) * 92,
        Math.cos(a) * 104,
        44 + Math.sin(a) * 104,
        i % 3 === 0 ? ctx.pal.accentLight : METAL_DARK,
        5,
      ),
    );
  }
  return [
    cableStroke('M80 176 C 96 320, 250 300, 238 140', '#d93a3a', 14),
    cableStroke('M0 176 C -10 330, -250 300, -240 150', INK, 14),
    probe(238, 120, '#d93a3a', 12),
    probe(-240, 130, INK, -12),
    rrect(-154, -222, 308, 460, 50, ctx.pal.accentDark),
    rrect(-154, -234, 308, 460, 50, boot),
    rrect(-126, -206, 252, 404, 30, INK_2),
    rrect(-108, -188, 216, 96, 12, '#c9d5b5'),
    sevenSeg(-88, -170, 58, reading, INK, '#b7c3a2'),
    ...[-70, 0, 70].map((x) => rrect(x - 26, -76, 52, 20, 10, INK_3)),
    ...ticks,
    circle(0, 44, 82, INK),
    circle(0, 44, 62, INK_3),
    group([rrect(-15, -66, 30, 132, 15, hsl(0, 0, 20)), circle(0, -48, 6, WHITE)], `translate(0 44) rotate(${angle})`),
    ...[-80, 0, 80].map(
      (x) =>
        circle(x, 168, 20, INK) + circle(x, 168, 14, x === 80 ? '#d93a3a' : INK_3) + circle(x, 168, 6, hsl(0, 0, 8)),
    ),
    rrect(-28, 160, 56, 36, 10, INK, { transform: 'translate(0 0)' }),
    rrect(52, 160, 56, 36, 10, '#d93a3a'),
    sheen(-140, -222, 110, 40, 20, 0.2),
  ].join('');
}

function pliers(ctx: ArtContext): string {
  const grip = ctx.pal.accent;
  return group(
    [
      stroke('M-14 -40 C -40 60, -110 140, -140 250', ctx.pal.accentDark, 62),
      stroke('M-14 -40 C -40 60, -110 140, -140 250', grip, 54),
      stroke('M14 -40 C 40 60, 110 140, 140 250', ctx.pal.accentDark, 62),
      stroke('M14 -40 C 40 60, 110 140, 140 250', INK_2, 54),
      path('M-70 -60 L-60 -230 Q0 -262 60 -230 L70 -60 Q0 -20 -70 -60 Z', METAL),
      path('M-44 -90 L-40 -220 L40 -220 L44 -90 Z', METAL_DARK),
      ...[0, 1, 2, 3, 4].map((i) => line(-30, -200 + i * 24, 30, -200 + i * 24, METAL_LIGHT, 4)),
      circle(0, -60, 22, METAL_LIGHT),
      circle(0, -60, 10, METAL_DARK),
      rrect(-52, -250, 104, 30, 12, ctx.pal.accentLight),
    ],
    'translate(0 10) rotate(-18)',
  );
}

function driverKit(ctx: ArtContext): string {
  const bits: string[] = [];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 10; c++) {
      const cx = -196 + c * 44;
      const cy = 40 + r * 50;
      bits.push(
        circle(cx, cy, 17, METAL_DARK),
        poly(
          [0, 1, 2, 3, 4, 5].map(
            (k) => [cx + Math.cos((k * Math.PI) / 3) * 13, cy + Math.sin((k * Math.PI) / 3) * 13] as const,
          ),
          METAL,
        ),
        circle(cx, cy, 4, METAL_DARK),
      );
    }
  }
  return [
    slab(-250, -10, 500, 210, 26, INK_2, INK, 14),
    rrect(-232, 8, 464, 176, 18, INK_3),
    ...bits,
    group(
      [
        rect(-7, -320, 14, 140, METAL),
        rrect(-34, -190, 68, 230, 30, ctx.pal.accent),
        ...[0, 1, 2, 3, 4, 5].map((i) => rrect(-34, -160 + i * 30, 68, 10, 5, ctx.pal.accentDark)),
        rrect(-30, 30, 60, 30, 14, METAL),
        rrect(-24, -184, 14, 190, 7, WHITE, { opacity: 0.25 }),
      ],
      'translate(70 -40) rotate(52)',
    ),
  ].join('');
}

function drawTool(ctx: ArtContext): string {
  if (has(ctx, 'strip', 'plier', 'cutter')) return pliers(ctx);
  if (has(ctx, 'bit', 'driver', 'screw')) return driverKit(ctx);
  return multimeter(ctx);
}

// ------------------------------------------------------------------ soldering

function ironPen(colour: string, dark: string, screen: boolean): string {
  return [
    path('M-12 -250 L0 -352 L12 -250 Z', METAL_DARK),
    rect(-12, -262, 24, 40, METAL),
    rrect(-40, -230, 80, 120, 30, INK_2),
    ...[0, 1, 2, 3].map((i) => rect(-40, -214 + i * 26, 80, 8, INK)),
    rrect(-42, -112, 84, 260, 34, colour),
    rrect(-42, 120, 84, 40, 16, dark),
    screen
      ? rrect(-20, -70, 40, 70, 6, INK) + rect(-12, -56, 24, 6, SCREEN_CYAN) + rect(-12, -40, 16, 6, SCREEN_CYAN)
      : '',
    rrect(-30, -104, 14, 230, 7, WHITE, { opacity: 0.25 }),
  ].join('');
}

function solderingStation(ctx: ArtContext): string {
  const coil: string[] = [];
  for (let i = 0; i < 8; i++)
    coil.push(ellipse(150 + i * 14, 70 - i * 22, 44, 14, 'none', { stroke: METAL_DARK, 'stroke-width': 7 }));
  const twin = has(ctx, 'rework', 'hot-air', '8786');
  return [
    ellipse(170, 100, 90, 26, INK_2),
    cableStroke('M-60 100 C -40 220, 160 220, 250 -120', INK_2, 14),
    box3d(-270, -60, 320, 190, 150, { front: ctx.pal.accent, top: ctx.pal.accentLight, side: ctx.pal.accentDark }),
    rrect(-248, -40, twin ? 130 : 170, 76, 10, INK),
    sevenSeg(-234, -28, 52, '350', '#ff5a4a', '#3b1f1f'),
    twin
      ? rrect(-104, -40, 130, 76, 10, INK) + sevenSeg(-90, -28, 52, '380', '#ff5a4a', '#3b1f1f')
      : circle(-20, 0, 30, INK_2) + circle(-20, 0, 20, INK_3),
    ...[0, 1, 2].map((i) => rrect(-240 + i * 60, 64, 44, 30, 8, hsl(0, 0, 96), { opacity: 0.9 })),
    circle(0, 80, 16, INK_2),
    ...coil,
    group(ironPen(hsl(48, 90, 55), hsl(48, 70, 40), false), 'translate(210 -60) rotate(-32) scale(0.8)'),
  ].join('');
}

function solderSpool(ctx: ArtContext): string {
  const rings: string[] = [];
  for (let r = 150; r >= 70; r -= 10) rings.push(circle(0, 0, r, r % 20 === 0 ? METAL : METAL_LIGHT));
  return [
    circle(24, 18, 196, ctx.pal.accentDeep),
    circle(0, 0, 196, ctx.pal.accent),
    circle(0, 0, 196, 'none', { stroke: ctx.pal.accentDark, 'stroke-width': 8 }),
    ...rings,
    circle(0, 0, 56, ctx.pal.accentDark),
    circle(0, 0, 24, INK_2),
    stroke('M110 -104 C 180 -170, 230 -170, 270 -250', METAL_DARK, 10),
    stroke('M110 -104 C 180 -170, 230 -170, 270 -250', METAL_LIGHT, 4),
    ellipse(-80, -110, 50, 22, WHITE, { opacity: 0.2, transform: 'rotate(-35 -80 -110)' }),
  ].join('');
}

function drawSolder(ctx: ArtContext): string {
  if (has(ctx, 'station', 'rework')) return solderingStation(ctx);
  if (has(ctx, 'wire', 'spool')) return solderSpool(ctx);
  return [
    cableStroke('M40 150 C 60 260, -200 260, -240 120', INK_2, 16),
    group(ironPen(ctx.pal.accent, ctx.pal.accentDark, true), 'translate(30 40) rotate(38)'),
  ].join('');
}

// ------------------------------------------------------------------ cables

type PlugKind = 'usbc' | 'hdmi' | 'rj45';

function plug(kind: PlugKind, housing: string): string {
  if (kind === 'hdmi') {
    return [
      rrect(-50, 0, 100, 120, 14, housing),
      rrect(-30, 110, 60, 50, 14, housing),
      path('M-46 -64 H46 V-8 L34 4 H-34 L-46 -8 Z', METAL),
      path('M-34 -52 H34 V-16 L26 -10 H-26 L-34 -16 Z', INK),
    ].join('');
  }
  if (kind === 'rj45') {
    return [
      rrect(-38, 40, 76, 120, 16, housing),
      rrect(-46, -70, 92, 118, 10, WHITE, { opacity: 0.55, stroke: hsl(0, 0, 80), 'stroke-width': 3 }),
      ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => rect(-36 + i * 9.5, -66, 5, 26, GOLD)),
      rect(-20, -20, 40, 60, WHITE, { opacity: 0.4 }),
    ].join('');
  }
  return [
    rrect(-34, 0, 68, 110, 18, housing),
    rrect(-22, 100, 44, 60, 16, housing),
    rrect(-28, -56, 56, 62, 16, METAL),
    rrect(-18, -46, 36, 14, 7, INK),
    rect(-24, -6, 48, 8, METAL_DARK),
  ].join('');
}

function rotate(x: number, y: number, angle: number): Point {
  const a = (angle * Math.PI) / 180;
  return [x * Math.cos(a) - y * Math.sin(a), x * Math.sin(a) + y * Math.cos(a)];
}

function cableWithPlugs(ctx: ArtContext, kind: PlugKind, colour: string, housing: string): string {
  const p1: Point = [-150, -150];
  const p2: Point = [150, -110];
  const a1 = ctx.rng.range(-18, -6);
  const a2 = ctx.rng.range(6, 18);
  const [e1x, e1y] = rotate(0, 150, a1);
  const [e2x, e2y] = rotate(0, 150, a2);
  const x1 = p1[0] + e1x;
  const y1 = p1[1] + e1y;
  const x2 = p2[0] + e2x;
  const y2 = p2[1] + e2y;
  const sag = ctx.rng.range(200, 300);
  const d = `M${fmt(x1)} ${fmt(y1)} C ${fmt(x1 - 60)} ${fmt(y1 + sag)}, -260 ${fmt(160 + sag * 0.2)}, 0 220 S ${fmt(x2 + 60)} ${fmt(y2 + sag)}, ${fmt(x2)} ${fmt(y2)}`;
  const width = kind === 'usbc' ? 22 : 28;
  return [
    cableStroke(d, colour, width),
    kind === 'usbc' ? stroke(d, WHITE, width * 0.7, { opacity: 0.12, 'stroke-dasharray': '5 7' }) : '',
    group(plug(kind, housing), `translate(${p1[0]} ${p1[1]}) rotate(${fmt(a1)})`),
    group(plug(kind, housing), `translate(${p2[0]} ${p2[1]}) rotate(${fmt(a2)})`),
  ].join('');
}

function jumperWires(ctx: ArtContext): string {
  const colours = ['#e84a4a', '#f08a24', '#f2c94c', '#3ccf5a', '#3b8cff', '#8b5cc7', '#8a8f98', INK_2];
  const order = colours.map((_, i) => i).sort(() => ctx.rng.next() - 0.5);
  const out: string[] = [];
  colours.forEach((colour, i) => {
    const y1 = -175 + i * 50;
    const y2 = -175 + (order[i] ?? i) * 50;
    const bend = ctx.rng.range(-60, 60);
    out.push(cableStroke(`M-170 ${y1} C -40 ${fmt(y1 + bend)}, 40 ${fmt(y2 - bend)}, 170 ${y2}`, colour, 12, 0.3));
    out.push(rrect(-236, y1 - 14, 70, 28, 4, INK), rect(-262, y1 - 3, 28, 6, GOLD));
    out.push(rrect(166, y2 - 14, 70, 28, 4, INK), rect(230, y2 - 5, 8, 10, METAL_DARK));
  });
  return out.join('');
}

function usbHub(ctx: ArtContext): string {
  return [
    cableStroke('M-230 10 C -300 80, -260 190, -120 200', INK_2, 22),
    group(plug('usbc', INK_2), 'translate(-60 180) rotate(-90)'),
    box3d(-240, -20, 440, 84, 180, { front: METAL_DARK, top: METAL, side: '#7a8290' }),
    rrect(-150, -88, 260, 24, 12, ctx.pal.accent, { opacity: 0.5, transform: 'skewX(-52) translate(-70 0)' }),
    path('M-216 4 H-156 V34 L-164 42 H-208 L-216 34 Z', INK),
    usbA(-110, 22, 56, 28),
    usbA(-40, 22, 56, 28),
    usbA(30, 22, 56, 28),
    rrect(80, 12, 54, 10, 4, INK),
    rrect(80, 32, 40, 8, 4, INK),
    usbC(170, 22, 44, 18),
  ].join('');
}

function drawCable(ctx: ArtContext): string {
  if (has(ctx, 'jumper', 'dupont')) return jumperWires(ctx);
  if (has(ctx, 'hub')) return usbHub(ctx);
  if (has(ctx, 'hdmi')) return cableWithPlugs(ctx, 'hdmi', INK_2, INK);
  if (has(ctx, 'ethernet', 'cat6', 'rj45')) return cableWithPlugs(ctx, 'rj45', ctx.pal.accent, ctx.pal.accentDark);
  const colour = ctx.rng.pick([INK_2, ctx.pal.accentDark, '#e4e7ec']);
  return cableWithPlugs(ctx, 'usbc', colour, colour === '#e4e7ec' ? WHITE : INK);
}

// ------------------------------------------------------------------ keyboards and mice

/** Key widths in units per row; a negative width is an empty gap. */
const LAYOUT_75: readonly (readonly number[])[] = [
  Array(16).fill(1),
  [...Array(13).fill(1), 2, 1],
  [1.5, ...Array(12).fill(1), 1.5, 1],
  [1.75, ...Array(11).fill(1), 2.25, 1],
  [2.25, ...Array(10).fill(1), 1.75, 1, 1],
  [1.25, 1.25, 1.25, 6.25, 1, 1, 1, 1, 1, 1],
];
const LAYOUT_TKL: readonly (readonly number[])[] = [
  [1, -1, 1, 1, 1, 1, -0.5, 1, 1, 1, 1, -0.5, 1, 1, 1, 1, -0.5, 1, 1, 1],
  [...Array(13).fill(1), 2, -0.5, 1, 1, 1],
  [1.5, ...Array(12).fill(1), 1.5, -0.5, 1, 1, 1],
  [1.75, ...Array(11).fill(1), 2.25, -3.5],
  [2.25, ...Array(10).fill(1), 2.75, -1.5, 1, -1],
  [1.25, 1.25, 1.25, 6.25, 1.25, 1.25, 1.25, 1.25, -0.5, 1, 1, 1],
];
const LAYOUT_FULL: readonly (readonly number[])[] = LAYOUT_TKL.map((row, i) =>
  i === 0 ? [...row, -4.5] : i === 5 ? [...row, -0.5, 2, 1, 1] : [...row, -0.5, 1, 1, 1, 1],
);

interface KeyColours {
  base: string;
  side: string;
  cap: string;
  capSide: string;
  accent: string;
  accentSide: string;
}

function keyColours(ctx: ArtContext): KeyColours {
  const scheme = ctx.rng.int(0, 2);
  if (scheme === 0)
    return {
      base: INK,
      side: '#15181d',
      cap: INK_3,
      capSide: INK_2,
      accent: ctx.pal.accent,
      accentSide: ctx.pal.accentDark,
    };
  if (scheme === 1)
    return {
      base: '#b8bec8',
      side: '#8e96a2',
      cap: WHITE,
      capSide: '#d5d9df',
      accent: ctx.pal.accent,
      accentSide: ctx.pal.accentDark,
    };
  return {
    base: ctx.pal.accentDeep,
    side: hsl(ctx.pal.hue, 50, 16),
    cap: ctx.pal.accentPale,
    capSide: hsl(ctx.pal.hue, 35, 76),
    accent: INK_2,
    accentSide: INK,
  };
}

function keyboard(ctx: ArtContext, layout: readonly (readonly number[])[], width: number, glow: string | null): string {
  const units = layout[0]?.reduce((sum, w) => sum + Math.abs(w), 0) ?? 16;
  const u = width / units;
  const colours = keyColours(ctx);
  const rows = layout.length;
  const height = rows * u + u * 0.25;
  const x0 = -width / 2;
  const y0 = -height / 2;
  const keys: string[] = [];
  layout.forEach((row, r) => {
    let x = x0;
    const y = y0 + r * u + (r > 0 ? u * 0.25 : 0);
    row.forEach((w, k) => {
      if (w < 0) {
        x += -w * u;
        return;
      }
      const isEscape = r === 0 && k === 0;
      const isEnter = r === 3 && w === 2.25;
      const isAccent = isEscape || isEnter;
      const cap = isAccent ? colours.accent : colours.cap;
      const side = isAccent ? colours.accentSide : colours.capSide;
      if (glow) keys.push(rrect(x + 1, y + 1, w * u - 2, u - 2, u * 0.16, glow, { opacity: 0.55 }));
      keys.push(rrect(x + 3, y + 3, w * u - 6, u - 6, u * 0.14, side));
      keys.push(rrect(x + u * 0.12, y + u * 0.08, w * u - u * 0.24, u * 0.7, u * 0.12, cap));
      x += w * u;
    });
  });
  const pad = u * 0.45;
  return [
    rrect(x0 - pad, y0 - pad + 16, width + pad * 2, height + pad * 2, u * 0.5, colours.side),
    rrect(x0 - pad, y0 - pad, width + pad * 2, height + pad * 2, u * 0.5, colours.base),
    ...keys,
  ].join('');
}

function mouse(ctx: ArtContext, body: string, side: string, sport: boolean): string {
  const shape =
    'M0 -190 C 118 -190 124 -40 120 60 C 116 170 70 200 0 200 C -70 200 -116 170 -120 60 C -124 -40 -118 -190 0 -190 Z';
  return [
    path(shape, side, { transform: 'translate(6 14)' }),
    path(shape, body),
    line(0, -190, 0, -60, side, 4),
    path('M-120 -40 C -60 -24 60 -24 120 -40', 'none', { stroke: side, 'stroke-width': 4 }),
    rrect(-14, -150, 28, 70, 14, INK),
    ...[0, 1, 2, 3].map((i) => line(-10, -138 + i * 15, 10, -138 + i * 15, INK_3, 3)),
    sport
      ? path('M-118 10 C -140 60 -130 120 -100 150 L -92 40 Z', ctx.pal.accent) +
        rrect(-128, -10, 20, 40, 8, INK_3) +
        rrect(-128, 40, 20, 40, 8, INK_3)
      : '',
    ellipse(-50, -120, 36, 60, WHITE, { opacity: 0.16, transform: 'rotate(-12 -50 -120)' }),
  ].join('');
}

function mouseBody(ctx: ArtContext): { body: string; side: string } {
  return ctx.rng.pick([
    { body: INK_3, side: INK },
    { body: '#dfe3e8', side: '#aeb5bf' },
    { body: ctx.pal.accent, side: ctx.pal.accentDark },
  ]);
}

function drawKeyboard(ctx: ArtContext): string {
  const glow = has(ctx, 'redragon', 'gaming') ? '#ff3b3b' : null;
  if (has(ctx, 'combo', 'mk270')) {
    const m = mouseBody(ctx);
    return [
      group(keyboard(ctx, LAYOUT_FULL, 480, glow), 'translate(-60 0)'),
      group(mouse(ctx, m.body, m.side, false), 'translate(240 70) scale(0.55) rotate(12)'),
    ].join('');
  }
  const layout = has(ctx, 'mx-keys', 'full')
    ? LAYOUT_FULL
    : has(ctx, 'k2', 'keychron', '75')
      ? LAYOUT_75
      : has(ctx, 'k552', 'tkl', 'kumara')
        ? LAYOUT_TKL
        : ctx.rng.pick([LAYOUT_75, LAYOUT_TKL]);
  return group(keyboard(ctx, layout, 560, glow), 'rotate(-4)');
}

function drawMouse(ctx: ArtContext): string {
  const m = mouseBody(ctx);
  return group(mouse(ctx, m.body, m.side, has(ctx, 'master', 'gaming', 'deathadder')), 'rotate(-14) scale(1.05)');
}

// ------------------------------------------------------------------ chargers and power

function bodyColours(ctx: ArtContext, light = 0.5): { front: string; top: string; side: string } {
  if (ctx.rng.chance(light)) return { front: '#eceff3', top: WHITE, side: '#cfd4db' };
  return { front: INK_2, top: INK_3, side: INK };
}

function cubeCharger(ctx: ArtContext, ports: number, withCable: boolean): string {
  const colours = has(ctx, 'raspberry') ? { front: '#eceff3', top: WHITE, side: '#cfd4db' } : bodyColours(ctx);
  const x = -120;
  const y = -70;
  const w = 220;
  const h = 230;
  const d = 170;
  const tx = x + w / 2 + d * 0.275;
  const ty = y - d * 0.21;
  const prong = (px: number) =>
    rect(px - 11, ty - 100, 22, 100, METAL) +
    ellipse(px, ty - 100, 11, 5, METAL_LIGHT) +
    rect(px + 2, ty - 96, 5, 96, WHITE, { opacity: 0.4 });
  const portRow: string[] = [];
  for (let i = 0; i < ports; i++)
    portRow.push(i === 2 ? usbA(x + w / 2, y + 60 + i * 50, 70, 28) : usbC(x + w / 2, y + 60 + i * 50, 70, 24));
  return [
    withCable
      ? cableStroke(
          `M${x + w / 2} ${y + 100} C ${x + w / 2} 260, 240 260, 250 120`,
          colours.side === INK ? INK_2 : '#e4e7ec',
          20,
        )
      : '',
    withCable ? group(plug('usbc', colours.side === INK ? INK : WHITE), 'translate(250 40) rotate(10)') : '',
    prong(tx - 42),
    prong(tx + 42),
    box3d(x, y, w, h, d, colours),
    rect(x, y + h - 26, w, 8, ctx.pal.accent, { opacity: 0.85 }),
    ...(withCable ? [] : portRow),
    circle(x + w - 24, y + 22, 6, ctx.pal.accentLight),
  ].join('');
}

function brickAdapter(ctx: ArtContext): string {
  return [
    cableStroke('M60 80 C 90 240, 260 240, 250 80', INK_2, 16),
    group(
      [rrect(-22, 0, 44, 110, 12, INK), rect(-12, -60, 24, 62, METAL), circle(0, -60, 12, METAL_LIGHT)],
      'translate(250 60) rotate(8)',
    ),
    box3d(-240, -40, 330, 130, 200, { front: INK_2, top: INK_3, side: INK }),
    poly(
      [
        [-150, -96],
        [-30, -96],
        [-40, -70],
        [-160, -70],
      ],
      '#5b6270',
      { opacity: 0.8 },
    ),
    ...[0, 1, 2].map((i) => rect(-140 + i * 30, -88, 20, 6, '#8a919c')),
    path('M110 -10 L140 -34 L140 20 L110 44 Z', INK),
    circle(60, 80, 10, ctx.pal.accent),
  ].join('');
}

function drawCharger(ctx: ArtContext): string {
  if (has(ctx, 'adapter', 'mean-well')) return brickAdapter(ctx);
  if (has(ctx, 'power-supply')) return cubeCharger(ctx, 0, true);
  return cubeCharger(ctx, has(ctx, 'gan', '65w', '3-port') ? 3 : 1, false);
}

function powerButton(cx: number, cy: number, r: number, colour: string): string {
  return [
    circle(cx, cy, r, INK_2),
    path(`M${cx - r * 0.38} ${cy - r * 0.3} A${r * 0.5} ${r * 0.5} 0 1 0 ${cx + r * 0.38} ${cy - r * 0.3}`, 'none', {
      stroke: colour,
      'stroke-width': r * 0.14,
      'stroke-linecap': 'round',
    }),
    line(cx, cy - r * 0.55, cx, cy - r * 0.1, colour, r * 0.14),
  ].join('');
}

function miniUps(ctx: ArtContext): string {
  const colours = bodyColours(ctx, 0.75);
  return [
    cableStroke('M120 100 C 140 260, 280 220, 270 60', INK_2, 14),
    group([rrect(-20, 0, 40, 90, 12, INK), rect(-10, -50, 20, 52, METAL)], 'translate(270 40) rotate(6)'),
    box3d(-240, -70, 360, 210, 210, colours),
    powerButton(-180, 10, 30, ctx.pal.accentLight),
    ...[0, 1, 2, 3].map((i) => ledGlow(-120 + i * 30, 10, i < 3 ? '#39d353' : '#3b4150', 6)),
    ...[0, 1, 2].map((i) => circle(-150 + i * 80, 90, 20, INK) + circle(-150 + i * 80, 90, 7, METAL)),
    usbA(60, 30, 64, 26),
    rect(-240, -70, 360, 10, ctx.pal.accent),
  ].join('');
}

function powerBank(ctx: ArtContext): string {
  const colours = ctx.rng.pick([
    { front: INK_2, top: INK_3, side: INK },
    { front: ctx.pal.accentDark, top: ctx.pal.accent, side: ctx.pal.accentDeep },
    { front: ctx.pal.accent, top: ctx.pal.accentLight, side: ctx.pal.accentDark },
  ]);
  const lit = ctx.rng.int(2, 4);
  return [
    box3d(-150, -190, 250, 400, 90, colours),
    poly(
      [
        [-110, -200],
        [-60, -200],
        [-54, -212],
        [-104, -212],
      ],
      INK,
    ),
    poly(
      [
        [-20, -200],
        [20, -200],
        [26, -212],
        [-14, -212],
      ],
      INK,
    ),
    ...[0, 1, 2, 3].map((i) => ledGlow(-70 + i * 34, 160, i < lit ? ctx.pal.accentLight : '#5d6470', 7)),
    rrect(-50, 120, 60, 14, 7, colours.side),
    sheen(-140, -180, 60, 380, 24, 0.12),
  ].join('');
}

function drawPowerBank(ctx: ArtContext): string {
  return has(ctx, 'ups') ? miniUps(ctx) : powerBank(ctx);
}

function cell18650(wrap: string, dark: string): string {
  return [
    rrect(-210, -56, 420, 112, 18, wrap),
    rect(120, -56, 40, 112, dark),
    rrect(204, -44, 26, 88, 8, METAL),
    rrect(226, -22, 14, 44, 5, METAL_LIGHT),
    rrect(-218, -50, 14, 100, 5, METAL_DARK),
    rect(180, -56, 10, 112, WHITE, { opacity: 0.85 }),
    rrect(-196, -44, 380, 22, 11, WHITE, { opacity: 0.22 }),
    rect(-120, -10, 180, 8, WHITE, { opacity: 0.3 }),
    rect(-120, 10, 120, 8, WHITE, { opacity: 0.3 }),
  ].join('');
}

function cellAa(wrap: string, band: string): string {
  return [
    rrect(-48, -186, 96, 372, 16, wrap),
    rect(-48, 40, 96, 70, band),
    rrect(-48, -196, 96, 20, 8, METAL_LIGHT),
    rrect(-18, -214, 36, 24, 7, METAL),
    rrect(-48, 178, 96, 16, 6, METAL),
    rrect(-36, -170, 22, 330, 11, WHITE, { opacity: 0.25 }),
  ].join('');
}

function drawBattery(ctx: ArtContext): string {
  if (has(ctx, 'aa', 'eneloop')) {
    return [-165, -55, 55, 165]
      .map((x, i) =>
        group(
          cellAa(i % 2 ? '#f4f6f9' : WHITE, ctx.pal.accent),
          `translate(${x} ${10 + Math.abs(i - 1.5) * 12}) rotate(${(i - 1.5) * 5})`,
        ),
      )
      .join('');
  }
  return [
    group(cell18650(ctx.pal.accent, ctx.pal.accentDark), 'translate(-10 -80) rotate(-22)'),
    group(cell18650(ctx.pal.accent, ctx.pal.accentDark), 'translate(20 80) rotate(-22)'),
  ].join('');
}

// ------------------------------------------------------------------ audio and phone

function earbud(colour: string, shade: string, tip: string): string {
  return [
    rrect(-22, 10, 44, 170, 22, shade, { transform: 'rotate(-8) translate(4 4)' }),
    rrect(-22, 10, 44, 170, 22, colour, { transform: 'rotate(-8)' }),
    ellipse(-46, -8, 34, 36, tip),
    ellipse(4, -6, 66, 58, shade),
    ellipse(0, -10, 64, 56, colour),
    ellipse(14, -20, 26, 22, WHITE, { opacity: 0.18 }),
    circle(30, -6, 10, METAL_DARK, { opacity: 0.5 }),
  ].join('');
}

function drawEarbuds(ctx: ArtContext): string {
  const light = ctx.rng.chance(0.4);
  const colour = light ? '#f4f6f9' : ctx.pal.accentDeep;
  const shade = light ? '#cdd3db' : hsl(ctx.pal.hue, 50, 16);
  const tip = light ? '#dfe3e8' : INK_3;
  return [
    rrect(-250, -20, 300, 200, 90, shade),
    rrect(-250, -34, 300, 200, 90, colour),
    line(-240, 40, 40, 40, shade, 4),
    ledGlow(-100, 120, '#39d353', 6),
    ellipse(-170, 0, 50, 24, WHITE, { opacity: 0.16 }),
    group(earbud(colour, shade, tip), 'translate(120 -110) rotate(10)'),
    group(earbud(colour, shade, tip), 'translate(210 -10) rotate(-16) scale(-1 1)'),
  ].join('');
}

function drawPhoneCase(ctx: ArtContext): string {
  const clear = has(ctx, 'clear', 'hybrid');
  const caseColour = clear ? WHITE : ctx.pal.accent;
  const screen = el(
    'defs',
    {},
    el(
      'linearGradient',
      { id: 'phone-screen', x1: 0, y1: 0, x2: 1, y2: 1 },
      el('stop', { offset: 0, 'stop-color': ctx.pal.accentLight }) +
        el('stop', { offset: 1, 'stop-color': hsl(ctx.pal.hue + 60, 70, 45) }),
    ),
  );
  return [
    screen,
    group(
      [
        rrect(-125, -250, 250, 500, 46, INK),
        rrect(-113, -238, 226, 476, 36, 'url(#phone-screen)'),
        rrect(-36, -224, 72, 20, 10, INK),
      ],
      'translate(90 0) rotate(10)',
    ),
    group(
      [
        rrect(-135, -262, 270, 524, 56, clear ? hsl(ctx.pal.hue, 20, 80) : ctx.pal.accentDark),
        rrect(-125, -252, 250, 504, 48, clear ? ctx.pal.accentPale : caseColour, { opacity: clear ? 0.96 : 1 }),
        clear ? rrect(-125, -252, 250, 504, 48, 'none', { stroke: WHITE, 'stroke-width': 12, opacity: 0.7 }) : '',
        rrect(-108, -234, 116, 116, 30, clear ? hsl(ctx.pal.hue, 25, 78) : ctx.pal.accentDark),
        ...[
          [-72, -198],
          [-28, -156],
        ].map(
          ([cx, cy]) =>
            circle(cx ?? 0, cy ?? 0, 26, METAL_DARK) +
            circle(cx ?? 0, cy ?? 0, 19, INK) +
            circle((cx ?? 0) - 5, (cy ?? 0) - 5, 5, WHITE, { opacity: 0.6 }),
        ),
        circle(-28, -204, 9, '#fff2c0'),
        rrect(-100, -90, 34, 180, 17, WHITE, { opacity: 0.22 }),
      ],
      'translate(-90 10) rotate(-8)',
    ),
  ].join('');
}

// ------------------------------------------------------------------ networking

function antenna(x: number, y: number, angle: number, colour: string, shade: string): string {
  return group(
    [
      rrect(-17, -250, 34, 250, 17, colour),
      rect(6, -240, 6, 220, WHITE, { opacity: 0.2 }),
      rrect(-22, -24, 44, 36, 10, shade),
    ],
    `translate(${x} ${y}) rotate(${angle})`,
  );
}

function router(ctx: ArtContext): string {
  const colours = bodyColours(ctx);
  const count = has(ctx, 'wr840n', 'n300') ? 2 : has(ctx, 'c6', 'ac1200') ? 4 : ctx.rng.int(2, 4);
  const spots = count === 2 ? [-80, 180] : count === 3 ? [-80, 50, 180] : [-110, 0, 110, 220];
  const vents: string[] = [];
  for (let i = 0; i < 9; i++) vents.push(line(-150 + i * 30, -40, -110 + i * 30, -70, colours.side, 5));
  return [
    ...spots.map((x, i) => antenna(x, -84, (i - (spots.length - 1) / 2) * 9, colours.front, colours.side)),
    box3d(-240, -10, 430, 80, 200, colours),
    ...vents,
    ...[0, 1, 2, 3, 4, 5].map((i) => ledGlow(-200 + i * 36, 30, i === 0 ? ctx.pal.accentLight : '#39d353', 5)),
    rect(-240, 60, 430, 10, ctx.pal.accent, { opacity: 0.7 }),
  ].join('');
}

function networkSwitch(ctx: ArtContext): string {
  const colours = { front: '#5d6572', top: '#8a929e', side: '#4a515c' };
  const ports: string[] = [];
  for (let i = 0; i < 8; i++) {
    const x = -230 + i * 50;
    ports.push(
      rrect(x, 20, 40, 34, 3, INK),
      rect(x + 12, 48, 16, 6, INK_2),
      rect(x + 6, 22, 28, 4, GOLD, { opacity: 0.7 }),
      ledGlow(x + 20, 4, i % 3 === 2 ? '#3b4150' : '#39d353', 4),
    );
  }
  return [box3d(-250, -20, 430, 100, 160, colours), ...ports, ledGlow(170, 0, ctx.pal.accentLight, 5)].join('');
}

function meshTower(cx: number, bottom: number, w: number, h: number, accent: string): string {
  const top = bottom - h;
  return [
    ellipse(cx, bottom, w / 2, w * 0.16, '#c9ced6'),
    rect(cx - w / 2, top, w, h, '#f1f3f6'),
    rect(cx + w * 0.1, top, w * 0.4, h, '#dde1e7'),
    ellipse(cx, top, w / 2, w * 0.16, WHITE),
    ellipse(cx, top, w / 2 - 14, w * 0.16 - 5, '#e9ecf0'),
    rect(cx - w / 2, top + 40, w, 10, accent, { opacity: 0.8 }),
    ledGlow(cx - w * 0.25, bottom - 40, accent, 5),
  ].join('');
}

function drawRouter(ctx: ArtContext): string {
  if (has(ctx, 'switch')) return networkSwitch(ctx);
  if (has(ctx, 'deco', 'mesh'))
    return meshTower(-100, 170, 190, 340, ctx.pal.accent) + meshTower(120, 210, 170, 280, ctx.pal.accent);
  if (has(ctx, 'unifi', 'access-point')) {
    return [
      ellipse(0, 60, 250, 80, '#c9ced6'),
      ellipse(0, 36, 250, 80, WHITE),
      ellipse(0, 36, 100, 30, 'none', { stroke: ctx.pal.accent, 'stroke-width': 22, opacity: 0.25 }),
      ellipse(0, 36, 100, 30, 'none', { stroke: ctx.pal.accentLight, 'stroke-width': 10 }),
      ellipse(-90, 6, 70, 18, WHITE, { opacity: 0.6 }),
    ].join('');
  }
  return router(ctx);
}

// ------------------------------------------------------------------ smart home

function drawSmartPlug(ctx: ArtContext): string {
  if (has(ctx, 'basic', 'inline')) {
    return [
      cableStroke('M-190 0 C -260 0, -260 90, -320 110', '#e4e7ec', 30),
      cableStroke('M190 0 C 260 0, 260 -90, 320 -110', '#e4e7ec', 30),
      slab(-200, -80, 400, 160, 36, WHITE, '#cdd3db', 16),
      rrect(-190, -70, 70, 140, 20, '#edf0f3'),
      rrect(120, -70, 70, 140, 20, '#edf0f3'),
      rrect(-40, -40, 80, 80, 20, '#e3e7ec'),
      ledGlow(0, 0, ctx.pal.accent, 9),
      rect(-100, 40, 60, 6, ctx.pal.accentLight),
    ].join('');
  }
  return [
    rrect(-150, -150, 300, 320, 70, '#cdd3db'),
    rrect(-160, -170, 300, 320, 70, WHITE),
    circle(-10, -10, 110, '#dde1e7'),
    circle(-10, -10, 98, '#eef0f3'),
    circle(-48, -10, 14, INK_2),
    circle(28, -10, 14, INK_2),
    rrect(-22, -110, 24, 16, 4, METAL),
    rrect(-22, 74, 24, 16, 4, METAL),
    circle(96, -130, 18, '#e3e7ec'),
    ledGlow(96, -130, ctx.pal.accent, 6),
    sheen(-144, -156, 120, 60, 30, 0.4),
  ].join('');
}

function drawBulb(ctx: ArtContext): string {
  const defs = el(
    'defs',
    {},
    el(
      'radialGradient',
      { id: 'bulb-glass', cx: 0.42, cy: 0.38, r: 0.7 },
      el('stop', { offset: 0, 'stop-color': WHITE }) +
        el('stop', { offset: 0.55, 'stop-color': hsl(ctx.pal.hue, 95, 80) }) +
        el('stop', { offset: 1, 'stop-color': hsl(ctx.pal.hue, 80, 60) }),
    ),
  );
  const rays = [-150, -120, -90, -60, -30].map((deg) => {
    const a = (deg * Math.PI) / 180;
    return line(
      Math.cos(a) * 200,
      -90 + Math.sin(a) * 200,
      Math.cos(a) * 240,
      -90 + Math.sin(a) * 240,
      ctx.pal.accent,
      12,
      { opacity: 0.55 },
    );
  });
  const dots = [hsl(ctx.pal.hue + 120, 80, 60), hsl(ctx.pal.hue + 200, 80, 60), hsl(ctx.pal.hue + 280, 80, 60)];
  return [
    defs,
    circle(0, -90, 230, ctx.pal.accentLight, { opacity: 0.18 }),
    ...rays,
    path('M-62 110 C -62 60, -150 20, -150 -90 A150 150 0 1 1 150 -90 C 150 20, 62 60, 62 110 Z', 'url(#bulb-glass)'),
    ellipse(-60, -150, 34, 50, WHITE, { opacity: 0.5, transform: 'rotate(30 -60 -150)' }),
    rrect(-70, 100, 140, 34, 10, '#eef0f3'),
    ...[0, 1, 2, 3].map((i) => rrect(-58 + i * 2, 132 + i * 24, 116 - i * 4, 20, 10, i % 2 ? METAL_DARK : METAL)),
    path('M-40 226 L40 226 L22 256 L-22 256 Z', INK_2),
    circle(0, 258, 12, METAL_DARK),
    ...dots.map((colour, i) => circle(180, -40 + i * 44, 14, colour)),
  ].join('');
}

function drawCamera(ctx: ArtContext): string {
  const boxy = has(ctx, 'xiaomi', 'c300') || ctx.rng.chance(0.2);
  const irs: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (i / 6) * Math.PI * 2 + 0.5;
    irs.push(circle(Math.cos(a) * 74, -60 + Math.sin(a) * 74, 7, '#3a1d24'));
  }
  return [
    rrect(-140, 70, 280, 150, 60, '#cfd4db'),
    rrect(-140, 60, 280, 146, 60, '#f3f5f8'),
    ...[0, 1, 2, 3, 4].map((i) => circle(-40 + i * 20, 170, 4, '#b3bac4')),
    boxy
      ? rrect(-150, -210, 300, 290, 110, '#dde1e7') + rrect(-156, -220, 300, 290, 110, WHITE)
      : circle(6, -54, 150, '#dde1e7') + circle(0, -60, 150, WHITE),
    boxy ? rrect(-112, -170, 224, 220, 90, INK) : circle(0, -60, 106, INK),
    ...irs,
    circle(0, -60, 54, INK_2),
    circle(0, -60, 40, hsl(248, 50, 26)),
    circle(0, -60, 22, hsl(215, 80, 48)),
    circle(-12, -72, 8, WHITE, { opacity: 0.8 }),
    ledGlow(0, 10, ctx.pal.accentLight, 5),
    ellipse(-90, -150, 30, 18, WHITE, { opacity: 0.6, transform: 'rotate(-35 -90 -150)' }),
  ].join('');
}

// ------------------------------------------------------------------ storage

function pseudoText(x: number, y: number, widths: readonly number[], colour: string, h = 10): string {
  return widths.map((w, i) => rrect(x, y + i * (h + 8), w, h, h / 2, colour)).join('');
}

function nvme(ctx: ArtContext): string {
  const fingers: string[] = [];
  for (let i = 0; i < 18; i++) if (i !== 4) fingers.push(rect(-266, -62 + i * 7, 30, 4, GOLD));
  return [
    rrect(-270, -64, 540, 140, 10, hsl(0, 0, 8)),
    rrect(-270, -76, 540, 140, 10, hsl(0, 0, 16)),
    ...fingers,
    rect(-272, -36, 30, 10, hsl(0, 0, 8)),
    rrect(-214, -62, 440, 112, 8, INK_2),
    rect(-214, -62, 440, 24, ctx.pal.accent),
    pseudoText(-190, -20, [180, 120, 150], '#8a919c'),
    circle(268, -6, 18, GOLD),
    circle(268, -6, 9, hsl(0, 0, 8)),
  ].join('');
}

function sdCards(ctx: ArtContext): string {
  const micro = 'M0 0 H110 V28 L120 38 V150 H0 V52 L-8 44 V6 Z';
  const sd = 'M0 0 H150 L190 40 V250 H0 Z';
  return [
    group(
      [
        path(sd, INK_2),
        rect(20, 30, 110, 120, INK),
        rect(170, 90, 14, 40, WHITE),
        pseudoText(30, 180, [100, 70], '#5d6470'),
      ],
      'translate(-200 -150) rotate(-10)',
    ),
    group(
      [
        path(micro, ctx.pal.accent, { transform: 'scale(1.6)' }),
        rect(0, 150, 192, 90, hsl(ctx.pal.hue, 20, 22), { transform: 'translate(0 0)' }),
        path(micro, 'none', { stroke: ctx.pal.accentDark, 'stroke-width': 3, transform: 'scale(1.6)' }),
        pseudoText(24, 30, [110, 70], WHITE),
        circle(140, 196, 22, GOLD),
      ],
      'translate(-20 -120) rotate(8)',
    ),
  ].join('');
}

function portableSsd(ctx: ArtContext): string {
  return [
    cableStroke('M250 0 C 330 40, 300 200, 150 220', INK_2, 14),
    group(plug('usbc', INK), 'translate(90 220) rotate(-90) scale(0.8)'),
    rrect(-250, -140, 500, 300, 44, ctx.pal.accentDark),
    rrect(-250, -160, 500, 300, 44, ctx.pal.accent),
    rrect(-250, -160, 120, 300, 44, ctx.pal.accentDark, { opacity: 0.6 }),
    rrect(-110, -140, 340, 20, 10, WHITE, { opacity: 0.2 }),
    rrect(244, -22, 14, 44, 6, INK),
  ].join('');
}

function flashDrive(ctx: ArtContext): string {
  return group(
    [
      rrect(-48, -270, 96, 150, 6, METAL_LIGHT),
      rect(-26, -240, 18, 18, INK_2),
      rect(8, -240, 18, 18, INK_2),
      rrect(-64, -130, 128, 300, 24, METAL),
      rrect(-50, -110, 100, 210, 16, INK_2),
      rect(-50, 40, 100, 16, ctx.pal.accent),
      rrect(-40, -100, 24, 190, 12, WHITE, { opacity: 0.12 }),
      circle(0, 190, 34, 'none', { stroke: METAL_DARK, 'stroke-width': 12 }),
    ],
    'rotate(-30) translate(0 20)',
  );
}

function drawStorage(ctx: ArtContext): string {
  if (has(ctx, 'nvme', 'm-2', 'm2')) return nvme(ctx);
  if (has(ctx, 'microsd', 'sd-card', 'sdxc')) return sdCards(ctx);
  if (has(ctx, 'portable', 't7', 'external')) return portableSsd(ctx);
  if (has(ctx, 'flash', 'usb')) return flashDrive(ctx);
  return [
    slab(-220, -150, 440, 300, 20, METAL, METAL_DARK, 16),
    rrect(-190, -120, 380, 200, 12, INK_2),
    rect(-190, -120, 380, 30, ctx.pal.accent),
    pseudoText(-160, -60, [200, 140], '#8a919c'),
  ].join('');
}

// ------------------------------------------------------------------ robotics

function wheel(x: number, y: number, w: number, h: number): string {
  const treads: string[] = [];
  for (let i = 1; i < 8; i++) treads.push(line(x + 6, y + (i * h) / 8, x + w - 6, y + (i * h) / 8, INK_3, 5));
  return rrect(x, y, w, h, 20, INK) + treads.join('');
}

function drawRobot(ctx: ArtContext): string {
  const twoWheel = has(ctx, '2wd', 'chassis');
  const clear = twoWheel || ctx.rng.chance(0.3);
  const plate = clear
    ? { fill: ctx.pal.accentLight, a: { opacity: 0.6, stroke: ctx.pal.accent, 'stroke-width': 6 } }
    : { fill: INK_2, a: {} };
  const motors =
    rect(-230, -150, 460, 70, hsl(48, 95, 55)) + (twoWheel ? '' : rect(-230, 80, 460, 70, hsl(48, 95, 55)));
  const wheels = [
    wheel(-280, -200, 72, 170),
    wheel(208, -200, 72, 170),
    ...(twoWheel ? [circle(0, 190, 34, METAL_DARK)] : [wheel(-280, 30, 72, 170), wheel(208, 30, 72, 170)]),
  ];
  return [
    motors,
    ...wheels,
    rrect(-200, -240, 400, 440, 44, plate.fill, plate.a),
    ...[
      [-170, -210],
      [170, -210],
      [-170, 170],
      [170, 170],
    ].map(([x, y]) => circle(x ?? 0, y ?? 0, 12, GOLD)),
    rrect(-110, -90, 220, 160, 12, hsl(185, 60, 32)),
    chipQfp(-20, -10, 56),
    header(-90, 36, 8, 1, 20),
    rrect(-124, -70, 40, 40, 6, METAL),
    rrect(-130, 100, 260, 74, 14, INK),
    ...[-60, 60].map((x) => rrect(x - 52, 112, 104, 50, 20, twoWheel ? '#e8c36a' : '#e1568a')),
    rrect(-110, -306, 220, 78, 12, hsl(215, 70, 40)),
    circle(-52, -267, 30, METAL),
    circle(-52, -267, 20, INK_2),
    circle(52, -267, 30, METAL),
    circle(52, -267, 20, INK_2),
    twoWheel ? '' : rrect(-26, -340, 52, 40, 8, INK) + circle(0, -320, 12, hsl(215, 80, 50)),
  ].join('');
}

function servo(ctx: ArtContext): string {
  const metal = has(ctx, 'mg996', 'metal');
  const colours = metal
    ? { front: INK_2, top: INK_3, side: INK }
    : { front: ctx.pal.accent, top: ctx.pal.accentLight, side: ctx.pal.accentDark };
  const flange = { front: colours.front, top: colours.top, side: colours.side };
  const hornArm = (angle: number) => rrect(-120, -18, 240, 36, 18, WHITE, { transform: `rotate(${angle})` });
  return [
    stroke('M60 110 C 120 230, 240 180, 260 90', '#6b3e26', 10),
    stroke('M70 110 C 130 240, 252 190, 272 90', '#d63b3b', 10),
    stroke('M80 110 C 140 250, 264 200, 284 90', '#f08a24', 10),
    rrect(246, 20, 50, 80, 6, INK),
    box3d(-200, -10, 340, 26, 130, flange),
    ellipse(-180 + 36, -10 - 27, 14, 6, INK),
    ellipse(120 + 36, -10 - 27, 14, 6, INK),
    box3d(-140, -40, 220, 170, 130, colours),
    rect(-120 + 36, -94 - 40, 72, 50, colours.front),
    rect(-120 + 72, -94 - 40, 36, 50, colours.side, { opacity: 0.6 }),
    ellipse(-48, -134, 36, 15, colours.top),
    group(
      [
        hornArm(0),
        hornArm(90),
        circle(0, 0, 30, '#eef0f3'),
        circle(0, 0, 10, METAL_DARK),
        ...[-90, -60, 60, 90].map((o) => circle(o, 0, 5, '#c2c8d0')),
      ],
      'translate(-48 -138) scale(1 0.42)',
    ),
    sheen(-134, -30, 60, 150, 10, 0.12),
  ].join('');
}

function stepper(ctx: ArtContext): string {
  const wires = ['#3b8cff', '#e84a4a', '#f08a24', '#f2c94c', '#ff8fb1'];
  return [
    ...wires.map((colour, i) =>
      stroke(`M${-80 + i * 10} 130 C ${-60 + i * 10} 230, 120 ${200 - i * 6}, ${150 + i * 14} 110`, colour, 8),
    ),
    rrect(-270, -34, 380, 68, 34, METAL_DARK),
    circle(-250, 0, 12, ctx.pal.accentDeep),
    circle(90, 0, 12, ctx.pal.accentDeep),
    circle(-80, 0, 150, METAL_DARK),
    circle(-80, 0, 140, METAL),
    circle(-80, 0, 118, METAL_LIGHT),
    rrect(-120, 110, 80, 50, 10, hsl(215, 70, 50)),
    circle(-80, -60, 40, GOLD),
    circle(-80, -60, 20, METAL_DARK),
    rect(-84, -76, 8, 32, METAL_LIGHT),
    slab(100, 40, 200, 180, 10, hsl(140, 55, 32), hsl(140, 50, 18), 10),
    chipDual(190, 150, 110, 36, 8),
    rrect(120, 60, 110, 36, 4, WHITE),
    ...[0, 1, 2, 3].map((i) => ledGlow(130 + i * 34, 120, '#ff4d4d', 5)),
  ].join('');
}

function ttMotor(): string {
  const yellow = hsl(48, 95, 55);
  const notches: string[] = [];
  for (let i = 0; i < 24; i++) {
    const a = (i / 24) * Math.PI * 2;
    notches.push(circle(-130 + Math.cos(a) * 162, 10 + Math.sin(a) * 162, 10, INK_3));
  }
  return [
    stroke('M250 -30 C 300 -80, 290 -150, 240 -190', '#d63b3b', 8),
    stroke('M260 -10 C 320 -60, 320 -150, 270 -200', INK_2, 8),
    rrect(-60, -80, 270, 140, 30, hsl(48, 80, 42)),
    rrect(-60, -90, 270, 140, 30, yellow),
    rrect(180, -70, 110, 100, 40, METAL),
    rect(280, -40, 14, 40, GOLD),
    circle(-130, 10, 170, INK),
    ...notches,
    circle(-130, 10, 110, yellow),
    ...[0, 60, 120].map((deg) => rrect(-240, 0, 220, 20, 10, hsl(48, 80, 42), { transform: `rotate(${deg} -130 10)` })),
    circle(-130, 10, 34, hsl(48, 80, 42)),
    circle(-130, 10, 14, WHITE),
  ].join('');
}

function drawMotor(ctx: ArtContext): string {
  if (has(ctx, 'servo', 'sg90', 'mg996')) return servo(ctx);
  if (has(ctx, 'stepper', '28byj')) return stepper(ctx);
  return ttMotor();
}

// ------------------------------------------------------------------ enclosures and coolers

function fan(cx: number, cy: number, r: number, hub: string): string {
  const blades: string[] = [];
  for (let i = 0; i < 7; i++)
    blades.push(
      path(
        `M0 0 C ${r * 0.3} ${-r * 0.2}, ${r * 0.6} ${-r * 0.1}, ${r * 0.9} ${r * 0.2} C ${r * 0.5} ${r * 0.25}, ${r * 0.2} ${r * 0.15}, 0 0 Z`,
        INK_3,
        { transform: `rotate(${i * (360 / 7)})` },
      ),
    );
  return group([circle(0, 0, r, INK), ...blades, circle(0, 0, r * 0.32, hub)], `translate(${cx} ${cy})`);
}

function drawEnclosure(ctx: ArtContext): string {
  if (has(ctx, 'cooler', 'heatsink')) {
    const fins: string[] = [];
    for (let i = 0; i < 12; i++)
      fins.push(rrect(-220 + i * 22, -170, 14, 150 + (i > 6 ? 0 : 150), 4, i % 2 ? METAL_LIGHT : METAL));
    return [
      cableStroke('M150 160 C 220 220, 260 120, 280 200', INK_2, 8),
      rrect(264, 190, 36, 28, 4, WHITE),
      slab(-240, -190, 440, 380, 22, METAL_DARK, '#6f7785', 14),
      ...fins,
      fan(90, 70, 110, INK_3),
      ...[
        [-220, -170],
        [180, -170],
        [-220, 170],
        [180, 170],
      ].map(([x, y]) => circle(x ?? 0, y ?? 0, 16, ctx.pal.accent)),
    ].join('');
  }
  const base = { front: ctx.pal.accent, top: ctx.pal.accentLight, side: ctx.pal.accentDark };
  const lid = { front: '#eceff3', top: WHITE, side: '#cfd4db' };
  return [
    box3d(-240, 0, 380, 130, 260, base),
    ...[0, 1, 2].map((i) => rrect(-210 + i * 60, 50, 40, 18, 8, INK)),
    rrect(-20, 40, 70, 44, 6, INK),
    rrect(70, 40, 50, 44, 6, INK),
    box3d(-240, -60, 380, 60, 260, lid),
    group(fan(0, 0, 92, WHITE), 'translate(21 -115) scale(1 0.5) rotate(0)'),
    ellipse(21, -115, 100, 52, 'none', { stroke: '#d5d9df', 'stroke-width': 6 }),
  ].join('');
}

// ------------------------------------------------------------------ the map

export const ART_DRAWERS: Record<ArtKind, (ctx: ArtContext) => string> = {
  board: drawBoard,
  sensor: drawSensor,
  component: drawComponent,
  module: drawModule,
  tool: drawTool,
  cable: drawCable,
  keyboard: drawKeyboard,
  mouse: drawMouse,
  charger: drawCharger,
  earbuds: drawEarbuds,
  router: drawRouter,
  'smart-plug': drawSmartPlug,
  bulb: drawBulb,
  camera: drawCamera,
  storage: drawStorage,
  display: drawDisplay,
  'power-bank': drawPowerBank,
  'phone-case': drawPhoneCase,
  robot: drawRobot,
  solder: drawSolder,
  battery: drawBattery,
  motor: drawMotor,
  enclosure: drawEnclosure,
};
