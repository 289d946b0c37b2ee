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
const LED_COLOURS = ['#ff4d4d', '#39d353', '#3aa0ff', '#ffb020', '#ffffff'] as const;

// ------------------------------------------------------------------ SVG primitives

export type Attrs = Record<string, string | number | undefined>;
type Point = readonly [number, number];

export const fmt = (value: number) => String(Math.round(value * 100) / 100);

export function el(tag: string, attrs: Attrs, children = ''): string {
  let out = `<${tag}`;
  for (const [key, value] of Object.entries(attrs)) {
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
  path(d, 'none', { stroke: colour, 'stroke-width': width, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', ...a });

/** A rounded slab seen slightly from above: a darker edge under the top face. */
export function slab(x: number, y: number, w: number, h: number, r: number, top: string, side: string, depth = 12): string {
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
  return circle(cx, cy, r * 3.2, colour, { opacity: 0.18 }) + circle(cx, cy, r * 1.8, colour, { opacity: 0.3 }) + circle(cx, cy, r, colour);
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
  return rrect(cx - w / 2, cy - h / 2, w, h, h / 2, METAL) + rrect(cx - w / 2 + 6, cy - h / 2 + 5, w - 12, h - 10, (h - 10) / 2, INK);
}

export function usbA(cx: number, cy: number, w = 70, h = 30): string {
  return rrect(cx - w / 2, cy - h / 2, w, h, 3, METAL) + rect(cx - w / 2 + 5, cy - h / 2 + 5, w - 10, h - 10, INK) + rect(cx - w / 2 + 9, cy - h / 2 + 5, w - 18, h / 3, '#3d7bd8');
}

/** Seven-segment digits (`0-9`, `.`, `-`, space), unlit segments faintly visible. */
export function sevenSeg(x: number, y: number, height: number, text: string, on: string, off: string): string {
  const SEGMENTS: Record<string, string> = {
    '0': 'abcdef', '1': 'bc', '2': 'abged', '3': 'abgcd', '4': 'fgbc', '5': 'afgcd', '6': 'afgedc', '7': 'abc', '8': 'abcdefg', '9': 'abcdfg', '-': 'g', ' ': '',
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
  return stroke(d, colour, width) + stroke(d, WHITE, width * 0.22, { opacity: highlight, transform: `translate(${-width * 0.18} ${-width * 0.18})` });
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
  return points.map(([x, y]) => circle(x, y, 15, GOLD) + circle(x, y, 8, hsl(0, 0, 12)) + circle(x, y, 15, 'none', { stroke: pcb, 'stroke-width': 1, opacity: 0.3 })).join('');
}

function traces(ctx: ArtContext, x: number, y: number, w: number, h: number, colour: string): string {
  const out: string[] = [];
  const count = ctx.rng.int(5, 8);
  for (let i = 0; i < count; i++) {
    const sx = x + ctx.rng.range(0.05, 0.95) * w;
    const sy = y + ctx.rng.range(0.1, 0.9) * h;
    const mx = sx + ctx.rng.range(-0.3, 0.3) * w;
    const my = y + ctx.rng.range(0.1, 0.9) * h;
    out.push(stroke(`M${fmt(sx)} ${fmt(sy)} L${fmt(sx)} ${fmt(my - (my - sy) * 0.3)} L${fmt(mx)} ${fmt(my)}`, colour, 4, { opacity: 0.55 }));
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
      vertical ? rect(px, py, 22, 12, METAL) + rect(px + 5, py, 12, 12, body) : rect(px, py, 12, 22, METAL) + rect(px, py + 5, 12, 12, body),
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
    if (i < legs - 1) meander.push(`L${fmt(x + (w * 0.76) / (legs - 1))} ${fmt(top + (i % 2 === 0 ? antennaH * 0.25 : antennaH * 0.8))}`);
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
  parts.push(rrect(-170, -22, 24, 16, 3, METAL), ledGlow(-150, 26, ledColour(ctx), 6), ledGlow(-120, 26, ledColour(ctx), 6));
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
    mountingHoles([[x + 28, y + 28], [x + 28, y + h - 28], [x + w - 130, y + 28], [x + w - 130, y + h - 28]], pcb),
    header(x + 62, y + 10, 20, 2, 16),
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
    mountingHoles([[x + 30, y + 32], [x + w - 30, y + 32], [x + 30, y + h - 32], [x + w - 30, y + h - 32]], pcb),
    header(x + 130, y + 14, 10, 1, 22),
    header(x + 360 - (wide ? 0 : 30), y + 14, wide ? 6 : 8, 1, 22),
    header(x + 150, y + h - 38, 8, 1, 22),
    header(x + 340, y + h - 38, 6, 1, 22),
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
  if (holes) parts.push(mountingHoles([[x + 22, y + 22], [x + w - 22, y + 22]], pcb));
  return parts.join('');
}

function ultrasonicEye(cx: number, cy: number): string {
  const mesh: string[] = [];
  for (let r = -3; r <= 3; r++) for (let c = -3; c <= 3; c++) if (r * r + c * c <= 10) mesh.push(circle(cx + c * 12, cy + r * 12, 3.2, INK_3));
  return [circle(cx, cy, 82, METAL_DARK), circle(cx, cy, 76, METAL), circle(cx, cy, 62, METAL_LIGHT), circle(cx, cy, 56, INK_2), ...mesh].join('');
}

function sensorUltrasonic(ctx: ArtContext): string {
  return [smallPcb(-240, -120, 480, 210, ctx, false), ultrasonicEye(-120, -12), ultrasonicEye(120, -12), rrect(-22, -76, 44, 22, 10, METAL), pinLegs(-48, 90, 4, 60)].join('');
}

function sensorPir(ctx: ArtContext): string {
  const rings = [110, 82, 54, 26].map((r) => circle(0, -30, r, 'none', { stroke: hsl(0, 0, 82), 'stroke-width': 3 })).join('');
  const grid = [-66, -22, 22, 66].map((o) => line(o, -140 + Math.abs(o) * 0.2, o, 80 - Math.abs(o) * 0.2, hsl(0, 0, 84), 3) + line(-140 + Math.abs(o) * 0.2, o - 30, 140 - Math.abs(o) * 0.2, o - 30, hsl(0, 0, 84), 3)).join('');
  return [smallPcb(-170, -190, 340, 320, ctx), circle(0, -30, 142, hsl(0, 0, 88)), circle(0, -30, 136, WHITE), grid, rings, ellipse(-44, -90, 50, 30, WHITE, { opacity: 0.8 }), pinLegs(-36, 130, 3, 60)].join('');
}

function sensorDht(ctx: ArtContext): string {
  const slots: string[] = [];
  for (let r = 0; r < 6; r++) for (let c = 0; c < 4; c++) slots.push(rrect(-62 + c * 34, -170 + r * 34, 22, 22, 4, hsl(ctx.pal.hue, 20, 78)));
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
  const cable = 'M-40 -20 C 120 -40, 200 80, 80 130 S -160 170, -200 60';
  return [
    cableStroke(cable, INK_2, 22),
    stroke('M-200 60 L-220 20', '#e34b4b', 6) + stroke('M-200 60 L-236 36', '#f2c94c', 6) + stroke('M-200 60 L-206 10', INK, 6),
    group([rrect(-200, -60, 200, 64, 30, METAL), rrect(-190, -52, 170, 18, 9, METAL_LIGHT), rrect(-10, -50, 48, 44, 8, INK)], 'rotate(-18 -40 -20)'),
    ledGlow(150, -120, ctx.pal.accentLight, 10),
  ].join('');
}

function sensorSoil(ctx: ArtContext): string {
  const pcb = hsl(ctx.pal.hue, 30, 18);
  return [
    path('M-70 -220 H70 a14 14 0 0 1 14 14 V150 L0 230 L-84 150 V-206 a14 14 0 0 1 14 -14 Z', hsl(ctx.pal.hue, 30, 10), { transform: 'translate(0 10)' }),
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
  if (has(ctx, 'dht', 'humidity-sensor')) return sensorDht(ctx);
  if (has(ctx, 'probe', 'ds18b20')) return sensorProbe(ctx);
  if (has(ctx, 'soil')) return sensorSoil(ctx);
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
  return [smallPcb(-130, -190, 260, 360, { ...ctx, pal: paletteFor(220) }, false), rfModule(0, -100, 220, 150, hsl(220, 60, 34)), chipQfp(0, 60, 70), header(-88, 130, 4, 2, 22)].join('');
}

function moduleGeneric(ctx: ArtContext): string {
  return [smallPcb(-220, -140, 440, 280, ctx), chipQfp(-40, 0, 90), screwTerminal(100, -70, 2, '#2f6fd0'), passives(ctx, 80, 30, 4), header(-160, 90, 8, 1, 24)].join('');
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
  for (let r = 0; r < 7; r++) for (let c = 0; c < 5; c++) if (rng.chance(0.42)) out.push(rect(x + c * dot, y + r * dot, dot * 0.86, dot * 0.86, on));
  return out.join('');
}

function displayLcd(ctx: ArtContext): string {
  const panel = has(ctx, 'lcd') && ctx.rng.chance(0.5) ? hsl(80, 70, 52) : hsl(215, 85, 52);
  const parts = [slab(-270, -140, 540, 280, 14, hsl(140, 55, 30), hsl(140, 50, 18), 12), rrect(-240, -100, 480, 190, 8, INK), rrect(-220, -82, 440, 154, 6, panel)];
  const cell = 25;
  for (let row = 0; row < 2; row++) {
    for (let col = 0; col < 16; col++) {
      const x = -212 + col * 27;
      const y = -68 + row * 64;
      parts.push(rect(x, y, cell - 4, cell * 1.45, WHITE, { opacity: 0.1 }));
      parts.push(dotChar(x + 1, y + 2, cell, ctx.rng, WHITE));
    }
  }
  parts.push(header(-210, -134, 16, 1, 22), mountingHoles([[-250, -120], [250, -120], [-250, 120], [250, 120]], hsl(140, 55, 30)));
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

