/**
 * How catalogue text becomes search terms, shared by the index and the queries so both sides cut
 * words the same way. Pure functions; no I/O.
 */

/** Words too common to narrow a search; dropped from documents and queries alike. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'in',
  'into',
  'is',
  'it',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

/** Splits on anything that is not a letter or digit ("ESP32-WROOM" → esp32, wroom). */
export const TOKEN_SEPARATOR = /[^\p{L}\p{N}]+/u;

/** Lowercase without accents, so "Câble" finds "cable". Undefined drops the term. */
export function normaliseTerm(term: string): string | undefined {
  const folded = term
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  return folded === '' || STOP_WORDS.has(folded) ? undefined : folded;
}

/** The terms of a query, in order, after normalisation. */
export function queryTerms(text: string): string[] {
  return text
    .split(TOKEN_SEPARATOR)
    .map((token) => normaliseTerm(token))
    .filter((term): term is string => term !== undefined);
}

/**
 * Edit distance a term may be off by and still match: none for short terms (too many false
 * friends), one from 4 letters ("arduno" → arduino needs one), two from 6 ("rasbery" → raspberry
 * needs two).
 */
export function allowedTypos(term: string): number {
  if (term.length >= 6) return 2;
  if (term.length >= 4) return 1;
  return 0;
}

/** The first sentences of a description, cut at a word, for result cards in list view. */
export function excerptOf(description: string, maxLength = 160): string {
  const flat = description.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxLength) return flat;
  const cut = flat.slice(0, maxLength);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!-]+$/, '')}…`;
}
