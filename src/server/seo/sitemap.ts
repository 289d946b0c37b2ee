import type { CatalogueIndex } from '#server/catalogue/catalogue-index.ts';
import { blogPostPath } from './blog-feed.ts';
import { linkTo } from './link-base.ts';
import { escapeXml } from './xml-text.ts';

/** A public blog post as the sitemap lists it. */
export interface SitemapPost {
  slug: string;
  updatedAt: Date;
}

/** A fixed page (docs/product.md#fixed-pages) as the sitemap lists it. */
export interface SitemapPage {
  slug: string;
  updatedAt: string;
}

/**
 * `/sitemap.xml`: home, the store, every active category and every active product (with its last
 * change), then the blog and its public posts (`posts`, newest first), then the shop's fixed pages
 * (`pages`), at most 50,000 URLs as the sitemap protocol allows.
 */
export function renderSitemap(
  catalogue: CatalogueIndex,
  baseUrl: string,
  posts: readonly SitemapPost[] = [],
  pages: readonly SitemapPage[] = [],
): string {
  const absolute = (path: string) => linkTo(baseUrl, path);
  const entries: { loc: string; lastmod?: string }[] = [{ loc: absolute('/') }, { loc: absolute('/store') }];
  for (const category of catalogue.listCategories()) {
    entries.push({
      loc: absolute(`/store?${new URLSearchParams({ category: category.slug })}`),
      lastmod: category.updated_at,
    });
  }
  for (const product of catalogue.allProducts()) {
    entries.push({ loc: absolute(`/product/${encodeURIComponent(product.slug)}`), lastmod: product.updated_at });
  }
  if (posts.length > 0) {
    entries.push({ loc: absolute('/blog'), lastmod: newestChange(posts) });
    for (const post of posts) {
      entries.push({ loc: absolute(blogPostPath(post.slug)), lastmod: post.updatedAt.toISOString() });
    }
  }
  for (const page of pages) entries.push({ loc: absolute(`/pages/${page.slug}`), lastmod: page.updatedAt });
  const urls = entries
    .slice(0, 50_000)
    .map(
      (entry) =>
        `<url><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod.slice(0, 10)}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

function newestChange(posts: readonly SitemapPost[]): string {
  return new Date(posts.reduce((newest, post) => Math.max(newest, post.updatedAt.getTime()), 0)).toISOString();
}

/**
 * `/robots.txt`: everything public may be crawled; the admin area, checkout and the API are not.
 * The hidden admin sign-in path is deliberately not listed (robots.txt is public). `baseUrl` is
 * from link-base.ts ('' gives a relative sitemap line).
 */
export function renderRobots(baseUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /checkout',
    'Disallow: /api/',
    'Disallow: /preferences',
    '',
    `Sitemap: ${linkTo(baseUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
