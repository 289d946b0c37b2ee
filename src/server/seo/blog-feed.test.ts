import { describe, expect, it } from 'vitest';
import { renderBlogFeed } from './blog-feed.ts';
import { escapeXml } from './xml-text.ts';

describe('escapeXml', () => {
  it('escapes the five XML specials and keeps any other text, emoji included', () => {
    expect(escapeXml(`a & b < c > d "e" 'f' بيروت 🍟`)).toBe(
      'a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos; بيروت 🍟',
    );
  });

  it('drops what XML cannot hold at all: control characters, lone surrogates, U+FFFE/U+FFFF', () => {
    expect(escapeXml('a\u0001b\u000bc\td\ne\u{1F35F}f\ud800g\udc00h\uffff')).toBe('abc\td\ne\u{1F35F}fgh');
  });
});

describe('renderBlogFeed', () => {
  const item = {
    title: 'Hello',
    slug: 'hello',
    excerpt: 'Hi',
    category: null,
    publishedAt: new Date('2026-11-20T08:30:00Z'),
  };

  it('keeps links relative without a trusted base, with guids that are not permalinks and no self link', () => {
    const xml = renderBlogFeed([item], '', 'Cedar Shop');
    expect(xml).toContain('<link>/blog</link>');
    expect(xml).toContain('<guid isPermaLink="false">/blog/hello</guid>');
    expect(xml).toContain('<pubDate>Fri, 20 Nov 2026 08:30:00 GMT</pubDate>');
    expect(xml).toContain('<lastBuildDate>Fri, 20 Nov 2026 08:30:00 GMT</lastBuildDate>');
    expect(xml).not.toContain('atom:link href');
    expect(xml).not.toContain('<category>');
  });

  it('is a valid empty channel when there are no posts', () => {
    const xml = renderBlogFeed([], 'https://shop.example.com', 'Cedar Shop');
    expect(xml).toContain('<channel>');
    expect(xml).not.toContain('<item>');
    expect(xml).not.toContain('lastBuildDate');
  });
});
