import { describe, expect, it } from 'vitest';
import { plainText, productCardRefs, readingTimeMinutes, sanitizePostHtml } from '#server/blog/post-html.ts';
import { SEED_PRODUCTS } from './catalogue-data.ts';
import { DEMO_BLOG_CATEGORIES, DEMO_BLOG_POSTS } from './demo-blog.ts';

const activeSlugs = new Set(SEED_PRODUCTS.filter((product) => product.isActive).map((product) => product.slug));

describe('the demo blog', () => {
  it('has six posts with unique slugs in its own categories, one featured', () => {
    expect(DEMO_BLOG_POSTS).toHaveLength(6);
    expect(new Set(DEMO_BLOG_POSTS.map((post) => post.slug)).size).toBe(6);
    const categories = new Set(DEMO_BLOG_CATEGORIES.map((category) => category.slug));
    expect(DEMO_BLOG_POSTS.every((post) => categories.has(post.categorySlug))).toBe(true);
    expect(DEMO_BLOG_POSTS.filter((post) => post.featured)).toHaveLength(1);
  });

  it.each(DEMO_BLOG_POSTS.map((post) => [post.slug, post] as const))(
    '%s reads well and survives the sanitiser',
    (_slug, post) => {
      const clean = sanitizePostHtml(post.content);
      // Nothing the sanitiser drops: only the heading ids it adds.
      expect(clean.replace(/ id="section-[a-z0-9-]+"/g, '')).toBe(post.content);
      expect(sanitizePostHtml(clean)).toBe(clean);
      const words = plainText(clean).split(' ').length;
      expect(words).toBeGreaterThanOrEqual(300);
      expect(words).toBeLessThanOrEqual(600);
      expect(readingTimeMinutes(clean)).toBeGreaterThan(0);
      expect(clean).toMatch(/<h2 id="section-/);
      expect(post.tags.every((tag) => tag === tag.trim().toLowerCase())).toBe(true);
    },
  );

  it('links and embeds only products the demo catalogue sells', () => {
    for (const post of DEMO_BLOG_POSTS) {
      const cards = productCardRefs(post.content);
      expect(cards.length).toBeGreaterThan(0);
      const links = [...post.content.matchAll(/href="\/product\/([^"]+)"/g)].map((match) => match[1]);
      expect(links.length).toBeGreaterThan(0);
      for (const slug of [...cards, ...links, post.pictureOf])
        expect(activeSlugs, `${post.slug}: ${slug}`).toContain(slug);
    }
  });
});
