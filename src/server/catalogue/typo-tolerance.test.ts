import { describe, expect, it } from 'vitest';
import { CatalogueIndex, type IndexedProduct } from './catalogue-index.ts';
import { editDistance, TermVocabulary } from './typo-tolerance.ts';

const AT = '2026-01-01T00:00:00.000Z';

/** A product as the index keeps it, named as in the demo shop. */
function product(slug: string, name: string, tags: string[] = []): IndexedProduct {
  return {
    id: slug,
    name,
    slug,
    sku: slug.toUpperCase(),
    description: '',
    tags,
    category_id: null,
    brand: null,
    price: 10,
    price_max: 10,
    compare_at_price: null,
    images: [],
    in_stock: true,
    stock_quantity: 5,
    low_stock_threshold: 2,
    max_per_order: 10,
    featured: false,
    is_active: true,
    specs: [],
    variations: [],
    variants: [],
    rating: 0,
    review_count: 0,
    weight: null,
    created_at: AT,
    updated_at: AT,
  };
}

const catalogue = new CatalogueIndex(
  [],
  [
    product('hdmi-cable', 'UGREEN HDMI 2.1 Cable 8K (48 Gbps)'),
    product('usb-c-cable', 'Anker USB-C to USB-C Cable 100W (Braided)'),
    product('mx-keys', 'Logitech MX Keys S Wireless Keyboard'),
    product('m185', 'Logitech M185 Wireless Mouse'),
    product('pi-5', 'Raspberry Pi 5 (8 GB)'),
    product('uno', 'Arduino Uno R3'),
    product('multimeter', 'Fluke 101 Digital Multimeter'),
    product('label-maker', 'Brother Label Maker'),
  ],
);

const found = (q: string) =>
  catalogue
    .query({ q, filters: {}, sortBy: 'relevance', sortOrder: 'desc', offset: 0, limit: 20, facets: [] })
    .products.map((hit) => hit.slug);

describe('typo tolerance: a swap of two neighbouring letters is one edit (optimal string alignment)', () => {
  it('counts insert, delete, substitute and swap as one edit each, and stops above the limit', () => {
    expect(editDistance('cabel', 'cable', 2)).toBe(1);
    expect(editDistance('cabel', 'cable', 2, { transpositions: false })).toBe(2);
    expect(editDistance('keybord', 'keyboard', 2)).toBe(1);
    expect(editDistance('keybaord', 'keyboard', 2)).toBe(1);
    expect(editDistance('kyebaord', 'keyboard', 2)).toBe(2);
    expect(editDistance('mouse', 'mouse', 1)).toBe(0);
    // Above the limit the answer is only "too far": limit + 1.
    expect(editDistance('arduino', 'raspberry', 2)).toBe(3);
    expect(editDistance('ab', 'abcdef', 1)).toBe(2);
  });

  it('offers from the vocabulary only the words a swap brings within reach', () => {
    const vocabulary = new TermVocabulary(['cable', 'label', 'table', 'hdmi', 'keyboard']);
    // "label" and "table" are one substitution away: MiniSearch's own fuzzy search finds them.
    expect(vocabulary.swapCandidates('cabel', 1)).toEqual([{ term: 'cable', distance: 1 }]);
    expect(vocabulary.swapCandidates('hdim', 1)).toEqual([{ term: 'hdmi', distance: 1 }]);
    expect(vocabulary.swapCandidates('kyebaord', 2)).toEqual([{ term: 'keyboard', distance: 2 }]);
    expect(vocabulary.swapCandidates('cabel', 0)).toEqual([]);
  });

  // Real typos of words of 4, 5 and 8 letters, alone and among other words. Under 4 letters no
  // typo is allowed (allowedTypos: too many false friends), but a prefix still matches.
  it.each([
    // 4 letters: hdmi
    ['swap, 4 letters', 'hdim', 'hdmi-cable'],
    ['wrong letter, 4 letters', 'hdmo', 'hdmi-cable'],
    ['extra letter, 4 letters', 'hdmmi', 'hdmi-cable'],
    ['missing last letter, 4 letters (a prefix)', 'hdm', 'hdmi-cable'],
    // 5 letters: cable, mouse
    ['swap, 5 letters', 'cabel', 'hdmi-cable'],
    ['swap, 5 letters', 'mosue', 'm185'],
    ['missing letter, 5 letters', 'mose', 'm185'],
    ['extra letter, 5 letters', 'mousse', 'm185'],
    ['wrong letter, 5 letters', 'mpuse', 'm185'],
    // 8 letters: keyboard, wireless
    ['swap, 8 letters', 'keybaord', 'mx-keys'],
    ['missing letter, 8 letters', 'keybord', 'mx-keys'],
    ['extra letter, 8 letters', 'keybboard', 'mx-keys'],
    ['wrong letter, 8 letters', 'keyboqrd', 'mx-keys'],
    ['two swaps, 8 letters', 'kyebaord', 'mx-keys'],
    ['missing letter, 9 letters', 'raspbery', 'pi-5'],
    // several words
    ['several words, one swapped', 'hdmi cabel', 'hdmi-cable'],
    ['several words, two typos', 'wireles mosue', 'm185'],
    ['several words, three typos', 'logitehc wireles keybaord', 'mx-keys'],
    ['several words, swapped brand', 'ardiuno uno', 'uno'],
  ])('%s: "%s" finds %s', (_kind, q, slug) => {
    expect(found(q)).toContain(slug);
  });

  it('still requires every word, and finds nothing for words no typo reaches', () => {
    // "cabel" alone reaches both cables (a swap) and the label maker (one wrong letter); with
    // "hdmi" only the HDMI cable.
    expect(found('cabel').sort()).toEqual(['hdmi-cable', 'label-maker', 'usb-c-cable']);
    expect(found('hdmi cabel')).toEqual(['hdmi-cable']);
    expect(found('zzzz')).toEqual([]);
    // Three letters allow no typo: "uon" is not "uno".
    expect(found('uon')).toEqual([]);
  });

  it('suggests products across a swap too', () => {
    const suggested = catalogue.suggest('hdmi cabel', 5).map((entry) => entry.slug);
    expect(suggested).toContain('hdmi-cable');
  });
});
