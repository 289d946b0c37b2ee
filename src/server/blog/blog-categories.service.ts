import { and, asc, count, eq, or, type SQL } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import { parentProblem } from '#server/categories/category-tree.ts';
import type { Db } from '#server/db/client.ts';
import { countRows } from '#server/db/list-queries.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { assertSlugFree, uniqueSlug, uniqueViolationAs } from '#server/db/unique.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import {
  BLOG_LIMITS,
  BLOG_MESSAGES,
  type BlogCategory,
  type BlogCategoryCreate,
  type BlogCategoryUpdate,
  categoryHasPostsMessage,
} from '#shared/contracts/blog.ts';
import { type BlogCategoryRow, toBlogCategory } from './blog.mapper.ts';
import { blogCategories, blogPosts } from './blog.table.ts';
import { publicCondition } from './blog-post-queries.ts';

/**
 * Blog categories (docs/product.md#blog-posts-and-categories): the public reads (active ones, with
 * the count of their public posts) and the staff writes, each in the audit log.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Public posts per category. */
async function publicPostCounts(db: Db, now: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ categoryId: blogPosts.categoryId, posts: count() })
    .from(blogPosts)
    .where(publicCondition(now))
    .groupBy(blogPosts.categoryId);
  return new Map(rows.flatMap((row) => (row.categoryId ? [[row.categoryId, row.posts] as const] : [])));
}

async function withCounts(db: Db, rows: BlogCategoryRow[], now: Date): Promise<BlogCategory[]> {
  const counts = await publicPostCounts(db, now);
  return rows.map((row) => toBlogCategory(row, counts.get(row.id) ?? 0));
}

const categoryOrder = [asc(blogCategories.sortOrder), asc(blogCategories.name), asc(blogCategories.id)];

/** `GET /blogs/categories`: active categories by sort_order then name. */
export async function listPublicCategories(db: Db, now: Date = new Date()): Promise<BlogCategory[]> {
  const rows = await db
    .select()
    .from(blogCategories)
    .where(eq(blogCategories.isActive, true))
    .orderBy(...categoryOrder);
  return withCounts(db, rows, now);
}

/** `GET /blogs/admin/categories`: every category, inactive ones too. */
export async function listAdminCategories(db: Db, now: Date = new Date()): Promise<BlogCategory[]> {
  return withCounts(
    db,
    await db
      .select()
      .from(blogCategories)
      .orderBy(...categoryOrder),
    now,
  );
}

/** `GET /blogs/categories/{id or slug}`: one active category, or 404. */
export async function getPublicCategory(db: Db, idOrSlug: string, now: Date = new Date()): Promise<BlogCategory> {
  const slug = idOrSlug.toLowerCase();
  const match = UUID.test(idOrSlug)
    ? or(eq(blogCategories.id, slug), eq(blogCategories.slug, slug))
    : eq(blogCategories.slug, slug);
  const [row] = await db
    .select()
    .from(blogCategories)
    .where(and(eq(blogCategories.isActive, true), match))
    .limit(1);
  if (!row) throw notFound('Category');
  const [category] = await withCounts(db, [row], now);
  return category as BlogCategory;
}

async function getCategory(db: Db, id: string): Promise<BlogCategory> {
  const [row] = await db.select().from(blogCategories).where(eq(blogCategories.id, id)).limit(1);
  if (!row) throw notFound('Category');
  const [category] = await withCounts(db, [row], new Date());
  return category as BlogCategory;
}

const slugTaken = () =>
  conflict(BLOG_MESSAGES.categorySlugTaken, [{ path: 'slug', message: BLOG_MESSAGES.categorySlugTaken }]);

const CATEGORY_SLUGS = { table: blogCategories, slug: blogCategories.slug, id: blogCategories.id };

/** Two writes racing for one slug: the unique index refuses the second, still a 409. */
const asSlugConflict = uniqueViolationAs({ blog_categories_slug_unique: slugTaken });

/**
 * The parent must exist and, for a category being moved, must not be the category itself or one
 * of its sub-categories (that would make a loop).
 */
async function assertParent(tx: Db, parentId: string | null, selfId?: string): Promise<void> {
  if (parentId === null) return;
  const rows = await tx.select({ id: blogCategories.id, parentId: blogCategories.parentId }).from(blogCategories);
  // The catalogue's tree check (category-tree.ts); the blog's tree has no depth limit.
  const problem = parentProblem(new Map(rows.map((row) => [row.id, row.parentId])), parentId, { selfId });
  if (problem === 'missing') {
    throw badRequest(BLOG_MESSAGES.parentMissing, [{ path: 'parent_id', message: BLOG_MESSAGES.parentMissing }]);
  }
  if (problem === 'under_itself') {
    throw badRequest(BLOG_MESSAGES.underItself, [{ path: 'parent_id', message: BLOG_MESSAGES.underItself }]);
  }
}

