/**
 * The demo shop's reviews (docs/product.md#reviews): none to a few per product, never "verified
 * purchase" (only a delivered order makes one), written by a handful of demo shopper accounts
 * that cannot sign in, with stars that average close to the catalogue's figure
 * for the product. Data and a pure, deterministic generator; `seed.ts` inserts the result and the
 * products' rating and review count are then recomputed from these reviews, like any others.
 */

/** The demo accounts' shown names. */
export const DEMO_REVIEWERS: readonly string[] = [
  'Rami H.',
  'Lina K.',
  'Omar S.',
  'Nour A.',
  'Karim B.',
  'Maya F.',
  'Hadi N.',
  'Sara M.',
  'Tarek G.',
  'Rana D.',
  'Ziad C.',
  'Joelle A.',
];

/** The demo accounts' emails: a reserved domain, so no mail ever goes anywhere. */
export const demoReviewerEmail = (index: number) => `demo-reviewer-${index + 1}@example.com`;
/** A LIKE pattern matching every demo reviewer's email (migration 0018 uses the same). */
export const DEMO_REVIEWER_EMAIL_PATTERN = 'demo-reviewer-%@example.com';

/** At most this many demo reviews per product. */
export const DEMO_REVIEWS_PER_PRODUCT = 6;

/**
 * How many demo reviews a product gets: 0 to DEMO_REVIEWS_PER_PRODUCT, never more than its made-up
 * figure, chosen by a fixed hash of its place in the seed, so some products have none and the
 * counts differ from one product to the next (a shop where every product has exactly six reviews
 * does not look real).
 */
export function demoReviewCount(index: number, reviewCount: number): number {
  // An integer mixer (a 32-bit avalanche hash): consecutive indexes land far apart.
  let x = index + 1;
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  const hash = (x ^ (x >>> 16)) >>> 0;
  return Math.min(reviewCount, hash % (DEMO_REVIEWS_PER_PRODUCT + 1));
}

interface Words {
  title: string;
  comment: string;
}

const BY_STARS: Record<1 | 2 | 3 | 4 | 5, readonly Words[]> = {
  5: [
    { title: 'Exactly as described', comment: 'Works perfectly out of the box. Delivery to Beirut took two days.' },
    { title: 'Great value', comment: 'Cheaper than anywhere else I looked and it is the genuine part.' },
    { title: 'Excellent', comment: 'Solid build quality. I have been using it daily for a month with no issues.' },
    { title: 'Highly recommended', comment: 'Well packed, arrived quickly and did the job on the first try.' },
    { title: 'Perfect for my project', comment: 'Exactly what I needed. I will order from Cedar Shop again.' },
    { title: 'Very happy', comment: 'Good quality, fair price, and the shop answered my question on WhatsApp fast.' },
    { title: 'Does the job well', comment: 'No surprises: it matches the specs on the page.' },
    { title: 'Second one I bought', comment: 'The first one still works fine, so I ordered another for the office.' },
  ],
  4: [
    {
      title: 'Good, with small caveats',
      comment: 'Works well. The documentation is thin, but online guides cover it.',
    },
    { title: 'Solid purchase', comment: 'Does what it should. Packaging could have been a bit better.' },
    { title: 'Worth it', comment: 'Good quality for the price. Delivery took a day longer than promised.' },
    { title: 'Happy overall', comment: 'Reliable so far. I would give five stars if it came with a cable.' },
    { title: 'Good value', comment: 'Works as expected after a quick setup. Recommended.' },
    { title: 'Nice', comment: 'Build feels good. Took me a while to find the right settings.' },
  ],
  3: [
    { title: 'It is okay', comment: 'Works, but not as well as I hoped. Fine for the price.' },
    { title: 'Average', comment: 'Does the basics. The build feels a little cheap.' },
    { title: 'Mixed feelings', comment: 'Mine needed a second try to work properly. Support was helpful.' },
  ],
  2: [{ title: 'Not great', comment: 'It works, but it stopped working reliably after a couple of weeks.' }],
  1: [{ title: 'Disappointed', comment: 'Did not work for my setup. The shop offered an exchange.' }],
};

