import type { CatalogueIndex } from '#server/catalogue/catalogue-index.ts';
import { excerptOf } from '#server/catalogue/search-text.ts';
import type { BlogPost } from '#shared/contracts/blog.ts';
import type { ShopPage } from '#shared/contracts/pages.ts';
import type { Product } from '#shared/contracts/products.ts';
import { REVIEW_LIMITS, type Review } from '#shared/contracts/reviews.ts';
import type { SiteConfig } from '#shared/contracts/site.ts';
import { LARGEST_IMAGE_WIDTH } from '#shared/images.ts';
import { isShopPageSlug, type ShopPageSlug } from '#shared/pages.ts';
import { blogFeedDescription, blogFeedTitle } from './blog-feed.ts';
import { linkTo } from './link-base.ts';

/**
 * What the HTML shell says about a page before any JavaScript runs: title, description, canonical
 * URL, Open Graph tags (the preview WhatsApp, Facebook or Slack draws for a pasted link) and, for
 * products, schema.org JSON-LD. Link previews and crawlers read only this HTML.
 */
export interface PageMeta {
  title: string;
  description: string;
  /** Canonical URL: absolute when a trusted base is known (link-base.ts), else relative. */
  canonical: string;
  type: 'website' | 'product' | 'article';
  /** Image URL for the preview (absolute like `canonical`). */
  image?: string;
  price?: { amount: number; currency: string };
  jsonLd?: object;
  /** A product that does not exist is a 404 even though the app renders its not-found page. */
  notFound?: boolean;
  /** The blog's RSS feed (absolute like `canonical`), announced in the head so readers find it. */
  feed?: string;
  /** A blog post's `article:` tags (Open Graph's article object). */
  article?: {
    publishedTime: string | null;
    modifiedTime: string;
    section: string | null;
    tags: readonly string[];
  };
}

const HOME_DESCRIPTION = 'Quality electronics, components and accessories at fair prices, delivered across Lebanon.';

export function pageTitle(title: string | undefined, shopName: string): string {
  return title ? `${title} · ${shopName}` : shopName;
}

const PRODUCT_PATH = /^\/product\/([^/]+)$/;

/**
 * The product a storefront URL shows, if any: the server reads its newest reviews (for the JSON-LD)
 * before calling metaForUrl, which stays synchronous and free of the database.
 */
export function productOfUrl(url: URL, catalogue: CatalogueIndex): Product | undefined {
  const match = PRODUCT_PATH.exec(url.pathname.replace(/\/+$/, ''));
  return match ? catalogue.getProduct(decodeURIComponent(match[1] ?? '')) : undefined;
}

/**
 * Meta for the storefront URL, or undefined for pages that keep the shell's defaults. `reviews`:
 * a product page's newest approved reviews (productOfUrl), for its JSON-LD.
 */
export function metaForUrl(
  url: URL,
  catalogue: CatalogueIndex,
  site: SiteConfig,
  baseUrl: string,
  reviews: readonly Review[] = [],
): PageMeta | undefined {
  const path = url.pathname.replace(/\/+$/, '') || '/';
  // baseUrl comes from link-base.ts: '' (no trusted host) keeps links relative.
  const absolute = (pathAndQuery: string) => linkTo(baseUrl, pathAndQuery);
  if (path === '/') {
    return {
      title: pageTitle(undefined, site.shopName),
      description: `${site.shopName}: ${HOME_DESCRIPTION}`,
      canonical: absolute('/'),
      type: 'website',
    };
  }
  if (path === '/store') return storeMeta(url, catalogue, site, absolute);
  if (path === '/blog') {
    // Filters and pages are views of one list, as for the store: the canonical URL is /blog.
    return {
      title: pageTitle('Blog', site.shopName),
      description: blogFeedDescription(site.shopName),
      canonical: absolute('/blog'),
      type: 'website',
      feed: absolute('/blog/feed.xml'),
    };
  }
  if (path === '/contact') {
    return {
      title: pageTitle(site.features.contactForm ? 'Contact us' : 'Page not found', site.shopName),
      description: `Questions about a product or an order? Write to ${site.shopName}.`,
      canonical: absolute('/contact'),
      type: 'website',
      notFound: !site.features.contactForm,
    };
  }
  const productMatch = PRODUCT_PATH.exec(path);
  if (productMatch) {
    const product = catalogue.getProduct(decodeURIComponent(productMatch[1] ?? ''));
    if (!product) {
      return {
        title: pageTitle('Product not found', site.shopName),
        description: HOME_DESCRIPTION,
        canonical: absolute(path),
        type: 'website',
        notFound: true,
      };
    }
    return productMeta(product, site, absolute, reviews);
  }
  return undefined;
}

const BLOG_POST_PATH = /^\/blog\/([^/]+)$/;

/**
 * The slug a `/blog/{slug}` URL names (the feed at /blog/feed.xml is its own route), or undefined:
 * the server reads that post (blogPostMeta) before sending the page.
 */
