import { BLOG_LIMITS } from '#shared/blog.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/**
 * The words of a post's sanitised HTML as plain text: tags dropped, the common entities decoded,
 * white space collapsed. Used for the generated excerpt, which is plain text (rendered escaped).
 */
export function plainTextOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_match, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The excerpt of a post whose excerpt was left blank: its first words, cut at a word, with "…". */
export function excerptFrom(html: string, max: number = BLOG_LIMITS.autoExcerpt): string {
  const text = plainTextOf(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
