import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';

/**
 * The HTML of blog posts and pages (docs/product.md#post-html). A post's content comes from the
 * admin's rich-text editor as HTML; it is cleaned with an allow-list sanitiser (sanitize-html,
 * docs/decisions/014-blog-html.md) when stored and again when served, so nothing the editor (or a
 * forged request) sends can run in a shopper's browser.
 *
 * Everything else here (headings, product cards, plain text) reads the sanitised output, never the
 * raw input: that output is a small, regular language (allowed tags, quoted and escaped attribute
 * values, text with `&`, `<` and `>` escaped), so a tokenizer of a few lines reads it exactly.
 */

const requireHere = createRequire(import.meta.url);
let library: typeof sanitizeHtml | undefined;

/**
 * sanitize-html (with htmlparser2 and postcss, ~15 MB resident) is loaded at the first post
 * sanitised, not at start: it would cost the idle server that memory (docs/architecture.md
 * "Memory") and most requests never touch a post. `require` because these functions are
 * synchronous.
 */
function sanitizer(): typeof sanitizeHtml {
  library ??= requireHere('sanitize-html') as typeof sanitizeHtml;
  return library;
}

/** A transform that only renames the tag and drops its attributes. */
function renameTo(tagName: string): sanitizeHtml.Transformer {
  return () => ({ tagName, attribs: {} });
}

/** Ids given to h2/h3 start with this, so a heading never takes an id the page itself uses. */
const HEADING_ID_PREFIX = 'section';
const PRODUCT_CARD_ATTRIBUTE = 'data-product-card';
const PRODUCT_CARD_VALUE = /^[a-z0-9-]{1,120}$/;
const CODE_LANGUAGE_CLASS = /^language-[a-z0-9][a-z0-9_+#.-]{0,39}$/i;
const WHOLE_NUMBER = /^[1-9][0-9]{0,3}$/;
/** Rel of links to other sites: no window.opener, no referrer, no endorsement. */
const EXTERNAL_REL = 'noopener noreferrer nofollow';
const WORDS_PER_MINUTE = 200;

/**
 * Characters a browser ignores or strips inside a URL (C0 controls, space, tab, newlines, DEL, C1
 * controls, no-break and zero-width spaces). They are removed before a scheme is read, so
 * `jav&#x09;ascript:` or ` \njavascript:` is seen as `javascript:`.
 */
const URL_INVISIBLES =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes.
  /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]/g;