export function blogPostSlugOfUrl(url: URL): string | undefined {
  const match = BLOG_POST_PATH.exec(url.pathname.replace(/\/+$/, ''));
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1] ?? '');
  } catch {
    return match[1];
  }
}

/** The largest stored width of an image that follows the images.ts convention (previews want the biggest). */
function largestImage(url: string): string {
  return url.replace(/-\d+\.webp$/, `-${LARGEST_IMAGE_WIDTH}.webp`);
}

/**
 * Meta of a blog post page (docs/product.md#blog-pages): the post's SEO fields before its title and
 * excerpt, an article preview (Open Graph `article:` tags, a large Twitter card) and schema.org
 * `BlogPosting` JSON-LD. `post` null: no public post at that slug, a 404.
 */
export function blogPostMeta(
  slug: string,
  post: BlogPost | null,
  site: SiteConfig,
  baseUrl: string,
  wordCount?: number,
): PageMeta {
  const absolute = (pathAndQuery: string) => linkTo(baseUrl, pathAndQuery);
  const own = absolute(`/blog/${encodeURIComponent(slug)}`);
  if (!post) {
    return {
      title: pageTitle('Article not found', site.shopName),
      description: blogFeedDescription(site.shopName),
      canonical: own,
      type: 'website',
      notFound: true,
    };
  }
  const url = absolute(`/blog/${encodeURIComponent(post.slug)}`);
  const canonical = post.canonical_url ?? url;
  const description = post.meta_description || post.excerpt || `${post.title} on the ${site.shopName} blog.`;
  const image = post.featured_image ? absolute(largestImage(post.featured_image)) : undefined;
  const headline = post.meta_title || post.title;
  return {
    title: pageTitle(headline, site.shopName),
    description,
    canonical,
    type: 'article',
    image,
    feed: absolute('/blog/feed.xml'),
    article: {
      publishedTime: post.published_at,
      modifiedTime: post.updated_at,
      section: post.category?.name ?? null,
      tags: post.tags,
    },
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description,
      ...(image && { image: [image] }),
      ...(post.published_at && { datePublished: post.published_at }),
      dateModified: post.updated_at,
      author: { '@type': 'Person', name: post.author.name },
      publisher: {
        '@type': 'Organization',
        name: site.shopName,
        logo: { '@type': 'ImageObject', url: absolute('/icons/icon-512.png') },
      },
      mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
      url,
      ...(post.tags.length > 0 && { keywords: post.tags.join(', ') }),
      ...(post.category && { articleSection: post.category.name }),
      ...(wordCount !== undefined && { wordCount }),
    },
  };
}

const SHOP_PAGE_PATH = /^\/pages\/([^/]+)$/;

/** The fixed page a storefront URL shows (docs/product.md#fixed-pages), if any: web-app.ts reads it for shopPageMeta. */
export function shopPageSlugOfUrl(url: URL): ShopPageSlug | undefined {
  const slug = SHOP_PAGE_PATH.exec(url.pathname.replace(/\/+$/, ''))?.[1];
  return slug !== undefined && isShopPageSlug(slug) ? slug : undefined;
}

/**
 * A fixed page's meta: its meta title and description when staff set them, else its title and the
 * start of its text (`plainText`: the page's content as plain text, made by the caller).
 */
export function shopPageMeta(page: ShopPage, plainText: string, site: SiteConfig, baseUrl: string): PageMeta {
  return {
    title: pageTitle(page.meta_title || page.title, site.shopName),
    description: page.meta_description || excerptOf(plainText, 200) || `${page.title} at ${site.shopName}.`,
    canonical: linkTo(baseUrl, `/pages/${page.slug}`),
    type: 'website',
  };
}

function storeMeta(
  url: URL,
  catalogue: CatalogueIndex,
  site: SiteConfig,
  absolute: (path: string) => string,
): PageMeta {
  const q = url.searchParams.get('q')?.trim();
  const categoryParam = url.searchParams.get('category');
  const category = categoryParam ? catalogue.getCategory(categoryParam) : undefined;
  // Filters, sorting and paging are views of one page: the canonical URL keeps only the category.
  const canonical = absolute(category ? `/store?${new URLSearchParams({ category: category.slug })}` : '/store');
  if (q) {
    return {
      title: pageTitle(`Results for “${q}”`, site.shopName),
      description: `Search results for “${q}” at ${site.shopName}.`,
      canonical,
      type: 'website',
    };
  }
  if (category) {
    return {
      title: pageTitle(category.name, site.shopName),
      description: category.description || `${category.name} at ${site.shopName}: ${category.product_count} products.`,
      canonical,
      type: 'website',
      image: category.image ? absolute(category.image) : undefined,
    };
  }
  return {
    title: pageTitle('All products', site.shopName),
    description: `Browse every product at ${site.shopName}: ${HOME_DESCRIPTION}`,
    canonical,
    type: 'website',
  };
}

