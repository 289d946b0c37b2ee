import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { assertSlugFree, uniqueSlug, uniqueViolationAs } from '#server/db/unique.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import { users } from '#server/users/users.table.ts';
import {
  type AdminBlogPost,
  BLOG_LIMITS,
  BLOG_MESSAGES,
  type BlogPostCreate,
  type BlogPostStatus,
  type BlogPostUpdate,
} from '#shared/contracts/blog.ts';
import type { BlogPostRow } from './blog.mapper.ts';
import { blogCategories, blogPosts, blogPostViews } from './blog.table.ts';
import { getAdminPost } from './blog-post-queries.ts';
import { excerptFrom } from './blog-text.ts';
import { readingTimeMinutes, sanitizePostHtml } from './post-html.ts';

/**
 * Blog post writes for staff (docs/product.md#blog-posts-and-categories) and the view counter.
 * Content goes through the sanitiser before it is stored; the excerpt (when blank) and the reading
 * time are made from the sanitised content. Every write is in the audit log.
 */

const slugTaken = () => conflict(BLOG_MESSAGES.postSlugTaken, [{ path: 'slug', message: BLOG_MESSAGES.postSlugTaken }]);

const POST_SLUGS = { table: blogPosts, slug: blogPosts.slug, id: blogPosts.id };

/** Two writes racing for one slug: the unique index refuses the second, still a 409. */
const asSlugConflict = uniqueViolationAs({ blog_posts_slug_unique: slugTaken });

async function assertCategoryExists(tx: Db, categoryId: string | null): Promise<void> {
  if (categoryId === null) return;
  const [row] = await tx
    .select({ id: blogCategories.id })
    .from(blogCategories)
    .where(eq(blogCategories.id, categoryId))
    .limit(1);
  if (!row) {
    throw badRequest(BLOG_MESSAGES.categoryMissing, [{ path: 'category_id', message: BLOG_MESSAGES.categoryMissing }]);
  }
}

/**
 * The status and date to store: publishing without a date publishes now; publishing with a future
 * date stores `scheduled` (the same thing publicly); scheduling needs a date.
 */
function publishing(
  status: BlogPostStatus,
  publishedAt: Date | null,
  now: Date,
): { status: BlogPostStatus; publishedAt: Date | null } {
  if (status === 'published') {
    const date = publishedAt ?? now;
    return { status: date > now ? 'scheduled' : 'published', publishedAt: date };
  }
  if (status === 'scheduled' && publishedAt === null) {
    throw badRequest(BLOG_MESSAGES.scheduledNeedsDate, [
      { path: 'published_at', message: BLOG_MESSAGES.scheduledNeedsDate },
    ]);
  }
  return { status, publishedAt };
}

/** What the audit log keeps of a post: every field but the content, which only its length stands for. */
function auditShape(row: BlogPostRow) {
  return {
    title: row.title,
    slug: row.slug,
    status: row.status,
    published_at: row.publishedAt?.toISOString() ?? null,
    category_id: row.categoryId,
    tags: row.tags,
    is_featured: row.isFeatured,
    content_length: row.content.length,
  };
}

const dateOf = (value: string | null) => (value === null ? null : new Date(value));

/** `POST /blogs/admin/posts`: the signed-in staff member is the author. */
export async function createPost(
  db: Db,
  input: BlogPostCreate,
  context: AuditContext,
  now: Date = new Date(),
): Promise<AdminBlogPost> {
  const id = await inTransaction(db, async (tx) => {
    await assertCategoryExists(tx, input.category_id);
    const { status, publishedAt } = publishing(input.status, dateOf(input.published_at), now);
    let slug = input.slug;
    if (slug) await assertSlugFree(tx, POST_SLUGS, slug, undefined, slugTaken);
    else slug = await uniqueSlug(tx, POST_SLUGS, input.title, { maxLength: BLOG_LIMITS.slug, fallback: 'post' });
    const authorId = context.actor?.id ?? null;
    const [author] = authorId
      ? await tx.select({ name: users.name }).from(users).where(eq(users.id, authorId)).limit(1)
      : [];
    const content = sanitizePostHtml(input.content);
    const [row] = await tx
      .insert(blogPosts)
      .values({
        title: input.title,
        slug,
        excerpt: input.excerpt || excerptFrom(content),
        content,
        featuredImage: input.featured_image,
        images: input.images,
        authorId: author ? authorId : null,
        authorName: author?.name ?? 'The shop',
        categoryId: input.category_id,
        tags: input.tags,
        status,
        publishedAt,
        metaTitle: input.meta_title,
        metaDescription: input.meta_description,
        canonicalUrl: input.canonical_url,
        isFeatured: input.is_featured,
        readingTimeMinutes: readingTimeMinutes(content),
      })
      .returning()
      .catch(asSlugConflict);
    if (!row) throw new Error('blog post insert returned nothing');
    await recordAudit(tx, {
      context,
      action: 'blog_post.create',
      entityType: 'blog_post',
      entityId: row.id,
      after: auditShape(row),
    });
    return row.id;
  });
  return getAdminPost(db, id, now);
}

