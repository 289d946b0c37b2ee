import { describe, expect, it } from 'vitest';
import { FEATURED_COUNT, featuredQuery, HERO_COUNT, splitFeatured } from './home-queries.ts';

describe('home page queries', () => {
  it('asks for enough featured products for the hero and the Featured section', () => {
    expect(featuredQuery.queryKey).toEqual(['products', 'featured', HERO_COUNT + FEATURED_COUNT]);
  });

  it('gives the first featured products to the hero and the others to the Featured section, none twice', () => {
    expect(splitFeatured([1, 2, 3, 4, 5])).toEqual({ hero: [1, 2, 3], rest: [4, 5] });
    expect(splitFeatured([1, 2])).toEqual({ hero: [1, 2], rest: [] });
    expect(splitFeatured([])).toEqual({ hero: [], rest: [] });
  });
});