function productMeta(
  product: Product,
  site: SiteConfig,
  absolute: (path: string) => string,
  reviews: readonly Review[],
): PageMeta {
  const canonical = absolute(`/product/${encodeURIComponent(product.slug)}`);
  const images = product.images.map((image) => absolute(image));
  const description = excerptOf(product.description, 200) || `${product.name} at ${site.shopName}.`;
  return {
    title: pageTitle(product.name, site.shopName),
    description,
    canonical,
    type: 'product',
    image: images[0],
    price: { amount: product.price, currency: site.currency },
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: product.description,
      sku: product.sku,
      url: canonical,
      ...(images.length > 0 && { image: images }),
      ...(product.brand && { brand: { '@type': 'Brand', name: product.brand } }),
      ...(product.category && { category: product.category.name }),
      // Reviews turned off in the settings: no rating in the structured data either.
      ...(site.reviewsEnabled && productRatingJsonLd(product, reviews)),
      offers: productOffers(product, site.currency, canonical),
    },
  };
}

/**
 * A product's `aggregateRating` (from the product row, which the approved reviews keep up to date)
 * and up to REVIEW_LIMITS.jsonLdReviews `review` entries (the newest approved ones), or nothing
 * for a product without reviews (docs/product.md#reviews-on-the-storefront). Review text goes in
 * as plain strings; jsonForHtml keeps it from closing the script element.
 */
export function productRatingJsonLd(
  product: Pick<Product, 'rating' | 'review_count'>,
  reviews: readonly Review[],
): { aggregateRating?: object; review?: object[] } {
  if (product.review_count <= 0) return {};
  const shown = reviews.filter((review) => review.status === 'approved').slice(0, REVIEW_LIMITS.jsonLdReviews);
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: product.rating,
      reviewCount: product.review_count,
      bestRating: 5,
      worstRating: 1,
    },
    ...(shown.length > 0 && {
      review: shown.map((review) => ({
        '@type': 'Review',
        author: { '@type': 'Person', name: review.user_name },
        reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
        ...(review.title && { name: review.title }),
        ...(review.comment && { reviewBody: review.comment }),
        datePublished: review.created_at.slice(0, 10),
      })),
    }),
  };
}

/**
 * The JSON-LD `offers` of a product: one `Offer`, or with several variants an `AggregateOffer`
 * over their prices (decision 012 §6). The canonical URL stays the product's, not a variant's.
 */
export function productOffers(
  product: Pick<Product, 'price' | 'price_max' | 'in_stock' | 'variants'>,
  currency: string,
  url: string,
): object {
  const common = {
    url,
    priceCurrency: currency,
    availability: product.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
  };
  const variants = product.variants ?? [];
  if (variants.length <= 1) return { '@type': 'Offer', price: product.price.toFixed(2), ...common };
  const prices = variants.map((variant) => variant.price);
  return {
    '@type': 'AggregateOffer',
    lowPrice: Math.min(...prices).toFixed(2),
    highPrice: Math.max(...prices).toFixed(2),
    offerCount: variants.length,
    ...common,
  };
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON that is safe inside a <script> element (no `</script>` or `<!--` can close it). */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Writes the meta into the shell: replaces its title and description, adds the rest to the head. */
export function applyPageMeta(shell: string, meta: PageMeta, siteName: string): string {
  const tags = [
    `<link rel="canonical" href="${escapeAttribute(meta.canonical)}">`,
    `<meta property="og:site_name" content="${escapeAttribute(siteName)}">`,
    `<meta property="og:type" content="${meta.type}">`,
    `<meta property="og:title" content="${escapeAttribute(meta.title)}">`,
    `<meta property="og:description" content="${escapeAttribute(meta.description)}">`,
    `<meta property="og:url" content="${escapeAttribute(meta.canonical)}">`,
    meta.image && `<meta property="og:image" content="${escapeAttribute(meta.image)}">`,
    meta.price && `<meta property="product:price:amount" content="${meta.price.amount.toFixed(2)}">`,
    meta.price && `<meta property="product:price:currency" content="${escapeAttribute(meta.price.currency)}">`,
    ...(meta.article
      ? [
          meta.article.publishedTime &&
            `<meta property="article:published_time" content="${escapeAttribute(meta.article.publishedTime)}">`,
          `<meta property="article:modified_time" content="${escapeAttribute(meta.article.modifiedTime)}">`,
          meta.article.section &&
            `<meta property="article:section" content="${escapeAttribute(meta.article.section)}">`,
          ...meta.article.tags.map((tag) => `<meta property="article:tag" content="${escapeAttribute(tag)}">`),
        ]
      : []),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeAttribute(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeAttribute(meta.description)}">`,
    meta.image && `<meta name="twitter:image" content="${escapeAttribute(meta.image)}">`,
    meta.feed &&
      `<link rel="alternate" type="application/rss+xml" title="${escapeAttribute(blogFeedTitle(siteName))}" href="${escapeAttribute(meta.feed)}">`,
    meta.jsonLd && `<script type="application/ld+json">${jsonForHtml(meta.jsonLd)}</script>`,
  ]
    .filter(Boolean)
    .join('');
  return shell
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeAttribute(meta.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeAttribute(meta.description)}">`,
    )
    .replace('</head>', `${tags}</head>`);
}
