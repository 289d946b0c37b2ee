import { and, asc, desc, eq, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { isDemoRow } from '#server/db/demo-marks.ts';
import { containsPattern, countRows, pageOffset } from '#server/db/list-queries.ts';
import { notFound } from '#server/errors.ts';
import { users } from '#server/users/users.table.ts';
import type {
  AdminBlogPost,
  AdminBlogPostListQuery,
  AdminBlogPostSummary,
  BlogPostListQuery,
  BlogPostStatus,
  BlogPostSummary,
} from '#shared/contracts/blog.ts';
import { buildPagination, type Pagination } from '#shared/contracts/common.ts';
import { type BlogPostJoined, toAdminBlogPost, toAdminBlogPostSummary, toBlogPostSummary } from './blog.mapper.ts';
import { blogCategories, blogPosts } from './blog.table.ts';

/**
 * Reads of blog posts (docs/product.md#blog-endpoints): the public list, one post, related posts,
 * and the staff list. "Now" is taken once per call and passed in, so a list's filter and its rows'
 * statuses agree.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** Public posts: published or scheduled, with a publish date that has passed. */
export function publicCondition(now: Date): SQL {
  return sql`(${blogPosts.status} in ('published', 'scheduled') and ${blogPosts.publishedAt} <= ${at(now)})`;
}

/** The SQL twin of `effectiveStatus` (blog.mapper.ts): the posts that read as `status` now. */
export function statusCondition(status: BlogPostStatus, now: Date): SQL {
  switch (status) {
    case 'published':
      return publicCondition(now);
    case 'scheduled':
      return sql`(${blogPosts.status} in ('published', 'scheduled') and (${blogPosts.publishedAt} is null or ${blogPosts.publishedAt} > ${at(now)}))`;
    default:
      return sql`${blogPosts.status} = ${status}`;
  }
}

const { content: _content, ...summaryColumns } = getTableColumns(blogPosts);

/** Posts without their content (lists: a page of full posts could weigh megabytes), author and category joined. */
export function selectJoinedSummaries(db: Db) {
  return db
    .select({
      post: summaryColumns,
      authorName: users.name,
      authorAvatar: users.avatarUrl,
      category: { id: blogCategories.id, name: blogCategories.name, slug: blogCategories.slug },
    })
    .from(blogPosts)
    .leftJoin(users, eq(users.id, blogPosts.authorId))
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId));
}

/** Posts with their author's account and category joined. */
export function selectJoinedPosts(db: Db) {
  return db
    .select({
      post: blogPosts,
      authorName: users.name,
      authorAvatar: users.avatarUrl,
      category: { id: blogCategories.id, name: blogCategories.name, slug: blogCategories.slug },
    })
    .from(blogPosts)
    .leftJoin(users, eq(users.id, blogPosts.authorId))
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId));
}

/** `{id or slug}`: a uuid names a post by id (or by a slug shaped like one), anything else by slug. */
function idOrSlugCondition(idOrSlug: string): SQL {
  const slug = idOrSlug.toLowerCase();
  return (UUID.test(idOrSlug) ? or(eq(blogPosts.id, slug), eq(blogPosts.slug, slug)) : eq(blogPosts.slug, slug)) as SQL;
}

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(ilike(blogPosts.title, pattern), ilike(blogPosts.excerpt, pattern), ilike(blogPosts.content, pattern));
}

const SORTS = {
  published_at: blogPosts.publishedAt,
  title: blogPosts.title,
  view_count: blogPosts.viewCount,
  reading_time_minutes: blogPosts.readingTimeMinutes,
  created_at: blogPosts.createdAt,
  updated_at: blogPosts.updatedAt,
} as const;

function listOrder(query: { sort_by: keyof typeof SORTS; sort_order: 'asc' | 'desc' }): SQL[] {
  const column = SORTS[query.sort_by];
  // Drafts without a date come last whichever way dates are sorted; ties newest first, then by id.
  const main = query.sort_order === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  return [main, sql`${blogPosts.publishedAt} desc nulls last`, asc(blogPosts.id)];
}

