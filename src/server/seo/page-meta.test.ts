import { describe, expect, it } from 'vitest';
import type { Review } from '#shared/contracts/reviews.ts';
import { jsonForHtml, productOffers, productRatingJsonLd } from './page-meta.ts';

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

const review = (n: number, overrides: Partial<Review> = {}): Review => ({
  id: `40000000-0000-4000-8000-00000000000${n}`,
  product_id: '50000000-0000-4000-8000-000000000000',
  user_id: null,
  user_name: `Shopper ${n}`,
  rating: n,
  title: `Title ${n}`,
  comment: `Comment ${n}`,
  pros: [],
  cons: [],
  verified_purchase: true,
  helpful_count: 0,
  not_helpful_count: 0,
  status: 'approved',
  shop_reply: null,
  user_helpful_vote: null,
  created_at: `2026-0${n}-15T10:00:00.000Z`,
  updated_at: `2026-0${n}-15T10:00:00.000Z`,
  ...overrides,
});

describe('productRatingJsonLd (docs/product.md#reviews-on-the-storefront)', () => {
  it('says nothing for a product without reviews', () => {
    expect(productRatingJsonLd({ rating: 0, review_count: 0 }, [])).toEqual({});
    expect(productRatingJsonLd({ rating: 0, review_count: 0 }, [review(4)])).toEqual({});
  });

  it('gives the aggregate rating and up to three newest reviews as schema.org Review entries', () => {
    const given = [review(5), review(4, { title: '', comment: '' }), review(3), review(2)];
    expect(productRatingJsonLd({ rating: 4.25, review_count: 12 }, given)).toEqual({
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4.25,
        reviewCount: 12,
        bestRating: 5,
        worstRating: 1,
      },
      review: [
        {
          '@type': 'Review',
          author: { '@type': 'Person', name: 'Shopper 5' },
          reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
          name: 'Title 5',
          reviewBody: 'Comment 5',
          datePublished: '2026-05-15',
        },
        {
          '@type': 'Review',
          author: { '@type': 'Person', name: 'Shopper 4' },
          reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
          datePublished: '2026-04-15',
        },
        {
          '@type': 'Review',
          author: { '@type': 'Person', name: 'Shopper 3' },
          reviewRating: { '@type': 'Rating', ratingValue: 3, bestRating: 5, worstRating: 1 },
          name: 'Title 3',
          reviewBody: 'Comment 3',
          datePublished: '2026-03-15',
        },
      ],
    });
  });

  it('leaves out reviews that are not approved and keeps review text from closing the script', () => {
    const jsonLd = productRatingJsonLd({ rating: 3, review_count: 1 }, [
      review(1, { status: 'pending' }),
      review(3, { title: '</script><script>alert(1)</script>' }),
    ]);
    expect(jsonLd.review).toHaveLength(1);
    const html = jsonForHtml(jsonLd);
    expect(html).not.toContain('</script>');
    expect(JSON.parse(html)).toEqual(jsonLd);
  });
});