/** What browsers themselves drop: leading/trailing C0 controls and spaces, and tabs/newlines anywhere. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this trims.
const URL_EDGES = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const URL_TAB_NEWLINE = /[\t\n\r]/g;

type LinkKind = 'external' | 'internal' | 'contact';

/** Classifies an href: http(s) and protocol-relative are other sites, mailto/tel contacts, no scheme our own; anything else null. */
function classifyHref(raw: string | undefined): { href: string; kind: LinkKind } | null {
  if (raw === undefined) return null;
  const href = raw.replace(URL_EDGES, '').replace(URL_TAB_NEWLINE, '');
  const probe = href.replace(URL_INVISIBLES, '');
  if (probe === '') return null;
  // A colon before any of / ? # makes the start a scheme (or an attempt at one).
  const scheme = /^([^/?#\\]*):/.exec(probe)?.[1]?.toLowerCase();
  if (scheme !== undefined) {
    if (scheme === 'http' || scheme === 'https') return { href, kind: 'external' };
    if (scheme === 'mailto' || scheme === 'tel') return { href, kind: 'contact' };
    return null;
  }
  // `//host`, `\\host`, `/\host`: browsers read all of these as another site.
  if (/^[/\\]{2}/.test(probe)) return { href, kind: 'external' };
  return { href, kind: 'internal' };
}

/** An image source: http(s) or a path on this site (`/uploads/…`); nothing else, not even `//host`. */
function imageSrc(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const src = raw.replace(URL_EDGES, '').replace(URL_TAB_NEWLINE, '');
  const probe = src.replace(URL_INVISIBLES, '');
  if (/^https?:\/\/[^/\\]/i.test(probe) || /^\/(?![/\\])/.test(probe)) return src;
  return null;
}

function keepIf(attribs: Record<string, string>, name: string, test: RegExp, into: Record<string, string>) {
  const value = attribs[name]?.trim();
  if (value !== undefined && test.test(value)) into[name] = value;
}

/** Each transform rebuilds the attributes from scratch in a fixed order, so the output is stable. */
const transformTags: Record<string, sanitizeHtml.Transformer> = {
  b: renameTo('strong'),
  i: renameTo('em'),
  strike: renameTo('s'),
  del: renameTo('s'),
  // Pasted h1 (the page's own title is the only h1) and h5/h6 keep being headings.
  h1: renameTo('h2'),
  h5: renameTo('h4'),
  h6: renameTo('h4'),
  a: (_tag, attribs) => {
    const link = classifyHref(attribs.href);
    const out: Record<string, string> = {};
    if (link) out.href = link.href;
    if (attribs.title) out.title = attribs.title;
    if (link?.kind === 'external') {
      out.rel = EXTERNAL_REL;
      out.target = '_blank';
    } else if (link?.kind === 'internal' && attribs.target?.trim().toLowerCase() === '_blank') {
      out.rel = 'noopener noreferrer';
      out.target = '_blank';
    }
    return { tagName: 'a', attribs: out };
  },
  img: (_tag, attribs) => {
    const out: Record<string, string> = {};
    const src = imageSrc(attribs.src);
    if (src !== null) out.src = src;
    if (attribs.alt !== undefined) out.alt = attribs.alt;
    if (attribs.title) out.title = attribs.title;
    keepIf(attribs, 'width', WHOLE_NUMBER, out);
    keepIf(attribs, 'height', WHOLE_NUMBER, out);
    out.loading = 'lazy';
    return { tagName: 'img', attribs: out };
  },
  div: (_tag, attribs) => {
    const out: Record<string, string> = {};
    const ref = attribs[PRODUCT_CARD_ATTRIBUTE]?.trim().toLowerCase();
    if (ref !== undefined && PRODUCT_CARD_VALUE.test(ref)) out[PRODUCT_CARD_ATTRIBUTE] = ref;
    return { tagName: 'div', attribs: out };
  },
  ol: (_tag, attribs) => {
    const out: Record<string, string> = {};
    keepIf(attribs, 'start', WHOLE_NUMBER, out);
    return { tagName: 'ol', attribs: out };
  },
  td: (_tag, attribs) => ({ tagName: 'td', attribs: cellSpans(attribs) }),
  th: (_tag, attribs) => ({ tagName: 'th', attribs: cellSpans(attribs) }),
  col: (_tag, attribs) => {
    const out: Record<string, string> = {};
    keepIf(attribs, 'span', WHOLE_NUMBER, out);
    return { tagName: 'col', attribs: out };
  },
};

function cellSpans(attribs: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  keepIf(attribs, 'colspan', WHOLE_NUMBER, out);
  keepIf(attribs, 'rowspan', WHOLE_NUMBER, out);
  return out;
}

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'em',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'a',
    'blockquote',
    'code',
    'pre',
    'table',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'img',
    'figure',
    'figcaption',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    div: [PRODUCT_CARD_ATTRIBUTE],
    ol: ['start'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    col: ['span'],
  },
  allowedClasses: { code: [CODE_LANGUAGE_CLASS] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: true,
  selfClosing: ['img', 'br', 'hr', 'col'],
  // Disallowed tags go but their text stays, except these, whose content is never reading matter
  // (and, for noscript/template/iframe, markup a browser would parse differently from us).
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'select',
    'xmp',
    'noscript',
    'noembed',
    'noframes',
    'template',
    'iframe',
    'object',
    'title',
    'head',
    'plaintext',
  ],
  disallowedTagsMode: 'discard',
  parseStyleAttributes: false,
  transformTags,
  // A link without a safe href, an image without a safe source and a div that is not a product
  // card have nothing left to show: a link and a div keep their content, an image goes.
  exclusiveFilter: (frame) => {
    if (frame.tag === 'img') return !frame.attribs.src;
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
    if (frame.tag === 'div' && !frame.attribs[PRODUCT_CARD_ATTRIBUTE]) return 'excludeTag';
    return false;
  },
};

type Token =
  | { type: 'open'; name: string; raw: string; selfClosing: boolean }
  | { type: 'close'; name: string; raw: string }
  | { type: 'text'; raw: string };

/** Tokens of sanitised output (see the module comment); anything unexpected is kept as text. */
function tokenize(clean: string): Token[] {
  const tokens: Token[] = [];
  for (const match of clean.matchAll(/<(\/?)([a-z][a-z0-9]*)([^<>]*?)(\/?)>|[^<]+|</g)) {
    const [raw, slash, name, , selfClose] = match;
    if (name === undefined) tokens.push({ type: 'text', raw });
    else if (slash) tokens.push({ type: 'close', name, raw });
    else tokens.push({ type: 'open', name, raw, selfClosing: selfClose === '/' });
  }
  return tokens;
}

function decodeText(raw: string): string {
  return raw.replace(
    /&(amp|lt|gt|quot);/g,
    (_all, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name] ?? '',
  );
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function attributeOf(raw: string, name: string): string | undefined {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(raw)?.[1];
  return value === undefined ? undefined : decodeText(value);
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A heading's slug: lower case, accents off, runs of anything but letters and digits as one hyphen. */
function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/**
 * Second step of sanitising: product cards are emptied (the storefront draws them; anything put
 * inside one follows it instead, so no text is lost) and every h2/h3 gets an id from its text,
 * `section-<slug>`, numbered `-2`, `-3`… when repeated.
 */
function finish(clean: string): string {
  const out: string[] = [];
  const used = new Set<string>();
  const openHeadings: { index: number; name: string; text: string }[] = [];
  for (const token of tokenize(clean)) {
    // The first step leaves no div but product cards, so every div closing tag is a card's.
    if (token.type === 'open' && token.name === 'div') {
      out.push(token.selfClosing ? token.raw : `${token.raw}</div>`);
      continue;
    }
    if (token.type === 'close' && token.name === 'div') continue;
    if (token.type === 'open' && (token.name === 'h2' || token.name === 'h3')) {
      openHeadings.push({ index: out.length, name: token.name, text: '' });
    } else if (token.type === 'text') {
      for (const heading of openHeadings) heading.text += decodeText(token.raw);
    } else if (token.type === 'close' && openHeadings.at(-1)?.name === token.name) {
      const heading = openHeadings.pop();
      if (heading) out[heading.index] = `<${heading.name} id="${escapeAttribute(uniqueId(heading.text, used))}">`;
    }
    out.push(token.raw);
  }
  return out.join('');
}

function uniqueId(text: string, used: Set<string>): string {
  const slug = slugify(text);
  const base = slug === '' ? HEADING_ID_PREFIX : `${HEADING_ID_PREFIX}-${slug}`;
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
  used.add(id);
  return id;
}

/**
 * The post's HTML with only the allowed tags and attributes (docs/product.md#post-html).
 * Idempotent: sanitising the output again gives the same string.
 */
export function sanitizePostHtml(html: string): string {
  return finish(sanitizer()(html, SANITIZE_OPTIONS));
}

export interface PostHeading {
  /** The heading's id in the sanitised HTML, for `#id` links. */
  id: string;
  text: string;
  level: 2 | 3;
}

/** The post's h2 and h3 headings in order, for a table of contents (empty headings left out). */
export function extractHeadings(html: string): PostHeading[] {
  const headings: PostHeading[] = [];
  let current: PostHeading | null = null;
  for (const token of tokenize(sanitizePostHtml(html))) {
    if (token.type === 'open' && (token.name === 'h2' || token.name === 'h3') && current === null) {
      current = { id: attributeOf(token.raw, 'id') ?? '', text: '', level: token.name === 'h2' ? 2 : 3 };
    } else if (token.type === 'text' && current) {
      current.text += decodeText(token.raw);
    } else if (token.type === 'close' && current && token.name === `h${current.level}`) {
      current.text = collapse(current.text);
      if (current.text !== '') headings.push(current);
      current = null;
    }
  }
  return headings;
}

/** The product ids or slugs of the post's embedded product cards, each once, in order. */
export function productCardRefs(html: string): string[] {
  const refs = new Set<string>();
  for (const token of tokenize(sanitizePostHtml(html))) {
    if (token.type !== 'open' || token.name !== 'div') continue;
    const ref = attributeOf(token.raw, PRODUCT_CARD_ATTRIBUTE);
    if (ref) refs.add(ref);
  }
  return [...refs];
}

/** Tags that end a line of reading: their text is never run into the next block's. */
const BLOCK_TAGS = new Set([
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'table',
  'tr',
  'th',
  'td',
  'figure',
  'figcaption',
  'div',
]);

/** The post's text alone, whitespace collapsed: for reading time, search and feed descriptions. */
export function plainText(html: string): string {
  let text = '';
  for (const token of tokenize(sanitizePostHtml(html))) {
    if (token.type === 'text') text += decodeText(token.raw);
    else if (BLOCK_TAGS.has(token.name)) text += ' ';
  }
  return collapse(text);
}

/** The start of the post's text, at most `maxChars` characters, cut at a word with "…". */
export function postExcerpt(html: string, maxChars = 200): string {
  const chars = Array.from(plainText(html));
  if (chars.length <= maxChars) return chars.join('');
  const room = Math.max(0, maxChars - 1);
  const cut = chars.slice(0, room + 1).join('');
  // Last space at or before the room for the text: the word that straddles the end goes whole.
  const lastSpace = cut.lastIndexOf(' ');
  const head = lastSpace > 0 ? cut.slice(0, lastSpace) : chars.slice(0, room).join('');
  return `${head.replace(/[\s,;:.\-–—]+$/u, '')}…`;
}

/** Minutes to read the post's text at 200 words a minute, at least 1. */
export function readingTimeMinutes(html: string): number {
  const words = plainText(html)
    .split(' ')
    .filter((word) => word !== '').length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
