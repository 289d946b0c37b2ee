/**
 * Reading a post's HTML in the browser and in the server render alike (no DOM there). The server's
 * sanitised output is a small, regular language (src/server/blog/post-html.ts): quoted attributes,
 * `&`, `<`, `>` escaped in text, h2/h3 with `id="section-…"`, product cards as
 * `<div data-product-card="ref"></div>`. The admin preview's HTML comes straight from the editor,
 * so these patterns tolerate other attributes too.
 */

export interface PostHeading {
  id: string;
  text: string;
  level: 2 | 3;
}

/** A post gets a table of contents from this many h2/h3 headings. */
export const TOC_MIN_HEADINGS = 3;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (all, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? all;
  });
}

/** The h2/h3 headings that carry an id, in order, with their text (for the table of contents). */
export function postHeadings(html: string): PostHeading[] {
  const headings: PostHeading[] = [];
  for (const match of html.matchAll(/<h([23])\b[^>]*?\sid="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/gi)) {
    const text = decode((match[3] ?? '').replace(/<[^>]*>/g, ''))
      .replace(/\s+/g, ' ')
      .trim();
    if (text) headings.push({ id: decode(match[2] ?? ''), text, level: match[1] === '2' ? 2 : 3 });
  }
  return headings;
}

const CARD = /<div\b[^>]*?\sdata-product-card="([^"]+)"[^>]*>\s*<\/div>/gi;
const PRODUCT_LINK = /<a\b[^>]*?\shref="\/product\/([^"/?#]+)[^"]*"/gi;

/** The products the post embeds as cards or links to (`/product/<slug>`), each once, in order of appearance. */
export function mentionedProductRefs(html: string): string[] {
  const found: { ref: string; at: number }[] = [];
  for (const match of html.matchAll(CARD)) found.push({ ref: decode(match[1] ?? ''), at: match.index });
  for (const match of html.matchAll(PRODUCT_LINK)) {
    let ref = decode(match[1] ?? '');
    try {
      ref = decodeURIComponent(ref);
    } catch {
      // Left as written.
    }
    found.push({ ref: ref.toLowerCase(), at: match.index });
  }
  return [...new Set(found.sort((a, b) => a.at - b.at).map(({ ref }) => ref.toLowerCase()))];
}

/** `key`: the segment's place in the post, a stable React key. */
export type PostSegment = { type: 'html'; html: string; key: string } | { type: 'card'; ref: string; key: string };

const VOID_TAGS = new Set(['img', 'br', 'hr', 'col', 'wbr', 'input', 'source']);

/**
 * The HTML cut at each product card that stands between blocks (not inside a list or a quote),
 * so the card can be drawn as a component between two runs of HTML. A card nested inside
 * another element stays in its run, as an empty div.
 */
export function splitPostHtml(html: string): PostSegment[] {
  const segments: PostSegment[] = [];
  let depth = 0;
  let start = 0;
  const tags = /<(\/?)([a-z][a-z0-9]*)\b[^>]*?(\/?)>/gi;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    const [, closing, rawName, selfClosing] = match;
    const name = (rawName ?? '').toLowerCase();
    if (closing) {
      depth = Math.max(0, depth - 1);
      continue;
    }
    if (name === 'div' && depth === 0) {
      const card = new RegExp(CARD.source, 'iy');
      card.lastIndex = match.index;
      const whole = card.exec(html);
      if (whole) {
        const before = html.slice(start, match.index);
        if (before.trim()) segments.push({ type: 'html', html: before, key: `html-${match.index}` });
        segments.push({ type: 'card', ref: decode(whole[1] ?? '').toLowerCase(), key: `card-${match.index}` });
        start = match.index + whole[0].length;
        tags.lastIndex = start;
        continue;
      }
    }
    if (!selfClosing && !VOID_TAGS.has(name)) depth++;
  }
  const rest = html.slice(start);
  if (rest.trim()) segments.push({ type: 'html', html: rest, key: `html-${start}` });
  return segments;
}
