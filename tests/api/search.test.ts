import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElectronicsCatalogue } from '../factories/electronics-catalogue.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

interface Hit {
  slug: string;
  name: string;
  sku: string;
  price: number;
  price_max: number;
  variant_count: number;
  excerpt: string;
  images: string[];
  category: { slug: string } | null;
}
interface SearchData {
  hits: Hit[];
  total: number;
  processingTimeMs: number;
  facets: Record<string, Record<string, number>>;
  facet_choices: Record<string, Record<string, number>>;
  limit: number;
  offset: number;
}

describe('POST /api/search and GET /api/search/suggestions', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp();
    await createElectronicsCatalogue(ctx.database.db);
  });
  afterAll(() => ctx.close());

  async function search(body: object): Promise<SearchData> {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/search', payload: body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }
  const slugs = (data: SearchData) => data.hits.map((hit) => hit.slug);

  it('answers hits, total, processingTimeMs and the default facets with the defaults of docs/product.md#limits-and-constants', async () => {
    const data = await search({});
    expect(data.total).toBe(6);
    expect(data.limit).toBe(20);
    expect(data.offset).toBe(0);
    expect(data.processingTimeMs).toBeGreaterThanOrEqual(0);
    expect(Object.keys(data.facets).sort()).toEqual(['brand', 'category', 'in_stock']);
    expect(data.facets.in_stock).toEqual({ true: 5, false: 1 });
    expect(data.facets.brand).toEqual({ Arduino: 2, 'Raspberry Pi': 1, Espressif: 1, Acme: 1 });
    // Empty q browses in the storefront's default order: featured first, then newest.
    expect(slugs(data).slice(0, 2)).toEqual(['raspberry-pi-5-8gb', 'arduino-uno-r3']);
    expect(data.hits[0]).toMatchObject({ name: 'Raspberry Pi 5 8GB', price: 80, category: { slug: 'raspberry-pi' } });
    expect(data.hits[0]?.excerpt).toBe('A quad-core single-board computer.');
  });

  it('matches name, description, tags, brand and sku, ranking name matches first', async () => {
    const arduino = await search({ q: 'arduino' });
    // The ESP32 only mentions Arduino in its description: it comes after the boards named Arduino.
    expect(slugs(arduino).slice(0, 2).sort()).toEqual(['arduino-nano-every', 'arduino-uno-r3']);
    expect(slugs(arduino)[2]).toBe('esp32-devkit-v1');
    expect(slugs(await search({ q: 'bluetooth' }))).toEqual(['esp32-devkit-v1']); // tag
    expect(slugs(await search({ q: 'quad-core computer' }))).toEqual(['raspberry-pi-5-8gb']); // description
    expect(slugs(await search({ q: 'espressif' }))).toEqual(['esp32-devkit-v1']); // brand
    expect(slugs(await search({ q: 'RPI-5-8GB' }))).toEqual(['raspberry-pi-5-8gb']); // sku
    expect(slugs(await search({ q: 'atmega328p' }))).toEqual(['arduino-uno-r3']);
  });

  it('tolerates typos and matches prefixes as the shopper types', async () => {
    expect(
      slugs(await search({ q: 'arduno' }))
        .slice(0, 2)
        .sort(),
    ).toEqual(['arduino-nano-every', 'arduino-uno-r3']);
    expect(slugs(await search({ q: 'rasbery' }))).toEqual(['raspberry-pi-5-8gb']);
    // Two neighbouring letters swapped count as one typo, in short words too (issue 32).
    expect(slugs(await search({ q: 'cabel' }))).toEqual(['usb-c-cable-1m']);
    expect(slugs(await search({ q: 'usb cabel' }))).toEqual(['usb-c-cable-1m']);
    expect(slugs(await search({ q: 'esp3' }))).toEqual(['esp32-devkit-v1']);
    expect(slugs(await search({ q: 'ardu' }))[0]).toMatch(/^arduino-/);
    expect(slugs(await search({ q: 'rasp pi' }))).toEqual(['raspberry-pi-5-8gb']);
    expect((await search({ q: 'zzzqqq' })).total).toBe(0);
  });

  it('never returns inactive products, whatever matches them', async () => {
    for (const q of ['secret', 'prototype', 'ARD-SECRET', 'arduino']) {
      expect(slugs(await search({ q }))).not.toContain('arduino-secret-prototype');
    }
  });

  it('counts facets over the whole filtered result, not the page', async () => {
    const data = await search({ q: 'arduino', limit: 1 });
    expect(data.hits).toHaveLength(1);
    expect(data.total).toBe(3);
    expect(data.facets.brand).toEqual({ Arduino: 2, Espressif: 1 });
    expect(data.facets.category).toEqual({ arduino: 2, boards: 1 });
    expect(data.facets.in_stock).toEqual({ true: 3 });
  });

  it('applies filters to hits and facets, and offers the other choices of each facet', async () => {
    const data = await search({ filters: { brand: 'Arduino' } });
    expect(data.total).toBe(2);
    expect(data.facets.brand).toEqual({ Arduino: 2 });
    // With Arduino chosen, the panel still offers the other brands and what they would add.
    expect(data.facet_choices.brand).toEqual({ Arduino: 2, 'Raspberry Pi': 1, Espressif: 1, Acme: 1 });
    const combined = await search({
      filters: { category: 'boards', in_stock: true, minPrice: 10, maxPrice: 30 },
    });
    expect(slugs(combined).sort()).toEqual(['arduino-nano-every', 'arduino-uno-r3']);
    expect(combined.facets.in_stock).toEqual({ true: 2 });
    expect(combined.facet_choices.in_stock).toEqual({ true: 2 });
    expect((await search({ filters: { featured: true } })).total).toBe(2);
    expect((await search({ filters: { brand: ['Arduino', 'Espressif'] } })).total).toBe(3);
    // Brands match ignoring case.
    expect((await search({ filters: { brand: ['arduino', 'ESPRESSIF'] } })).total).toBe(3);
  });

  it('returns only the facets asked for', async () => {
    const data = await search({ facets: ['brand'] });
    expect(Object.keys(data.facets)).toEqual(['brand']);
    expect(Object.keys((await search({ facets: [] })).facets)).toEqual([]);
  });

  it('sorts by any field in either direction, and pages with limit and offset', async () => {
    const cheapFirst = await search({ sort_by: 'price', sort_order: 'asc' });
    expect(cheapFirst.hits.map((hit) => hit.price)).toEqual([3, 5, 9.99, 14, 24.5, 80]);
    const dearFirst = await search({ sort_by: 'price', sort_order: 'desc' });
    expect(dearFirst.hits.map((hit) => hit.price)).toEqual([80, 24.5, 14, 9.99, 5, 3]);
    expect(slugs(await search({ sort_by: 'name', limit: 2 }))).toEqual(['arduino-nano-every', 'arduino-uno-r3']);
    expect(slugs(await search({ sort_by: 'created_at', limit: 1 }))).toEqual(['esp32-devkit-v1']);
    expect(slugs(await search({ sort_by: 'rating', limit: 1 }))).toEqual(['raspberry-pi-5-8gb']);
    const page = await search({ sort_by: 'price', limit: 2, offset: 2 });
    expect(page.hits.map((hit) => hit.price)).toEqual([9.99, 14]);
    expect(page.total).toBe(6);
    expect((await search({ q: 'arduino', sort_by: 'price' })).hits.map((hit) => hit.price)).toEqual([9.99, 14, 24.5]);
  });

  it('answers each hit with its price range and variant count: one price and one variant for a product with only its default variant', async () => {
    // Decision 012 §4: price filters and sorts and the text index see every active variant; a
    // product with only its default variant (all of this catalogue) keeps one price and its SKU.
    const data = await search({ sort_by: 'price', sort_order: 'desc' });
    expect(data.hits.map((hit) => [hit.price, hit.price_max, hit.variant_count])).toEqual(
      [80, 24.5, 14, 9.99, 5, 3].map((price) => [price, price, 1]),
    );
    const ranged = await search({ filters: { minPrice: 14, maxPrice: 24.5 }, sort_by: 'price' });
    expect(slugs(ranged)).toEqual(['arduino-nano-every', 'arduino-uno-r3']);
    expect((await search({ filters: { minPrice: 14.01, maxPrice: 24.49 } })).total).toBe(0);
    expect(slugs(await search({ q: 'ARD-NANO-EV' }))).toEqual(['arduino-nano-every']);
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 1000 }, 'limit'],
    [{ offset: -1 }, 'offset'],
    [{ sort_by: 'popularity' }, 'sort_by'],
    [{ sort_order: 'up' }, 'sort_order'],
    [{ facets: ['color'] }, 'facets.0'],
    [{ filters: { minPrice: 50, maxPrice: 10 } }, 'filters.minPrice'],
    [{ filters: { colour: 'red' } }, 'filters'],
    [{ q: 'x'.repeat(201) }, 'q'],
    [{ limit: '20' }, 'limit'],
  ])('refuses %j with a 400 naming %s', async (body, field) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/search', payload: body });
    expect(response.statusCode).toBe(400);
    const error = response.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.errors.map((entry: { path: string }) => entry.path)).toContain(field);
  });

  describe('suggestions', () => {
    async function suggestions(query: string) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/search/suggestions${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { type: string; name: string; slug: string }[];
    }

    it('suggests categories then products for a typed prefix, at most 5 by default', async () => {
      const data = await suggestions('?q=ard');
      expect(data[0]).toMatchObject({ type: 'category', slug: 'arduino', name: 'Arduino' });
      // Products whose names match; the ESP32, which only mentions Arduino in its text, is not suggested.
      expect(
        data
          .filter((entry) => entry.type === 'product')
          .map((entry) => entry.slug)
          .sort(),
      ).toEqual(['arduino-nano-every', 'arduino-uno-r3']);
      expect(data.length).toBeLessThanOrEqual(5);
      expect(data.map((entry) => entry.slug)).not.toContain('arduino-secret-prototype');
    });

    it('tolerates typos and honours the limit', async () => {
      expect((await suggestions('?q=rasbery')).map((entry) => entry.slug)).toContain('raspberry-pi-5-8gb');
      expect((await suggestions('?q=usb%20cabel')).map((entry) => entry.slug)).toContain('usb-c-cable-1m');
      expect(await suggestions('?q=arduino&limit=1')).toHaveLength(1);
      expect(await suggestions('?q=')).toEqual([]);
      expect(await suggestions('?q=%20%20')).toEqual([]);
    });

    it('carries what the dropdown shows for a product', async () => {
      const product = (await suggestions('?q=esp3')).find((entry) => entry.type === 'product');
      expect(product).toMatchObject({ slug: 'esp32-devkit-v1', brand: 'Espressif', price: 9.99, in_stock: true });
    });

    it('refuses a bad limit', async () => {
      for (const limit of ['0', '1000', 'abc']) {
        const response = await ctx.app.inject({ method: 'GET', url: `/api/search/suggestions?q=a&limit=${limit}` });
        expect(response.statusCode).toBe(400);
        expect(response.json().errors[0].path).toBe('limit');
      }
    });
  });
});
