import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogRevision } from '#server/blog/blog-page-queries.ts';
import type { AdminBlogPost, BlogCategory, BlogPostCreateInput } from '#shared/contracts/blog.ts';
import { apiAs } from '../helpers/admin-api.ts';
import { createUser, signInAs } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const HOUR = 3_600_000;
const HOSTILE_TITLE = 'Evil "</title><script>alert(1)</script> & <b>bold</b>';

/** The content of `<meta property|name="key" content="…">` in the page (the first one). */
const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
const metaContents = (html: string, key: string) =>
  [...html.matchAll(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`, 'g'))].map((match) => match[1]);
const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as Record<string, unknown>;

describe('blog pages: share meta, BlogPosting JSON-LD and 404 (docs/product.md#blog-pages)', () => {
  let ctx: TestApp;
  let dist: string;
  let api: ReturnType<typeof apiAs>;
  let category: BlogCategory;
  let plain: AdminBlogPost;
  let seo: AdminBlogPost;
  let hostile: AdminBlogPost;

  const post = async (body: BlogPostCreateInput): Promise<AdminBlogPost> => {
    const response = await api('POST', '/api/blogs/admin/posts', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  };

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'cedar-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><meta name="description" content="Default" /><title>x</title></head><body><div id="root"></div></body></html>',
    );
    ctx = await createTestApp({
      serveWebApp: true,
      webDistDir: dist,
      env: { SHOP_NAME: 'Beirut Bits', PUBLIC_URL: 'https://shop.example.com' },
    });
    const admin = await createUser(ctx.database.db, { role: 'admin', name: 'Rania Haddad' });
    api = apiAs(ctx.app, (await signInAs(ctx.app, admin.email)).token);
    const created = await api('POST', '/api/blogs/admin/categories', { name: 'Guides' });
    expect(created.statusCode, created.body).toBe(201);
    category = created.json().data;
    plain = await post({
      title: 'Choosing a soldering iron',
      excerpt: 'Which iron to buy first.',
      content: '<h2>Heat</h2><p>Temperature control matters.</p>',
      featured_image: '/uploads/seed/pinecil-1-400.webp',
      status: 'published',
      category_id: category.id,
      tags: ['soldering', 'tools'],
    });
    seo = await post({
      title: 'A title for people',
      excerpt: 'An excerpt.',
      content: '<p>Body.</p>',
      status: 'published',
      meta_title: 'A title for search engines',
      meta_description: 'A description for search engines.',
      canonical_url: 'https://partner.example.org/original-article',
    });
    hostile = await post({
      title: HOSTILE_TITLE,
      excerpt: '</script><script>alert(2)</script>',
      content: '<p>Hi.</p>',
      status: 'published',
      tags: ['"><script>alert(3)</script>'],
    });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dist, { recursive: true, force: true });
  });

  const page = (url: string, userAgent = 'WhatsApp/2.23.20.0') =>
    ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent } });

  it('gives a post its title, description, canonical URL, Open Graph article and Twitter tags', async () => {
    const response = await page(`/blog/${plain.slug}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const url = `https://shop.example.com/blog/${plain.slug}`;
    expect(html).toContain('<title>Choosing a soldering iron · Beirut Bits</title>');
    expect(metaContent(html, 'description')).toBe('Which iron to buy first.');
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'og:title')).toBe('Choosing a soldering iron · Beirut Bits');
    expect(metaContent(html, 'og:description')).toBe('Which iron to buy first.');
    expect(metaContent(html, 'og:url')).toBe(url);
    expect(metaContent(html, 'og:site_name')).toBe('Beirut Bits');
    // The largest stored width of the featured image, as an absolute URL.
    expect(metaContent(html, 'og:image')).toBe('https://shop.example.com/uploads/seed/pinecil-1-800.webp');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:title')).toBe('Choosing a soldering iron · Beirut Bits');
    expect(metaContent(html, 'twitter:description')).toBe('Which iron to buy first.');
    expect(metaContent(html, 'twitter:image')).toBe('https://shop.example.com/uploads/seed/pinecil-1-800.webp');
    expect(metaContent(html, 'article:published_time')).toBe(plain.published_at);
    expect(metaContent(html, 'article:modified_time')).toBe(plain.updated_at);
    expect(metaContent(html, 'article:section')).toBe('Guides');
    expect(metaContents(html, 'article:tag')).toEqual(['soldering', 'tools']);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });

  it('describes a post as schema.org BlogPosting', async () => {
    const jsonLd = jsonLdOf((await page(`/blog/${plain.slug}`)).body);
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Choosing a soldering iron',
      description: 'Which iron to buy first.',
      image: ['https://shop.example.com/uploads/seed/pinecil-1-800.webp'],
      datePublished: plain.published_at,
      dateModified: plain.updated_at,
      author: { '@type': 'Person', name: 'Rania Haddad' },
      publisher: {
        '@type': 'Organization',
        name: 'Beirut Bits',
        logo: { '@type': 'ImageObject', url: 'https://shop.example.com/icons/icon-512.png' },
      },
      mainEntityOfPage: { '@type': 'WebPage', '@id': `https://shop.example.com/blog/${plain.slug}` },
      keywords: 'soldering, tools',
      articleSection: 'Guides',
    });
  });

  it('prefers the post’s meta title, meta description and canonical URL', async () => {
    const html = (await page(`/blog/${seo.slug}`)).body;
    expect(html).toContain('<title>A title for search engines · Beirut Bits</title>');
    expect(metaContent(html, 'description')).toBe('A description for search engines.');
    expect(metaContent(html, 'og:description')).toBe('A description for search engines.');
    expect(html).toContain('<link rel="canonical" href="https://partner.example.org/original-article">');
    expect(metaContent(html, 'og:url')).toBe('https://partner.example.org/original-article');
    // No featured image: a small card, no og:image.
    expect(metaContent(html, 'twitter:card')).toBe('summary');
    expect(metaContent(html, 'og:image')).toBeUndefined();
    expect(jsonLdOf(html)).toMatchObject({ headline: 'A title for people' });
  });

  it('escapes what a post’s title, excerpt and tags could smuggle into the HTML', async () => {
    const response = await page(`/blog/${hostile.slug}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('</script><script>');
    expect(html).toContain('<title>Evil &quot;&lt;/title&gt;&lt;script&gt;');
    expect(metaContent(html, 'og:title')).toBe(
      'Evil &quot;&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt; · Beirut Bits',
    );
    expect(jsonLdOf(html)).toMatchObject({
      headline: HOSTILE_TITLE,
      description: '</script><script>alert(2)</script>',
    });
  });

  it('answers 404 with the not-found page for an unknown, draft or scheduled post', async () => {
    const draft = await post({ title: 'Draft secret', content: '<p>Not yet.</p>', status: 'draft' });
    const scheduled = await post({
      title: 'Scheduled secret',
      content: '<p>Tomorrow.</p>',
      status: 'scheduled',
      published_at: new Date(Date.now() + 24 * HOUR).toISOString(),
    });
    for (const slug of ['no-such-article', draft.slug, scheduled.slug]) {
      const response = await page(`/blog/${slug}`);
      expect(response.statusCode, slug).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<title>Article not found · Beirut Bits</title>');
      expect(response.body).not.toContain('Scheduled secret');
      expect(response.body).not.toContain('Draft secret');
    }
  });

  it('gives /blog its list meta: Open Graph tags, canonical URL and the feed', async () => {
    const html = (await page('/blog?category=guides&page=2')).body;
    expect(html).toContain('<link rel="canonical" href="https://shop.example.com/blog">');
    expect(metaContent(html, 'og:type')).toBe('website');
    expect(metaContent(html, 'og:title')).toBe('Blog · Beirut Bits');
    expect(metaContent(html, 'og:url')).toBe('https://shop.example.com/blog');
    expect(metaContent(html, 'twitter:title')).toBe('Blog · Beirut Bits');
    expect(html).toContain('type="application/rss+xml"');
    // PUBLIC_URL reaches the app's config, so the share links the server draws are absolute.
    expect(html).toContain('"publicUrl":"https://shop.example.com"');
  });

  it('changes the blog revision when a post is written and when a scheduled post falls due', async () => {
    const db = ctx.database.db;
    const now = new Date();
    const before = await blogRevision(db, now);
    expect(await blogRevision(db, now)).toBe(before);
    const dueAt = new Date(now.getTime() + 2 * HOUR);
    const scheduled = await post({
      title: 'Due in two hours',
      content: '<p>Soon.</p>',
      status: 'scheduled',
      published_at: dueAt.toISOString(),
    });
    const written = await blogRevision(db, now);
    expect(written).not.toBe(before);
    // Nothing is written when its time comes: the clock alone changes the revision.
    expect(await blogRevision(db, new Date(dueAt.getTime() - 1000))).toBe(written);
    expect(await blogRevision(db, new Date(dueAt.getTime() + 1000))).not.toBe(written);
    const renamed = await api('PUT', `/api/blogs/admin/categories/${category.id}`, { name: 'Buying guides' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await blogRevision(db, now)).not.toBe(written);
    expect(scheduled.status).toBe('scheduled');
  });
});
