import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts } from '#server/blog/blog.table.ts';
import type { AdminBlogPost, BlogCategory, BlogPostCreateInput } from '#shared/contracts/blog.ts';
import { apiAs } from '../helpers/admin-api.ts';
import { createUser, signInAs } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const HOUR = 3_600_000;
const TRICKY_TITLE = `Fish & chips <b>"tasty"</b> at Joe's: café à Beyrouth, بيروت 🍟`;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_match, name: string) => ENTITIES[name] ?? '');

/**
 * A small well-formedness check of the XML these routes write: one declaration, then tags that
 * nest, attributes double-quoted, and text and attribute values with `&`, `<` and `>` escaped.
 */
function expectWellFormedXml(xml: string): void {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const body = xml.slice(xml.indexOf('?>') + 2);
  const escapedText = /^(?:[^&<>]|&(?:amp|lt|gt|quot|apos);)*$/;
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"]*")*)\s*(\/?)>|([^<]+)/y;
  const open: string[] = [];
  let roots = 0;
  while (token.lastIndex < body.length) {
    const start = token.lastIndex;
    const match = token.exec(body);
    expect(match, `unreadable XML at ${body.slice(start, start + 40)}`).not.toBeNull();
    if (!match) return;
    const [, closing, name, attributes, selfClosing, text] = match;
    if (text !== undefined) {
      expect(text, 'text').toMatch(escapedText);
      if (open.length === 0) expect(text.trim()).toBe('');
      continue;
    }
    for (const [, value] of (attributes ?? '').matchAll(/="([^"]*)"/g)) expect(value, 'attribute').toMatch(escapedText);
    if (closing) expect(open.pop()).toBe(name);
    else if (!selfClosing) {
      if (open.length === 0) roots++;
      open.push(name ?? '');
    }
  }
  expect(open).toEqual([]);
  expect(roots).toBe(1);
}

const itemsOf = (xml: string) =>
  [...xml.matchAll(/<item>(.*?)<\/item>/g)].map(([, item = '']) => {
    const field = (name: string) => {
      const value = new RegExp(`<${name}(?: [^>]*)?>(.*?)</${name}>`).exec(item)?.[1];
      return value === undefined ? undefined : decode(value);
    };
    return {
      title: field('title'),
      link: field('link'),
      guid: field('guid'),
      pubDate: field('pubDate'),
      category: field('category'),
      description: field('description'),
    };
  });