/** `PUT /blogs/admin/posts/{id}`: the fields sent change; the slug stays unless one is sent. */
export async function updatePost(
  db: Db,
  id: string,
  input: BlogPostUpdate,
  context: AuditContext,
  now: Date = new Date(),
): Promise<AdminBlogPost> {
  await inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update').limit(1);
    if (!before) throw notFound('Post');
    if (input.category_id !== undefined) await assertCategoryExists(tx, input.category_id);
    if (input.slug !== undefined && input.slug !== before.slug)
      await assertSlugFree(tx, POST_SLUGS, input.slug, id, slugTaken);
    const { status, publishedAt } = publishing(
      input.status ?? (before.status as BlogPostStatus),
      input.published_at === undefined ? before.publishedAt : dateOf(input.published_at),
      now,
    );
    const content = input.content === undefined ? before.content : sanitizePostHtml(input.content);
    const [after] = await tx
      .update(blogPosts)
      .set({
        title: input.title,
        slug: input.slug,
        excerpt: input.excerpt === undefined ? undefined : input.excerpt || excerptFrom(content),
        content,
        featuredImage: input.featured_image,
        images: input.images,
        categoryId: input.category_id,
        tags: input.tags,
        status,
        publishedAt,
        metaTitle: input.meta_title,
        metaDescription: input.meta_description,
        canonicalUrl: input.canonical_url,
        isFeatured: input.is_featured,
        readingTimeMinutes: readingTimeMinutes(content),
      })
      .where(eq(blogPosts.id, id))
      .returning()
      .catch(asSlugConflict);
    if (!after) throw notFound('Post');
    await recordAudit(tx, {
      context,
      action: 'blog_post.update',
      entityType: 'blog_post',
      entityId: id,
      before: auditShape(before),
      after: auditShape(after),
    });
  });
  return getAdminPost(db, id, now);
}

/** `DELETE /blogs/admin/posts/{id}` (its view keys go with it). */
export async function deletePost(db: Db, id: string, context: AuditContext): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [before] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
    if (!before) throw notFound('Post');
    await recordAudit(tx, {
      context,
      action: 'blog_post.delete',
      entityType: 'blog_post',
      entityId: id,
      before: auditShape(before),
    });
  });
}

/**
 * The visitor key of a view: a hash of the UTC day, IP and user agent, so a visitor counts once a
 * day and the table holds nothing that names them.
 */
export function visitorHash(ip: string, userAgent: string, now: Date): string {
  return createHash('sha256')
    .update(`${now.toISOString().slice(0, 10)}\n${ip}\n${userAgent}`)
    .digest('hex');
}

/**
 * Counts one view of a post unless this visitor's key for today is already stored. The key's insert
 * decides (on conflict do nothing), so concurrent requests of one visitor count once. True when
 * counted. The post's keys older than two days are dropped as it goes.
 */
export async function countView(db: Db, postId: string, visitor: string): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const inserted = await tx
      .insert(blogPostViews)
      .values({ postId, visitorHash: visitor })
      .onConflictDoNothing()
      .returning({ postId: blogPostViews.postId });
    if (inserted.length === 0) return false;
    // Yesterday's keys can never match again (the day is in the hash): drop this post's old ones.
    await tx
      .delete(blogPostViews)
      .where(and(eq(blogPostViews.postId, postId), sql`${blogPostViews.createdAt} < now() - interval '2 days'`));
    await tx
      .update(blogPosts)
      // A view is not an edit: updated_at stays.
      .set({ viewCount: sql`${blogPosts.viewCount} + 1`, updatedAt: sql`${blogPosts.updatedAt}` })
      .where(eq(blogPosts.id, postId));
    return true;
  });
}
