import type { BlogCategory, BlogPost, BlogPostSummary } from '#shared/contracts/blog.ts';

/** Blog answers for the blog pages' tests, shaped as the API sends them. */
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const GUIDES: BlogCategory = {
  id: uuid(901),
  name: 'Guides',
  slug: 'guides',
  description: 'Buying guides.',
  parent_id: null,
  sort_order: 0,
  is_active: true,
  post_count: 3,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
export const NEWS: BlogCategory = { ...GUIDES, id: uuid(902), name: 'News', slug: 'news', post_count: 1 };
export const EMPTY: BlogCategory = { ...GUIDES, id: uuid(903), name: 'Empty corner', slug: 'empty', post_count: 0 };

export function blogSummary(n: number, overrides: Partial<BlogPostSummary> = {}): BlogPostSummary {
  return {
    id: uuid(n),
    title: `Post number ${n}`,
    slug: `post-${n}`,
    excerpt: `The excerpt of post ${n}.`,
    featured_image: `/uploads/seed/post-${n}-800.webp`,
    images: [],
    author: { name: 'Rania Haddad', avatar: null },
    category_id: GUIDES.id,
    category: { id: GUIDES.id, name: GUIDES.name, slug: GUIDES.slug },
    tags: ['arduino'],
    status: 'published',
    published_at: new Date(Date.UTC(2026, 10, 25 - n, 9)).toISOString(),
    meta_title: null,
    meta_description: null,
    canonical_url: null,
    is_featured: false,
    view_count: 0,
    reading_time_minutes: 4,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-11-20T00:00:00.000Z',
    ...overrides,
  };
}

export function blogPost(n: number, content: string, overrides: Partial<BlogPost> = {}): BlogPost {
  return { ...blogSummary(n), content, ...overrides };
}
