import { describe, expect, it } from 'vitest';
import { productOffers } from './page-meta.ts';

/** The product page's JSON-LD offers (decision 012 §6); the served page is tests/api/seo.test.ts. */
const variant = (price: number) => ({
  id: `30000000-0000-4000-8000-00000000000${price}`,
  sku: `V-${price}`,
  options: { Memory: `${price} GB` },
  price,
  compare_at_price: null,
  in_stock: true,
  stock_quantity: 3,
  low_stock_threshold: 5,
  image: null,
  sort_order: price,
});

describe('productOffers', () => {
  it('is one Offer at the price for a product with one variant', () => {
    expect(
      productOffers({ price: 24.5, price_max: 24.5, in_stock: true, variants: [variant(1)] }, 'USD', '/p'),
    ).toEqual({
      '@type': 'Offer',
      price: '24.50',
      url: '/p',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
    });
  });

  it('is an AggregateOffer over the variant prices when there are several', () => {
    const product = { price: 2, price_max: 8, in_stock: false, variants: [variant(4), variant(2), variant(8)] };
    expect(productOffers(product, 'USD', '/p')).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: '2.00',
      highPrice: '8.00',
      offerCount: 3,
      availability: 'https://schema.org/OutOfStock',
    });
  });
});