const auditShape = (row: BlogCategoryRow) => ({
  name: row.name,
  slug: row.slug,
  description: row.description,
  parent_id: row.parentId,
  sort_order: row.sortOrder,
  is_active: row.isActive,
});

/** `POST /blogs/admin/categories`. */
export async function createBlogCategory(
  db: Db,
  input: BlogCategoryCreate,
  context: AuditContext,
): Promise<BlogCategory> {
  const id = await inTransaction(db, async (tx) => {
    await assertParent(tx, input.parent_id);
    let slug = input.slug;
    if (slug) await assertSlugFree(tx, CATEGORY_SLUGS, slug, undefined, slugTaken);
    else slug = await uniqueSlug(tx, CATEGORY_SLUGS, input.name, { maxLength: BLOG_LIMITS.slug, fallback: 'category' });
    const [row] = await tx
      .insert(blogCategories)
      .values({
        name: input.name,
        slug,
        description: input.description,
        parentId: input.parent_id,
        sortOrder: input.sort_order,
        isActive: input.is_active,
      })
      .returning()
      .catch(asSlugConflict);
    if (!row) throw new Error('blog category insert returned nothing');
    await recordAudit(tx, {
      context,
      action: 'blog_category.create',
      entityType: 'blog_category',
      entityId: row.id,
      after: auditShape(row),
    });
    return row.id;
  });
  return getCategory(db, id);
}

/** `PUT /blogs/admin/categories/{id}`: the fields sent change. */
export async function updateBlogCategory(
  db: Db,
  id: string,
  input: BlogCategoryUpdate,
  context: AuditContext,
): Promise<BlogCategory> {
  await inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(blogCategories).where(eq(blogCategories.id, id)).for('update').limit(1);
    if (!before) throw notFound('Category');
    if (input.parent_id !== undefined) await assertParent(tx, input.parent_id, id);
    if (input.slug !== undefined && input.slug !== before.slug)
      await assertSlugFree(tx, CATEGORY_SLUGS, input.slug, id, slugTaken);
    const [after] = await tx
      .update(blogCategories)
      .set({
        name: input.name,
        slug: input.slug,
        description: input.description,
        parentId: input.parent_id,
        sortOrder: input.sort_order,
        isActive: input.is_active,
      })
      .where(eq(blogCategories.id, id))
      .returning()
      .catch(asSlugConflict);
    if (!after) throw notFound('Category');
    await recordAudit(tx, {
      context,
      action: 'blog_category.update',
      entityType: 'blog_category',
      entityId: id,
      before: auditShape(before),
      after: auditShape(after),
    });
  });
  return getCategory(db, id);
}

/**
 * `DELETE /blogs/admin/categories/{id}?move_to=`: a category with posts (in any status) is deleted
 * only when `move_to` names another category for them (409 otherwise). Its sub-categories become
 * top level.
 */
export async function deleteBlogCategory(
  db: Db,
  id: string,
  moveTo: string | undefined,
  context: AuditContext,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(blogCategories).where(eq(blogCategories.id, id)).for('update').limit(1);
    if (!before) throw notFound('Category');
    const inCategory: SQL = eq(blogPosts.categoryId, id);
    const posts = await countRows(tx, blogPosts, inCategory);
    if (moveTo !== undefined) {
      if (moveTo === id) {
        throw badRequest(BLOG_MESSAGES.moveTargetSame, [{ path: 'move_to', message: BLOG_MESSAGES.moveTargetSame }]);
      }
      const [target] = await tx
        .select({ id: blogCategories.id })
        .from(blogCategories)
        .where(eq(blogCategories.id, moveTo))
        .limit(1);
      if (!target) {
        throw badRequest(BLOG_MESSAGES.moveTargetMissing, [
          { path: 'move_to', message: BLOG_MESSAGES.moveTargetMissing },
        ]);
      }
    } else if (posts > 0) {
      const message = categoryHasPostsMessage(posts);
      throw conflict(message, [{ path: 'move_to', message: 'Choose another category to move the posts into' }]);
    }
    const moved =
      posts > 0 && moveTo
        ? await tx.update(blogPosts).set({ categoryId: moveTo }).where(inCategory).returning({ id: blogPosts.id })
        : [];
    await tx.delete(blogCategories).where(eq(blogCategories.id, id));
    await recordAudit(tx, {
      context,
      action: 'blog_category.delete',
      entityType: 'blog_category',
      entityId: id,
      before: { ...auditShape(before), post_ids: moved.map((post) => post.id) },
      after: { move_to: moveTo ?? null },
    });
  });
}
