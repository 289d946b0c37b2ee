/**
 * Text in a PDF line as a reader expects it when it holds Arabic (docs/product.md#reports). The
 * font (IBM Plex Sans Arabic) and pdfkit's shaping (fontkit) join an Arabic word's letters and
 * order them right to left, but pdfkit lays a line out word by word from left to right, so a
 * run of Arabic words would read backwards and a space would wander. Here a line is cut into
 * words, and runs of Arabic words are put in the order an eye reads them (the Unicode bidi
 * algorithm's result for names, addresses and product titles: words of one direction kept
 * together, the line's direction that of its first letter); the caller then draws the words one
 * by one from the left. Digits and Latin words inside Arabic keep their own left-to-right order.
 */

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const STRONG_LTR = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF]/;

export const hasArabic = (text: string): boolean => ARABIC.test(text);

type Direction = 'rtl' | 'ltr' | 'neutral';

function directionOf(word: string): Direction {
  if (ARABIC.test(word)) return 'rtl';
  if (STRONG_LTR.test(word) || /\d/.test(word)) return 'ltr';
  return 'neutral';
}

/**
 * The words and spaces of `text` from left to right as they are to be drawn (each word still in
 * logical order: the font's shaping turns an Arabic word around itself).
 */
export function visualWords(text: string): string[] {
  const tokens = text.split(/(\s+)/).filter((token) => token !== '');
  const directions = tokens.map((token) => (/^\s+$/.test(token) ? 'neutral' : directionOf(token)));
  const base: Exclude<Direction, 'neutral'> =
    directions.find((direction): direction is 'rtl' | 'ltr' => direction !== 'neutral') ?? 'ltr';
  // A neutral token (space, dash) between two of one direction takes it; otherwise the line's.
  const resolved = directions.map((direction, index) => {
    if (direction !== 'neutral') return direction;
    const before = directions
      .slice(0, index)
      .reverse()
      .find((d) => d !== 'neutral');
    const after = directions.slice(index + 1).find((d) => d !== 'neutral');
    return before && before === after ? before : base;
  });
  // Runs of one direction, in logical order.
  const runs: { direction: 'rtl' | 'ltr'; tokens: string[] }[] = [];
  tokens.forEach((token, index) => {
    const direction = resolved[index] as 'rtl' | 'ltr';
    const last = runs.at(-1);
    if (last && last.direction === direction) last.tokens.push(token);
    else runs.push({ direction, tokens: [token] });
  });
  const ordered = base === 'rtl' ? [...runs].reverse() : runs;
  return ordered.flatMap((run) => (run.direction === 'rtl' ? [...run.tokens].reverse() : run.tokens));
}
