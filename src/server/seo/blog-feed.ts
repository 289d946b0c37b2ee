import { linkTo } from './link-base.ts';
import { escapeXml } from './xml-text.ts';

/** A post as the feed shows it (blog/blog-feed-queries.ts reads them; app.ts hands them in). */
export interface FeedItem {
  title: string;
  slug: string;
  excerpt: string;
  category: string | null;
  publishedAt: Date;
}

/** The feed's title, also on the /blog page's `<link rel="alternate">`. */
export const blogFeedTitle = (shopName: string) => `${shopName} blog`;
export const blogFeedDescription = (shopName: string) => `Guides, projects and news from ${shopName}.`;

export const blogPostPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

/**
 * `/blog/feed.xml`: RSS 2.0 of the newest public posts (docs/product.md#demo-posts-feed-and-sitemap),
 * newest first, each with its excerpt as the description. Links are absolute on the trusted base
 * (link-base.ts); without one they stay relative and the guids say they are not permalinks.
 * Dates are RFC 822 as RSS requires (`toUTCString` writes that form, in GMT).
 */
export function renderBlogFeed(items: readonly FeedItem[], baseUrl: string, shopName: string): string {
  const absolute = (path: string) => linkTo(baseUrl, path);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${escapeXml(blogFeedTitle(shopName))}</title>`,
    `<link>${escapeXml(absolute('/blog'))}</link>`,
    `<description>${escapeXml(blogFeedDescription(shopName))}</description>`,
    '<language>en</language>',
  ];
  // The self link must be absolute; a relative feed simply goes without it.
  if (baseUrl) {
    lines.push(`<atom:link href="${escapeXml(absolute('/blog/feed.xml'))}" rel="self" type="application/rss+xml"/>`);
  }
  const newest = items[0];
  if (newest) lines.push(`<lastBuildDate>${newest.publishedAt.toUTCString()}</lastBuildDate>`);
  for (const item of items) {
    const link = escapeXml(absolute(blogPostPath(item.slug)));
    lines.push(
      [
        '<item>',
        `<title>${escapeXml(item.title)}</title>`,
        `<link>${link}</link>`,
        `<guid isPermaLink="${baseUrl ? 'true' : 'false'}">${link}</guid>`,
        `<pubDate>${item.publishedAt.toUTCString()}</pubDate>`,
        item.category === null ? '' : `<category>${escapeXml(item.category)}</category>`,
        `<description>${escapeXml(item.excerpt)}</description>`,
        '</item>',
      ].join(''),
    );
  }
  lines.push('</channel>', '</rss>', '');
  return lines.join('\n');
}
