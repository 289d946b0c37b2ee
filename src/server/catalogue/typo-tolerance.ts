/**
 * Typo tolerance beyond MiniSearch's own: its fuzzy search counts edits as Levenshtein does, where
 * two neighbouring letters typed in the wrong order ("cabel" for cable) are two edits, more than a
 * 5-letter word is allowed. Shoppers' most common typo is that swap, and shop search engines
 * (Shopify's among them) count it as one edit: the optimal string alignment (OSA, restricted
 * Damerau-Levenshtein) distance. This module finds, in the index's vocabulary, the words a query
 * term reaches only by counting a swap as one edit; the index then searches them beside its own
 * fuzzy matches (catalogue-index.ts `match`). Pure; no I/O.
 */

/**
 * The OSA distance between `a` and `b` (insert, delete, substitute, or swap two neighbouring
 * letters: one edit each), or `max + 1` as soon as it is certainly above `max`. With
 * `transpositions: false` it is the Levenshtein distance (what MiniSearch's fuzzy search counts).
 */
export function editDistance(a: string, b: string, max: number, { transpositions = true } = {}): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // Three rows of the dynamic-programming table: two back (for a swap), the previous, the current.
  let twoBack = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, column) => column);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let row = 1; row <= a.length; row++) {
    current[0] = row;
    let rowMin = row;
    for (let column = 1; column <= b.length; column++) {
      const cost = a[row - 1] === b[column - 1] ? 0 : 1;
      let value = Math.min(
        (previous[column] as number) + 1,
        (current[column - 1] as number) + 1,
        (previous[column - 1] as number) + cost,
      );
      if (transpositions && row > 1 && column > 1 && a[row - 1] === b[column - 2] && a[row - 2] === b[column - 1]) {
        value = Math.min(value, (twoBack[column - 2] as number) + 1);
      }
      current[column] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [twoBack, previous, current] = [previous, current, twoBack];
  }
  return Math.min(previous[b.length] as number, max + 1);
}

/** A vocabulary word a query term reaches only with a swap counted as one edit, and that distance. */
export interface SwapCandidate {
  term: string;
  distance: number;
}

/**
 * The distinct words of the index, grouped by length, so a query term is compared only with words
 * whose length is within its allowed edits (a few hundred comparisons, not the whole vocabulary).
 */
export class TermVocabulary {
  private readonly byLength = new Map<number, string[]>();

  constructor(terms: Iterable<string>) {
    for (const term of terms) {
      let bucket = this.byLength.get(term.length);
      if (!bucket) {
        bucket = [];
        this.byLength.set(term.length, bucket);
      }
      bucket.push(term);
    }
  }

  /**
   * Words within `maxEdits` of `term` counting a swap as one edit, but beyond it as Levenshtein
   * counts: the ones MiniSearch's fuzzy search misses (it already finds the others, and a word
   * found twice would weigh twice).
   */
  swapCandidates(term: string, maxEdits: number): SwapCandidate[] {
    if (maxEdits <= 0 || term.length < 2) return [];
    const found: SwapCandidate[] = [];
    for (let length = term.length - maxEdits; length <= term.length + maxEdits; length++) {
      for (const word of this.byLength.get(length) ?? []) {
        const distance = editDistance(term, word, maxEdits);
        if (distance > maxEdits) continue;
        if (editDistance(term, word, maxEdits, { transpositions: false }) <= maxEdits) continue;
        found.push({ term: word, distance });
      }
    }
    return found;
  }
}
