import type { AdminBlogPost, BlogCategory } from '#shared/contracts/blog.ts';

/** Blog categories and posts as the admin API answers them, for the blog screens' tests. */
export const GUIDES: BlogCategory = {
  id: '30000000-0000-4000-8000-000000000001',
  name: 'Guides',
  slug: 'guides',
  description: 'How-tos',
  parent_id: null,
  sort_order: 0,
  is_active: true,
  post_count: 2,
  created_at: '2026-10-01T10:00:00.000Z',
  updated_at: '2026-10-01T10:00:00.000Z',
};

export const NEWS: BlogCategory = {
  ...GUIDES,
  id: '30000000-0000-4000-8000-000000000002',
  name: 'News',
  slug: 'news',
  description: '',
  sort_order: 1,
  post_count: 0,
};

export const ARDUINO_POST: AdminBlogPost = {
  id: '40000000-0000-4000-8000-000000000001',
  title: 'Choosing an Arduino board',
  slug: 'choosing-an-arduino-board',
  excerpt: 'Uno, Nano or Mega? What each is good for.',
  content: '<h2 id="section-uno">Uno</h2><p>The classic board.</p><div data-product-card="arduino-uno-r3"></div>',
  featured_image: '/uploads/seed/arduino-uno-800.webp',
  images: [],
  author: { name: 'Owner', avatar: null },
  author_id: 'u1',
  category_id: GUIDES.id,
  category: { id: GUIDES.id, name: GUIDES.name, slug: GUIDES.slug },
  tags: ['arduino'],
  status: 'published',
  published_at: '2026-11-01T09:00:00.000Z',
  meta_title: null,
  meta_description: null,
  canonical_url: null,
  is_featured: false,
  view_count: 1234,
  reading_time_minutes: 3,
  created_at: '2026-10-30T09:00:00.000Z',
  updated_at: '2026-11-02T09:00:00.000Z',
};

export const DRAFT_POST: AdminBlogPost = {
  ...ARDUINO_POST,
  id: '40000000-0000-4000-8000-000000000002',
  title: 'Soldering starter kit',
  slug: 'soldering-starter-kit',
  featured_image: null,
  category_id: null,
  category: null,
  status: 'draft',
  published_at: null,
  view_count: 0,
};
