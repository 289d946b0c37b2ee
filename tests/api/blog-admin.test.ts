import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts } from '#server/blog/blog.table.ts';
import { users } from '#server/users/users.table.ts';
import {
  type AdminBlogPost,
  BLOG_MESSAGES,
  type BlogCategory,
  type BlogPostCreateInput,
  categoryHasPostsMessage,
} from '#shared/contracts/blog.ts';
import { UNSAFE_TEXT_MESSAGE } from '#shared/contracts/text.ts';
import { apiAs, auditOf } from '../helpers/admin-api.ts';
import { bearer, createUser, signInAs, signUpShopper } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

/** docs/product.md#blog-endpoints: the staff calls under /blogs/admin, their rules and refusals. */
describe('blog admin', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  let shopperToken: string;
  let staffId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const admin = await createUser(ctx.database.db, { role: 'admin', name: 'Rana Haddad' });
    staffId = admin.id;
    await ctx.database.db.update(users).set({ avatarUrl: '/uploads/rana.webp' }).where(eq(users.id, admin.id));
    api = apiAs(ctx.app, (await signInAs(ctx.app, admin.email)).token);
    shopperToken = (await signUpShopper(ctx.app)).access_token;
  });
  afterAll(() => ctx.close());

  const createPost = async (body: BlogPostCreateInput): Promise<AdminBlogPost> => {
    const response = await api('POST', '/api/blogs/admin/posts', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  };
  const createCategory = async (body: Record<string, unknown>): Promise<BlogCategory> => {
    const response = await api('POST', '/api/blogs/admin/categories', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  };

  it('writes a post: slug from the title, author, sanitised content, excerpt and reading time, audited', async () => {
    const post = await createPost({
      title: 'Café Crème: Brewing at Home',
      content: '<p>Good coffee <strong>starts</strong> with fresh beans.</p><script>alert(1)</script>',
      tags: [' Coffee ', 'coffee', 'Home'],
    });
    expect(post).toMatchObject({
      slug: 'cafe-creme-brewing-at-home',
      status: 'draft',
      published_at: null,
      author: { name: 'Rana Haddad', avatar: '/uploads/rana.webp' },
      author_id: staffId,
      tags: ['coffee', 'home'],
      reading_time_minutes: 1,
      view_count: 0,
      is_featured: false,
    });
    expect(post.content).not.toContain('<script');
    expect(post.content).toContain('Good coffee');
    expect(post.content).toContain('fresh beans.');
    expect(post.excerpt).toContain('Good coffee');
    expect(post.excerpt).not.toContain('<');
    const [audit] = await auditOf(ctx.database.db, 'blog_post', post.id);
    expect(audit).toMatchObject({ action: 'blog_post.create', userId: staffId });

    const second = await createPost({ title: 'Café crème: brewing at home!' });
    expect(second.slug).toBe('cafe-creme-brewing-at-home-2');
    const third = await createPost({ title: 'Cafe creme brewing at home' });
    expect(third.slug).toBe('cafe-creme-brewing-at-home-3');
  });

  it('refuses an explicit slug that is taken (409), on create and on edit', async () => {
    const first = await createPost({ title: 'Taken slug', slug: 'taken-slug' });
    const clash = await api('POST', '/api/blogs/admin/posts', { title: 'Other', slug: 'taken-slug' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'CONFLICT', message: BLOG_MESSAGES.postSlugTaken });
    const other = await createPost({ title: 'Another post' });
    const edit = await api('PUT', `/api/blogs/admin/posts/${other.id}`, { slug: 'taken-slug' });
    expect(edit.statusCode).toBe(409);
    // Sending its own slug back is no clash.
    const same = await api('PUT', `/api/blogs/admin/posts/${first.id}`, { slug: 'taken-slug', title: 'Renamed' });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data).toMatchObject({ slug: 'taken-slug', title: 'Renamed' });
  });

  it('publishes: now without a date, scheduled with a future one; scheduling needs a date', async () => {
    const now = await createPost({ title: 'Published now', status: 'published' });
    expect(now.status).toBe('published');
    expect(Date.parse(now.published_at as string)).toBeLessThanOrEqual(Date.now());

    const future = new Date(Date.now() + 86_400_000).toISOString();
    const later = await createPost({ title: 'Published later', status: 'published', published_at: future });
    expect(later.status).toBe('scheduled');
    const [stored] = await ctx.database.db.select().from(blogPosts).where(eq(blogPosts.id, later.id));
    expect(stored?.status).toBe('scheduled');

    const noDate = await api('POST', '/api/blogs/admin/posts', { title: 'No date', status: 'scheduled' });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().errors).toContainEqual({ path: 'published_at', message: BLOG_MESSAGES.scheduledNeedsDate });
  });

  it('edits the fields sent, re-sanitises content, keeps the slug; lists, filters and deletes', async () => {
    const category = await createCategory({ name: 'Guides' });
    const post = await createPost({ title: 'Edit me', content: '<p>Old words</p>', excerpt: 'Kept excerpt' });
    const edited = await api('PUT', `/api/blogs/admin/posts/${post.id}`, {
      title: 'Edited title',
      content: `<p>${'word '.repeat(600)}</p><script>bad()</script>`,
      category_id: category.id,
      is_featured: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const data = edited.json().data as AdminBlogPost;
    expect(data).toMatchObject({
      title: 'Edited title',
      slug: 'edit-me',
      excerpt: 'Kept excerpt',
      category_id: category.id,
      category: { id: category.id, name: 'Guides', slug: 'guides' },
      is_featured: true,
      reading_time_minutes: 3,
    });
    expect(data.content).not.toContain('<script');
    expect((await auditOf(ctx.database.db, 'blog_post', post.id)).map((row) => row.action)).toEqual([
      'blog_post.create',
      'blog_post.update',
    ]);

    const one = await api('GET', `/api/blogs/admin/posts/${post.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.title).toBe('Edited title');

    const byCategory = await api('GET', `/api/blogs/admin/posts?category_id=${category.id}`);
    expect(byCategory.json().data.map((row: AdminBlogPost) => row.id)).toEqual([post.id]);
    const drafts = await api('GET', '/api/blogs/admin/posts?status=draft&search=edited&limit=5');
    expect(drafts.statusCode).toBe(200);
    expect(drafts.json().data.map((row: AdminBlogPost) => row.id)).toEqual([post.id]);
    expect(drafts.json().pagination).toMatchObject({ page: 1, limit: 5, total: 1 });
    expect(drafts.json().data[0]).not.toHaveProperty('content');
    const scheduled = await api('GET', '/api/blogs/admin/posts?status=scheduled');
    expect(scheduled.json().data.every((row: AdminBlogPost) => row.status === 'scheduled')).toBe(true);
    expect(scheduled.json().data.length).toBeGreaterThan(0);

    const removed = await api('DELETE', `/api/blogs/admin/posts/${post.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await api('GET', `/api/blogs/admin/posts/${post.id}`)).statusCode).toBe(404);
    expect((await auditOf(ctx.database.db, 'blog_post', post.id)).at(-1)?.action).toBe('blog_post.delete');
  });

  it('refuses bad input with 400 naming the field, NUL bytes included', async () => {
    const cases: [object, string][] = [
      [{}, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'Bad\u0000title' }, 'title'],
      [{ title: 'Ok', content: 'Bad\u0000content' }, 'content'],
      [{ title: 'Ok', tags: ['ok', 'bad\u0000tag'] }, 'tags.1'],
      [{ title: 'Ok', slug: 'Not a slug!' }, 'slug'],
      [{ title: 'Ok', status: 'live' }, 'status'],
      [{ title: 'Ok', published_at: 'tomorrow' }, 'published_at'],
      // Days that do not exist, and year 0 (no such year): refused, not a database error.
      [{ title: 'Ok', status: 'scheduled', published_at: '2030-02-31T09:00:00Z' }, 'published_at'],
      [{ title: 'Ok', status: 'published', published_at: '0000-06-01T00:00:00Z' }, 'published_at'],
      [{ title: 'Ok', featured_image: 'javascript:alert(1)' }, 'featured_image'],
      [{ title: 'Ok', category_id: 'nope' }, 'category_id'],
      [{ title: 'Ok', canonical_url: 'ftp://x' }, 'canonical_url'],
      [{ title: 'Ok', unknown: 1 }, ''],
    ];
    for (const [body, path] of cases) {
      const response = await api('POST', '/api/blogs/admin/posts', body);
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      if (path)
        expect(
          response.json().errors.map((e: { path: string }) => e.path),
          JSON.stringify(body),
        ).toContain(path);
    }
    const nul = await api('POST', '/api/blogs/admin/posts', { title: 'Bad\u0000title' });
    expect(nul.json().errors).toContainEqual({ path: 'title', message: UNSAFE_TEXT_MESSAGE });
    const missingCategory = await api('POST', '/api/blogs/admin/posts', { title: 'Ok', category_id: MISSING });
    expect(missingCategory.statusCode).toBe(400);
    expect(missingCategory.json().errors).toContainEqual({
      path: 'category_id',
      message: BLOG_MESSAGES.categoryMissing,
    });
    const emptyEdit = await api('PUT', `/api/blogs/admin/posts/${MISSING}`, {});
    expect(emptyEdit.statusCode).toBe(400);
    expect((await api('GET', '/api/blogs/admin/posts?status=live')).statusCode).toBe(400);
    expect((await api('GET', '/api/blogs/admin/posts?search=a%00b')).statusCode).toBe(400);
    expect((await api('POST', '/api/blogs/admin/categories', { name: 'Bad\u0000name' })).statusCode).toBe(400);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const [method, url, body] of [
      ['GET', `/api/blogs/admin/posts/${MISSING}`, undefined],
      ['GET', '/api/blogs/admin/posts/not-a-uuid', undefined],
      ['PUT', `/api/blogs/admin/posts/${MISSING}`, { title: 'x' }],
      ['DELETE', `/api/blogs/admin/posts/${MISSING}`, undefined],
      ['PUT', `/api/blogs/admin/categories/${MISSING}`, { name: 'x' }],
      ['PUT', '/api/blogs/admin/categories/ab%00cd', { name: 'x' }],
      ['DELETE', `/api/blogs/admin/categories/${MISSING}`, undefined],
    ] as const) {
      const response = await api(method, url, body);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });

  it('answers 401 without a token and 403 with a shopper token', async () => {
    for (const [method, url] of [
      ['GET', '/api/blogs/admin/posts'],
      ['POST', '/api/blogs/admin/posts'],
      ['GET', `/api/blogs/admin/posts/${MISSING}`],
      ['PUT', `/api/blogs/admin/posts/${MISSING}`],
      ['DELETE', `/api/blogs/admin/posts/${MISSING}`],
      ['GET', '/api/blogs/admin/categories'],
      ['POST', '/api/blogs/admin/categories'],
      ['PUT', `/api/blogs/admin/categories/${MISSING}`],
      ['DELETE', `/api/blogs/admin/categories/${MISSING}`],
    ] as const) {
      const anonymous = await ctx.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const shopper = await ctx.app.inject({ method, url, headers: bearer(shopperToken) });
      expect(shopper.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('manages categories: slug, parent, edits, the 409 for a category with posts and move_to', async () => {
    const news = await createCategory({ name: 'Shop News', description: 'What is new' });
    expect(news).toMatchObject({ slug: 'shop-news', is_active: true, post_count: 0, parent_id: null });
    const again = await createCategory({ name: 'Shop news' });
    expect(again.slug).toBe('shop-news-2');
    const clash = await api('POST', '/api/blogs/admin/categories', { name: 'X', slug: 'shop-news' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(BLOG_MESSAGES.categorySlugTaken);

    const child = await createCategory({ name: 'Events', parent_id: news.id });
    expect(child.parent_id).toBe(news.id);
    const loop = await api('PUT', `/api/blogs/admin/categories/${news.id}`, { parent_id: child.id });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().errors).toContainEqual({ path: 'parent_id', message: BLOG_MESSAGES.underItself });
    const noParent = await api('POST', '/api/blogs/admin/categories', { name: 'Orphan', parent_id: MISSING });
    expect(noParent.statusCode).toBe(400);

    const renamed = await api('PUT', `/api/blogs/admin/categories/${again.id}`, { name: 'Archive', is_active: false });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Archive', slug: 'shop-news-2', is_active: false });
    const all = await api('GET', '/api/blogs/admin/categories');
    expect(all.json().data.map((row: BlogCategory) => row.id)).toEqual(expect.arrayContaining([news.id, again.id]));

    await createPost({ title: 'In the news', category_id: news.id, status: 'published' });
    await createPost({ title: 'Draft in the news', category_id: news.id });
    const refused = await api('DELETE', `/api/blogs/admin/categories/${news.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', message: categoryHasPostsMessage(2) });
    const toItself = await api('DELETE', `/api/blogs/admin/categories/${news.id}?move_to=${news.id}`);
    expect(toItself.statusCode).toBe(400);
    const toNowhere = await api('DELETE', `/api/blogs/admin/categories/${news.id}?move_to=${MISSING}`);
    expect(toNowhere.statusCode).toBe(400);
    const badMove = await api('DELETE', `/api/blogs/admin/categories/${news.id}?move_to=nope`);
    expect(badMove.statusCode).toBe(400);

    const moved = await api('DELETE', `/api/blogs/admin/categories/${news.id}?move_to=${again.id}`);
    expect(moved.statusCode, moved.body).toBe(204);
    const inTarget = await api('GET', `/api/blogs/admin/posts?category_id=${again.id}`);
    expect(inTarget.json().pagination.total).toBe(2);
    const orphanChild = await api('GET', '/api/blogs/admin/categories');
    expect(orphanChild.json().data.find((row: BlogCategory) => row.id === child.id)?.parent_id).toBeNull();
    expect((await auditOf(ctx.database.db, 'blog_category', news.id)).map((row) => row.action)).toEqual([
      'blog_category.create',
      'blog_category.delete',
    ]);

    const empty = await api('DELETE', `/api/blogs/admin/categories/${child.id}`);
    expect(empty.statusCode).toBe(204);
  });
});
