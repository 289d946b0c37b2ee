import { describe, expect, it } from 'vitest';
import type { Suggestion } from '#shared/contracts/search.ts';
import { searchOptions, storeSearchHref } from './search-combobox.tsx';

const category: Suggestion = {
  type: 'category',
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'raspberry-pi',
  name: 'Raspberry Pi',
  product_count: 7,
};
const product: Suggestion = {
  type: 'product',
  id: '00000000-0000-4000-8000-000000000002',
  slug: 'raspberry-pi-5-8gb',
  name: 'Raspberry Pi 5 (8 GB)',
  brand: 'Raspberry Pi',
  price: 98,
  image: null,
  in_stock: true,
};

describe('searchOptions', () => {
  it('lists recent searches while the box is empty', () => {
    expect(searchOptions('  ', ['esp32', 'usb c cable'], [product])).toEqual([
      { kind: 'recent', text: 'esp32', href: '/store?q=esp32' },
      { kind: 'recent', text: 'usb c cable', href: '/store?q=usb+c+cable' },
    ]);
  });

  it('lists the suggestions, each to its page, then a row that runs the search', () => {
    const options = searchOptions(' rasbery ', ['esp32'], [category, product]);
    expect(options.map((option) => option.href)).toEqual([
      '/store?category=raspberry-pi',
      '/product/raspberry-pi-5-8gb',
      '/store?q=rasbery',
    ]);
    expect(options.at(-1)).toMatchObject({ kind: 'search', text: 'rasbery' });
  });

  it('encodes the search text in the store link', () => {
    expect(storeSearchHref('5V & 12V')).toBe('/store?q=5V+%26+12V');
    expect(storeSearchHref('')).toBe('/store');
  });
});