const PROS: readonly string[] = [
  'Good value',
  'Fast delivery',
  'Well packed',
  'Works out of the box',
  'Solid build',
  'Genuine part',
  'Compact',
  'Easy to set up',
];
const CONS: readonly string[] = [
  'Thin documentation',
  'No cable included',
  'Packaging could be better',
  'Took a while to set up',
  'Price went up since',
];

export interface DemoReviewProduct {
  /** The product's place in the seed (keeps the choices deterministic). */
  index: number;
  productId: string;
  /** The made-up figures of catalogue-data.ts the reviews aim at. */
  rating: number;
  reviewCount: number;
  createdDaysAgo: number;
}

export interface DemoReview {
  productId: string;
  /** Index into DEMO_REVIEWERS: at most one review per reviewer per product. */
  reviewer: number;
  rating: number;
  title: string;
  comment: string;
  pros: string[];
  cons: string[];
  createdAt: Date;
  /** Other demo reviewers who found it helpful, and who did not (indexes into DEMO_REVIEWERS). */
  helpfulVoters: number[];
  notHelpfulVoters: number[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/**
 * Whole stars whose average is as close to `rating` as `count` reviews allow; on every third
 * product two middling ones spread out (4, 4 → 3, 5), same sum, so not every list looks alike.
 */
export function demoRatings(rating: number, count: number, index: number): number[] {
  if (count === 0) return [];
  const total = Math.min(5 * count, Math.max(count, Math.round(rating * count)));
  const base = Math.floor(total / count);
  const extra = total - base * count;
  const stars = Array.from({ length: count }, (_, i) => (i < extra ? base + 1 : base));
  const middling = stars.filter((star) => star === base).length;
  if (index % 3 === 0 && middling >= 2 && base > 1 && base < 5) {
    stars[extra] = base + 1;
    stars[extra + 1] = base - 1;
  }
  // A fixed shuffle (7 is prime to every count up to 6), so the stars do not come in writing order.
  return stars.map((_, i) => stars[(i * 7 + index) % count] as number);
}

export function demoReviews(products: readonly DemoReviewProduct[], now: Date): DemoReview[] {
  const reviewers = DEMO_REVIEWERS.length;
  return products.flatMap((product) => {
    const count = demoReviewCount(product.index, product.reviewCount);
    const stars = demoRatings(product.rating, count, product.index);
    const age = product.createdDaysAgo * DAY_MS;
    return stars.map((rating, r): DemoReview => {
      const p = product.index;
      const pool = BY_STARS[rating as 1 | 2 | 3 | 4 | 5];
      const words = pool[(p * 7 + r * 3) % pool.length] as Words;
      // 5 is prime to 12: the six reviewers of one product are six different accounts.
      const reviewer = (p + r * 5) % reviewers;
      // Spread over the product's life, oldest first, a few minutes apart.
      const ageMs = Math.min(
        age,
        Math.floor((age * (count - r)) / (count + 1)) + ((p * 37 + r * 11) % 600) * MINUTE_MS,
      );
      const helpful = (p * 3 + r * 5) % 5;
      const others = Array.from({ length: reviewers - 1 }, (_, i) => (reviewer + 1 + i) % reviewers);
      return {
        productId: product.productId,
        reviewer,
        rating,
        title: words.title,
        comment: words.comment,
        pros: rating >= 4 ? [PROS[(p + r) % PROS.length] as string, PROS[(p + r + 3) % PROS.length] as string] : [],
        cons: rating <= 4 && (p + r) % 2 === 0 ? [CONS[(p + r) % CONS.length] as string] : [],
        createdAt: new Date(now.getTime() - ageMs),
        helpfulVoters: others.slice(0, helpful),
        notHelpfulVoters: (p + r) % 7 === 0 ? others.slice(helpful, helpful + 1) : [],
      };
    });
  });
}