describe('blog feed and sitemap (docs/product.md#demo-posts-feed-and-sitemap)', () => {
  let ctx: TestApp;
  let dist: string;
  let api: ReturnType<typeof apiAs>;
  let category: BlogCategory;
  let tricky: AdminBlogPost;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'cedar-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>x</title></head><body></body></html>',
    );
    ctx = await createTestApp({
      serveWebApp: true,
      webDistDir: dist,
      env: { SHOP_NAME: 'Beirut & Bits', PUBLIC_URL: 'https://shop.example.com' },
    });
    const admin = await createUser(ctx.database.db, { role: 'admin', name: 'Editor' });
    api = apiAs(ctx.app, (await signInAs(ctx.app, admin.email)).token);
    const created = await api('POST', '/api/blogs/admin/categories', { name: 'Tips & <Tricks>' });
    expect(created.statusCode, created.body).toBe(201);
    category = created.json().data;
    const post = async (body: BlogPostCreateInput): Promise<AdminBlogPost> => {
      const response = await api('POST', '/api/blogs/admin/posts', body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data;
    };
    tricky = await post({
      title: TRICKY_TITLE,
      content: '<p>Crispy &amp; hot, 3 < 5 > 2, "quoted" — naïve façade.</p>',
      status: 'published',
      category_id: category.id,
    });
    await post({ title: 'Draft secret', content: '<p>Not yet.</p>', status: 'draft' });
    await post({ title: 'Archived secret', content: '<p>Gone.</p>', status: 'archived' });
    await post({
      title: 'Scheduled secret',
      content: '<p>Tomorrow.</p>',
      status: 'scheduled',
      published_at: new Date(Date.now() + 24 * HOUR).toISOString(),
    });
    // 21 older public posts: the feed keeps the 20 newest.
    const now = Date.now();
    await ctx.database.db.insert(blogPosts).values(
      Array.from({ length: 21 }, (_, index) => ({
        title: `Older post ${index + 1}`,
        slug: `older-post-${index + 1}`,
        excerpt: `Excerpt ${index + 1}`,
        content: '<p>Old news.</p>',
        authorName: 'Editor',
        status: 'published',
        publishedAt: new Date(now - (index + 2) * HOUR),
        updatedAt: new Date(now - (index + 2) * HOUR),
      })),
    );
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('serves RSS 2.0 of the 20 newest public posts, escaped and well formed', async () => {
    const response = await get('/blog/feed.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const xml = response.body;
    expectWellFormedXml(xml);
    expect(xml).toContain('<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">');
    expect(xml).toContain('<title>Beirut &amp; Bits blog</title>');
    expect(xml).toContain('<link>https://shop.example.com/blog</link>');
    expect(xml).toContain(
      '<atom:link href="https://shop.example.com/blog/feed.xml" rel="self" type="application/rss+xml"/>',
    );

    const items = itemsOf(xml);
    expect(items).toHaveLength(20);
    expect(items.map((item) => item.title)).toEqual([
      TRICKY_TITLE,
      ...Array.from({ length: 19 }, (_, index) => `Older post ${index + 1}`),
    ]);
    const [first] = items;
    const link = `https://shop.example.com/blog/${tricky.slug}`;
    expect(first).toEqual({
      title: TRICKY_TITLE,
      link,
      guid: link,
      pubDate: new Date(tricky.published_at ?? '').toUTCString(),
      category: 'Tips & <Tricks>',
      description: 'Crispy & hot, 3 < 5 > 2, "quoted" — naïve façade.',
    });
    // RFC 822 as RSS asks: "Thu, 26 Nov 2026 01:27:09 GMT".
    expect(first?.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(xml).toContain('<guid isPermaLink="true">');
    expect(xml).toContain(`<title>Fish &amp; chips &lt;b&gt;&quot;tasty&quot;&lt;/b&gt; at Joe&apos;s`);
    for (const secret of ['Draft secret', 'Archived secret', 'Scheduled secret']) expect(xml).not.toContain(secret);
  });

  it('lists the blog and its public posts in the sitemap, never drafts or scheduled posts', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    const xml = response.body;
    expectWellFormedXml(xml);
    expect(xml).toContain('<loc>https://shop.example.com/blog</loc>');
    const today = new Date().toISOString().slice(0, 10);
    expect(xml).toContain(`<url><loc>${link(tricky.slug)}</loc><lastmod>${today}</lastmod></url>`);
    expect(xml).toContain('<loc>https://shop.example.com/blog/older-post-21</loc>');
    expect(xml).not.toMatch(/draft-secret|archived-secret|scheduled-secret/);
  });

  it('announces the feed in the head of the /blog page', async () => {
    const response = await get('/blog?page=2');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      '<link rel="alternate" type="application/rss+xml" title="Beirut &amp; Bits blog" href="https://shop.example.com/blog/feed.xml">',
    );
    expect(response.body).toContain('<link rel="canonical" href="https://shop.example.com/blog">');
    expect(response.body).toContain('<title>Blog · Beirut &amp; Bits</title>');
  });

  it('shows a scheduled post in the feed once its time has come', async () => {
    const response = await api('GET', '/api/blogs/admin/posts?search=Scheduled');
    const [scheduled] = response.json().data as AdminBlogPost[];
    expect(scheduled).toBeDefined();
    const moved = await api('PUT', `/api/blogs/admin/posts/${scheduled?.id}`, {
      published_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const items = itemsOf((await get('/blog/feed.xml')).body);
    // A minute ago: after the post published just now, before the older ones.
    expect(items.slice(0, 3).map((item) => item.title)).toEqual([TRICKY_TITLE, 'Scheduled secret', 'Older post 1']);
    expect((await get('/sitemap.xml')).body).toContain(link(scheduled?.slug ?? ''));
  });
});

const link = (slug: string) => `https://shop.example.com/blog/${slug}`;
