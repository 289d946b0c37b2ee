import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, blogPostViews } from '#server/blog/blog.table.ts';
import {
  type AdminBlogPost,
  BLOG_PAGE_SIZE,
  type BlogCategory,
  type BlogPostCreateInput,
  type BlogPostSummary,
} from '#shared/contracts/blog.ts';
import { apiAs } from '../helpers/admin-api.ts';
import { bearer, createUser, signInAs, signUpShopper } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const MISSING = '00000000-0000-4000-8000-000000000000';
const HOUR = 3_600_000;

/** docs/product.md#blog-endpoints: what shoppers read under /blogs, and how views are counted. */
describe('public blog', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  let staffToken: string;
  let shopperToken: string;
  let coffee: BlogCategory;
  let tea: BlogCategory;
  let hidden: BlogCategory;

  beforeAll(async () => {
    ctx = await createTestApp();
    const admin = await createUser(ctx.database.db, { role: 'admin', name: 'Editor' });
    staffToken = (await signInAs(ctx.app, admin.email)).token;
    api = apiAs(ctx.app, staffToken);
    shopperToken = (await signUpShopper(ctx.app)).access_token;
    const category = async (body: object): Promise<BlogCategory> => {
      const response = await api('POST', '/api/blogs/admin/categories', body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data;
    };
    coffee = await category({ name: 'Coffee', sort_order: 1 });
    tea = await category({ name: 'Tea', sort_order: 0 });
    hidden = await category({ name: 'Hidden', is_active: false });
  });
  afterAll(() => ctx.close());

  /** A post, then its publish date set directly (`hoursAgo` < 0: in the future). */
  const post = async (body: BlogPostCreateInput, hoursAgo?: number): Promise<AdminBlogPost> => {
    const response = await api('POST', '/api/blogs/admin/posts', body);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json().data as AdminBlogPost;
    if (hoursAgo !== undefined) {
      await ctx.database.db
        .update(blogPosts)
        .set({ publishedAt: new Date(Date.now() - hoursAgo * HOUR) })
        .where(eq(blogPosts.id, created.id));
    }
    return created;
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...headers } });
  const ids = (rows: BlogPostSummary[]) => rows.map((row) => row.id);

  it('lists published posts only, scheduled ones once their time has come', async () => {
    const published = await post({ title: 'Published post', status: 'published', category_id: coffee.id }, 2);
    const scheduledPast = await post(
      { title: 'Scheduled past', status: 'scheduled', published_at: new Date().toISOString() },
      1,
    );
    const scheduledFuture = await post(
      { title: 'Scheduled future', status: 'scheduled', published_at: new Date(Date.now() + HOUR).toISOString() },
      -5,
    );
    const publishedFuture = await post({ title: 'Published future', status: 'published' }, -1);
    const draft = await post({ title: 'A draft', status: 'draft' }, 3);
    const archived = await post({ title: 'Archived post', status: 'archived' }, 3);

    const list = await get('/api/blogs/posts');
    expect(list.statusCode, list.body).toBe(200);
    const seen = ids(list.json().data);
    expect(seen).toEqual([scheduledPast.id, published.id]);
    expect(list.json().pagination).toMatchObject({ page: 1, limit: BLOG_PAGE_SIZE, total: 2 });
    expect(list.json().data[0]).not.toHaveProperty('content');
    expect(list.json().data[0]).not.toHaveProperty('author_id');
    expect(list.json().data[0].status).toBe('published');

    for (const hiddenPost of [scheduledFuture, publishedFuture, draft, archived]) {
      expect((await get(`/api/blogs/posts/${hiddenPost.id}`)).statusCode, hiddenPost.title).toBe(404);
      expect((await get(`/api/blogs/posts/${hiddenPost.slug}`)).statusCode, hiddenPost.title).toBe(404);
    }
    // Its time comes: the scheduled post appears with no other change.
    await ctx.database.db
      .update(blogPosts)
      .set({ publishedAt: new Date(Date.now() - 1000) })
      .where(eq(blogPosts.id, scheduledFuture.id));
    const later = await get(`/api/blogs/posts/${scheduledFuture.slug}`);
    expect(later.statusCode).toBe(200);
    expect(later.json().data.status).toBe('published');

    // Tidy up for the tests below: only these posts stay public.
    for (const id of [scheduledPast.id, scheduledFuture.id]) {
      await api('PUT', `/api/blogs/admin/posts/${id}`, { status: 'archived' });
    }
    const [one] = (await get('/api/blogs/posts')).json().data as BlogPostSummary[];
    expect(one?.id).toBe(published.id);
  });

  it('reads one post by id or slug, its HTML sanitised again on the way out', async () => {
    const created = await post(
      {
        title: 'Read me',
        status: 'published',
        content: '<p>Hello reader</p><script>steal()</script>',
        tags: ['guide'],
      },
      1,
    );
    for (const key of [created.id, created.slug, created.slug.toUpperCase()]) {
      const response = await get(`/api/blogs/posts/${key}`);
      expect(response.statusCode, key).toBe(200);
      const data = response.json().data;
      expect(data).toMatchObject({ id: created.id, title: 'Read me', author: { name: 'Editor', avatar: null } });
      expect(data.content).toContain('Hello reader');
      expect(data.content).not.toContain('<script');
      expect(data).not.toHaveProperty('author_id');
    }
    // Even HTML that got into the table some other way is cleaned when served.
    await ctx.database.db
      .update(blogPosts)
      .set({ content: '<p>Stored</p><script>alert(1)</script><img src=x onerror=alert(1)>' })
      .where(eq(blogPosts.id, created.id));
    const served = (await get(`/api/blogs/posts/${created.id}`)).json().data.content as string;
    expect(served).not.toContain('<script');
    expect(served).not.toContain('onerror=alert');
    expect(served).toContain('Stored');

    expect((await get(`/api/blogs/posts/${MISSING}`)).statusCode).toBe(404);
    expect((await get('/api/blogs/posts/no-such-post')).statusCode).toBe(404);
    expect((await get('/api/blogs/posts/ab%00cd')).statusCode).toBe(404);
    expect((await get(`/api/blogs/posts/${'a'.repeat(121)}`)).statusCode).toBe(404);
  });

  it('filters, searches, sorts and pages the list; refuses bad queries with 400', async () => {
    const a = await post({ title: 'Aardvark brewing', status: 'published', category_id: tea.id, tags: ['kettle'] }, 30);
    const z = await post(
      { title: 'Zebra beans', status: 'published', category_id: tea.id, tags: ['kettle', 'beans'] },
      29,
    );
    await ctx.database.db.update(blogPosts).set({ viewCount: 50 }).where(eq(blogPosts.id, a.id));

    const byCategory = await get(`/api/blogs/posts?category_id=${tea.id}&sort_by=title&sort_order=asc`);
    expect(ids(byCategory.json().data)).toEqual([a.id, z.id]);
    const byTag = await get('/api/blogs/posts?tag=Beans');
    expect(ids(byTag.json().data)).toEqual([z.id]);
    const search = await get('/api/blogs/posts?search=aardvark');
    expect(ids(search.json().data)).toEqual([a.id]);
    const byViews = await get('/api/blogs/posts?sort_by=view_count&limit=1');
    expect(ids(byViews.json().data)).toEqual([a.id]);
    expect(byViews.json().pagination).toMatchObject({ limit: 1, hasNext: true });
    const oldestFirst = await get(
      `/api/blogs/posts?category_id=${tea.id}&sort_by=published_at&sort_order=asc&page=2&limit=1`,
    );
    expect(ids(oldestFirst.json().data)).toEqual([z.id]);
    const byReading = await get('/api/blogs/posts?sort_by=reading_time_minutes');
    expect(byReading.statusCode).toBe(200);

    for (const query of [
      'sort_by=price',
      'sort_order=up',
      'limit=0',
      'limit=51',
      'page=0',
      'category_id=nope',
      'search=a%00b',
      'tag=a%00b',
    ]) {
      const response = await get(`/api/blogs/posts?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('counts a view once per visitor per day, never for staff or bots, and 10 at once count 1', async () => {
    const created = await post({ title: 'Counted', status: 'published' }, 1);
    const url = `/api/blogs/posts/${created.id}?increment_views=true`;
    const [untouched] = await ctx.database.db.select().from(blogPosts).where(eq(blogPosts.id, created.id));
    const viewCount = async () =>
      (await ctx.database.db.select().from(blogPosts).where(eq(blogPosts.id, created.id)))[0]?.viewCount;

    const first = await get(url);
    expect(first.json().data.view_count).toBe(1);
    expect((await get(url)).json().data.view_count).toBe(1);
    // Without increment_views nothing is counted.
    await ctx.app.inject({
      method: 'GET',
      url: `/api/blogs/posts/${created.id}`,
      headers: { 'user-agent': 'Other/1.0' },
    });
    expect(await viewCount()).toBe(1);
    // Another visitor (another browser) counts.
    expect((await get(url, { 'user-agent': `${BROWSER} Edg/130` })).json().data.view_count).toBe(2);
    const otherIp = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'user-agent': BROWSER },
      remoteAddress: '10.7.7.7',
    });
    expect(otherIp.json().data.view_count).toBe(3);

    // Staff, bots and agentless requests do not count; a shopper does.
    await get(url, { 'user-agent': 'Firefox/1 staff', ...bearer(staffToken) });
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1',
      'curl/8.5.0',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0 Safari/537.36',
    ]) {
      await get(url, { 'user-agent': agent });
    }
    await ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': '' } });
    expect(await viewCount()).toBe(3);
    await get(url, { 'user-agent': 'Firefox/1 shopper', ...bearer(shopperToken) });
    expect(await viewCount()).toBe(4);

    // One visitor's ten concurrent reads count once.
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER }, remoteAddress: '10.8.8.8' }),
      ),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect(await viewCount()).toBe(5);

    // Keys from days ago can never match again; a counted view drops the post's old ones.
    await ctx.database.db
      .insert(blogPostViews)
      .values({ postId: created.id, visitorHash: 'old-visitor', createdAt: new Date(Date.now() - 3 * 24 * HOUR) });
    await ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER }, remoteAddress: '10.9.9.9' });
    expect(await viewCount()).toBe(6);
    const keys = await ctx.database.db.select().from(blogPostViews).where(eq(blogPostViews.postId, created.id));
    expect(keys.map((key) => key.visitorHash)).not.toContain('old-visitor');
    expect(keys).toHaveLength(6);

    const [stored] = await ctx.database.db.select().from(blogPosts).where(eq(blogPosts.id, created.id));
    // A view is not an edit.
    expect(stored?.updatedAt).toEqual(untouched?.updatedAt);
    expect((await get(`/api/blogs/posts/${created.id}?increment_views=maybe`)).statusCode).toBe(400);
  });

  it('finds related posts: same category and shared tags first, then the newest', async () => {
    const fresh = await api('POST', '/api/blogs/admin/categories', { name: 'Roasting' });
    const roasting = fresh.json().data.id as string;
    const source = await post(
      { title: 'Source', status: 'published', category_id: roasting, tags: ['grind', 'roast'] },
      10,
    );
    const both = await post({ title: 'Both', status: 'published', category_id: roasting, tags: ['roast'] }, 20);
    const categoryOnly = await post({ title: 'Category only', status: 'published', category_id: roasting }, 15);
    const twoTags = await post(
      { title: 'Two tags', status: 'published', category_id: tea.id, tags: ['grind', 'roast'] },
      19,
    );
    const oneTag = await post({ title: 'One tag', status: 'published', tags: ['grind'] }, 18);
    await post({ title: 'Related draft', status: 'draft', category_id: roasting, tags: ['roast'] });

    const response = await get(`/api/blogs/posts/${source.slug}/related?limit=20`);
    expect(response.statusCode, response.body).toBe(200);
    const related = ids(response.json().data);
    expect(related).not.toContain(source.id);
    expect(related.slice(0, 4)).toEqual([both.id, twoTags.id, oneTag.id, categoryOnly.id]);
    // The rest: unrelated public posts, newest first.
    const rest = (response.json().data as BlogPostSummary[])
      .slice(4)
      .map((row) => Date.parse(row.published_at as string));
    expect(rest).toEqual([...rest].sort((x, y) => y - x));

    const defaultLimit = await get(`/api/blogs/posts/${source.id}/related`);
    expect(defaultLimit.json().data).toHaveLength(5);
    expect((await get(`/api/blogs/posts/${source.id}/related?limit=21`)).statusCode).toBe(400);
    expect((await get(`/api/blogs/posts/${source.id}/related?limit=0`)).statusCode).toBe(400);
    expect((await get(`/api/blogs/posts/${MISSING}/related`)).statusCode).toBe(404);
  });

  it('lists active categories with their count of published posts, and reads one by id or slug', async () => {
    await post({ title: 'Hidden category post', status: 'published', category_id: hidden.id }, 1);
    await post({ title: 'Coffee draft', status: 'draft', category_id: coffee.id });
    await post({ title: 'Coffee later', status: 'published', category_id: coffee.id }, -2);
    const publicCoffee = (await get(`/api/blogs/posts?category_id=${coffee.id}&limit=50`)).json().pagination.total;

    const response = await get('/api/blogs/categories');
    expect(response.statusCode).toBe(200);
    const rows = response.json().data as BlogCategory[];
    // Sorted by sort_order then name; inactive ones left out.
    const known = [tea.id, coffee.id, hidden.id];
    expect(rows.map((row) => row.id).filter((id) => known.includes(id))).toEqual([tea.id, coffee.id]);
    expect(rows.find((row) => row.id === coffee.id)?.post_count).toBe(publicCoffee);
    expect(publicCoffee).toBeGreaterThan(0);

    for (const key of [coffee.id, coffee.slug]) {
      const one = await get(`/api/blogs/categories/${key}`);
      expect(one.statusCode).toBe(200);
      expect(one.json().data).toMatchObject({ id: coffee.id, name: 'Coffee', post_count: publicCoffee });
    }
    expect((await get(`/api/blogs/categories/${hidden.slug}`)).statusCode).toBe(404);
    expect((await get(`/api/blogs/categories/${MISSING}`)).statusCode).toBe(404);
    expect((await get('/api/blogs/categories/ab%00cd')).statusCode).toBe(404);
  });
});