/** `GET /blogs/posts`: public posts, filtered, sorted, a page at a time. */
export async function listPublicPosts(
  db: Db,
  query: BlogPostListQuery,
  now: Date,
): Promise<{ data: BlogPostSummary[]; pagination: Pagination }> {
  const where = and(
    publicCondition(now),
    searchCondition(query.search),
    query.category_id ? eq(blogPosts.categoryId, query.category_id) : undefined,
    query.tag ? sql`${query.tag} = any(${blogPosts.tags})` : undefined,
  );
  const [rows, total] = await Promise.all([
    selectJoinedSummaries(db)
      .where(where)
      .orderBy(...listOrder(query))
      .limit(query.limit)
      .offset(pageOffset(query)),
    countRows(db, blogPosts, where),
  ]);
  return {
    data: rows.map((row) => toBlogPostSummary(row, now)),
    pagination: buildPagination(query.page, query.limit, total),
  };
}

/** One public post by id or slug, or 404 (drafts, archived and scheduled posts are not found). */
export async function findPublicPost(db: Db, idOrSlug: string, now: Date): Promise<BlogPostJoined> {
  const [row] = await selectJoinedPosts(db)
    .where(and(publicCondition(now), idOrSlugCondition(idOrSlug)))
    // An id wins over a slug that happens to look like another post's id.
    .orderBy(sql`${blogPosts.id}::text = ${idOrSlug.toLowerCase()} desc`)
    .limit(1);
  if (!row) throw notFound('Post');
  return row;
}

/**
 * `GET /blogs/posts/{id}/related`: other public posts, those in the same category and sharing tags
 * first (one point for each), then more shared tags, then the newest.
 */
export async function relatedPosts(db: Db, idOrSlug: string, limit: number, now: Date): Promise<BlogPostSummary[]> {
  const source = (await findPublicPost(db, idOrSlug, now)).post;
  const sharedTags = sql`(select count(*) from unnest(${blogPosts.tags}) as shared(tag) where shared.tag in (select unnest(source.tags) from ${blogPosts} as source where source.id = ${source.id}))`;
  const sameCategory =
    source.categoryId === null
      ? sql`0`
      : sql`(case when ${blogPosts.categoryId} = ${source.categoryId} then 1 else 0 end)`;
  const rows = await selectJoinedSummaries(db)
    .where(and(publicCondition(now), sql`${blogPosts.id} <> ${source.id}`))
    .orderBy(
      desc(sql`${sameCategory} + (case when ${sharedTags} > 0 then 1 else 0 end)`),
      desc(sharedTags),
      sql`${blogPosts.publishedAt} desc nulls last`,
      asc(blogPosts.id),
    )
    .limit(limit);
  return rows.map((row) => toBlogPostSummary(row, now));
}

/** Of `ids`, the posts that are unchanged demo content (demo-marks.ts): the list's "Demo" badge. */
async function demoPostIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = (await db.execute(
    sql`select t.id from blog_posts as t where t.id in (${list}) and ${isDemoRow('blog_posts', 't')}`,
  )) as unknown as { rows: { id: string }[] };
  return new Set(result.rows.map((row) => row.id));
}

/** `GET /blogs/admin/posts`: posts in every status, filtered, sorted, a page at a time. */
export async function listAdminPosts(
  db: Db,
  query: AdminBlogPostListQuery,
  now: Date,
): Promise<{ data: AdminBlogPostSummary[]; pagination: Pagination }> {
  const where = and(
    query.status ? statusCondition(query.status, now) : undefined,
    query.category_id ? eq(blogPosts.categoryId, query.category_id) : undefined,
    searchCondition(query.search),
  );
  const [rows, total] = await Promise.all([
    selectJoinedSummaries(db)
      .where(where)
      .orderBy(...listOrder(query))
      .limit(query.limit)
      .offset(pageOffset(query)),
    countRows(db, blogPosts, where),
  ]);
  const demoIds = await demoPostIds(
    db,
    rows.map((row) => row.post.id),
  );
  return {
    data: rows.map((row) => ({ ...toAdminBlogPostSummary(row, now), is_demo: demoIds.has(row.post.id) })),
    pagination: buildPagination(query.page, query.limit, total),
  };
}

/** `GET /blogs/admin/posts/{id}`: any post, with its stored (already sanitised) content. */
export async function getAdminPost(db: Db, id: string, now: Date = new Date()): Promise<AdminBlogPost> {
  const [row] = await selectJoinedPosts(db).where(eq(blogPosts.id, id)).limit(1);
  if (!row) throw notFound('Post');
  return toAdminBlogPost(row, now);
}
