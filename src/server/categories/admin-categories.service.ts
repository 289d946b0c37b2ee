import { count, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { Db } from '#server/db/client.ts';
import { isDemoRow } from '#server/db/demo-marks.ts';
import { countRows } from '#server/db/list-queries.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { assertSlugFree, uniqueSlug, uniqueViolationAs } from '#server/db/unique.ts';
import { AppError, badRequest, conflict, notFound } from '#server/errors.ts';
import { products } from '#server/products/products.table.ts';
import {
  type AdminCategory,
  type AdminCategoryStats,
  CATEGORY_LIMITS,
  type CategoryCreate,
  type CategoryReorder,
  type CategoryUpdate,
} from '#shared/contracts/admin-categories.ts';
import { categories } from './categories.table.ts';
import {
  branchHeight,
  depthOf,
  findTreeProblem,
  isSelfOrDescendant,
  type ParentMap,
  parentProblem,
  treeOrder,
} from './category-tree.ts';

type CategoryRow = typeof categories.$inferSelect;

export const CATEGORY_MESSAGES = {
  underItself: 'A category cannot be moved under itself or one of its sub-categories',
  parentMissing: 'Parent category not found',
  moveTargetMissing: 'The category to move into was not found',
  moveTargetInside:
    'Products and sub-categories cannot be moved into the category being deleted or one of its sub-categories',
  slugTaken: 'This slug is already used by another category',
  tooDeep: `Categories can be nested at most ${CATEGORY_LIMITS.depth} levels deep`,
} as const;

const nameCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const bySortThenName = (a: CategoryRow, b: CategoryRow) =>
  a.sortOrder - b.sortOrder || nameCollator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Writes lock the table first: two concurrent moves could otherwise each pass the cycle check and together make a loop. */
async function lockTree(tx: Db): Promise<void> {
  await tx.execute(sql`lock table ${categories} in share row exclusive mode`);
}

function parentMap(rows: readonly CategoryRow[]): Map<string, string | null> {
  return new Map(rows.map((row) => [row.id, row.parentId]));
}

/** Every category with its counts, in tree order (parents before children, siblings by sort_order then name). */
async function loadAdminCategories(db: Db): Promise<AdminCategory[]> {
  const [rows, direct, demo] = await Promise.all([
    db.select().from(categories),
    db
      .select({
        categoryId: products.categoryId,
        all: count(),
        active: sql<number>`count(*) filter (where ${products.isActive})`.mapWith(Number),
      })
      .from(products)
      .groupBy(products.categoryId),
    // The "Demo" badge: unchanged demo rows (demo-marks.ts).
    db.execute(sql`select t.id from categories as t where ${isDemoRow('categories', 't')}`),
  ]);
  const demoIds = new Set((demo as unknown as { rows: { id: string }[] }).rows.map((row) => row.id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const directAll = new Map<string, number>();
  const activeTotals = new Map<string, number>();
  for (const entry of direct) {
    if (!entry.categoryId) continue;
    directAll.set(entry.categoryId, entry.all);
    // Like the storefront: active products count in their category and each ancestor, but an
    // inactive category hides its branch from everything above it.
    const seen = new Set<string>();
    for (let current = byId.get(entry.categoryId); current && !seen.has(current.id); ) {
      seen.add(current.id);
      activeTotals.set(current.id, (activeTotals.get(current.id) ?? 0) + entry.active);
      if (!current.isActive || !current.parentId) break;
      current = byId.get(current.parentId);
    }
  }
  const childCounts = new Map<string, number>();
  for (const row of rows) if (row.parentId) childCounts.set(row.parentId, (childCounts.get(row.parentId) ?? 0) + 1);
  return treeOrder(rows, bySortThenName).map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    image: row.image,
    parent_id: row.parentId,
    is_active: row.isActive,
    sort_order: row.sortOrder,
    product_count: directAll.get(row.id) ?? 0,
    active_product_count: activeTotals.get(row.id) ?? 0,
    child_count: childCounts.get(row.id) ?? 0,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    is_demo: demoIds.has(row.id),
  }));
}

export async function listAdminCategories(db: Db, options: { includeInactive: boolean }): Promise<AdminCategory[]> {
  const all = await loadAdminCategories(db);
  return options.includeInactive ? all : all.filter((category) => category.is_active);
}

async function getAdminCategory(db: Db, id: string): Promise<AdminCategory> {
  const found = (await loadAdminCategories(db)).find((category) => category.id === id);
  if (!found) throw notFound('Category');
  return found;
}

const auditShape = (row: CategoryRow) => ({
  name: row.name,
  slug: row.slug,
  description: row.description,
  image: row.image,
  parent_id: row.parentId,
  is_active: row.isActive,
  sort_order: row.sortOrder,
});

const PARENT_MESSAGES = {
  missing: CATEGORY_MESSAGES.parentMissing,
  under_itself: CATEGORY_MESSAGES.underItself,
  too_deep: CATEGORY_MESSAGES.tooDeep,
} as const;

/** A parent the category can go under (category-tree.ts `parentProblem`), else the 400 on parent_id. */
function assertParent(parents: ParentMap, parentId: string, selfId?: string): void {
  const problem = parentProblem(parents, parentId, { selfId, maxDepth: CATEGORY_LIMITS.depth });
  if (problem) throw badRequest(PARENT_MESSAGES[problem], [{ path: 'parent_id', message: PARENT_MESSAGES[problem] }]);
}

const CATEGORY_SLUGS = { table: categories, slug: categories.slug, id: categories.id };

const slugTaken = () => conflict(CATEGORY_MESSAGES.slugTaken, [{ path: 'slug', message: CATEGORY_MESSAGES.slugTaken }]);

/** A race on the unique slug index (two creates at once) is still a 409, not a 500. */
const asSlugConflict = uniqueViolationAs({ categories_slug: slugTaken });

/**
 * Creates a category. `parentOverride` is the `{id}` of `POST /categories/{id}`: it wins over any
 * parent_id in the body and must exist (404).
 */
export async function createCategory(
  db: Db,
  input: CategoryCreate,
  context: AuditContext,
  parentOverride?: string,
): Promise<AdminCategory> {
  const id = await inTransaction(db, async (tx) => {
    await lockTree(tx);
    const rows = await tx.select().from(categories);
    const parents = parentMap(rows);
    const parentId = parentOverride ?? input.parent_id;
    if (parentOverride && !parents.has(parentOverride)) throw notFound('Category');
    if (parentId) assertParent(parents, parentId);
    let slug = input.slug;
    if (slug) await assertSlugFree(tx, CATEGORY_SLUGS, slug, undefined, slugTaken);
    else
      slug = await uniqueSlug(tx, CATEGORY_SLUGS, input.name, {
        maxLength: CATEGORY_LIMITS.slug,
        fallback: 'category',
      });
    const siblings = rows.filter((row) => row.parentId === parentId);
    const sortOrder = input.sort_order ?? Math.max(-1, ...siblings.map((row) => row.sortOrder)) + 1;
    const [row] = await tx
      .insert(categories)
      .values({
        name: input.name,
        slug,
        description: input.description,
        image: input.image,
        parentId,
        isActive: input.is_active,
        sortOrder: Math.min(sortOrder, 100_000),
      })
      .returning()
      .catch(asSlugConflict);
    if (!row) throw new Error('category insert returned nothing');
    await recordAudit(tx, {
      context,
      action: 'category.create',
      entityType: 'category',
      entityId: row.id,
      after: auditShape(row),
    });
    return row.id;
  });
  return getAdminCategory(db, id);
}

export async function updateCategory(
  db: Db,
  id: string,
  input: CategoryUpdate,
  context: AuditContext,
): Promise<AdminCategory> {
  await inTransaction(db, async (tx) => {
    await lockTree(tx);
    const rows = await tx.select().from(categories);
    const before = rows.find((row) => row.id === id);
    if (!before) throw notFound('Category');
    const parents = parentMap(rows);
    if (input.parent_id !== undefined && input.parent_id !== before.parentId && input.parent_id !== null) {
      assertParent(parents, input.parent_id, id);
    }
    if (input.slug !== undefined && input.slug !== before.slug)
      await assertSlugFree(tx, CATEGORY_SLUGS, input.slug, id, slugTaken);
    const [after] = await tx
      .update(categories)
      .set({
        name: input.name,
        slug: input.slug,
        description: input.description,
        image: input.image,
        parentId: input.parent_id,
        isActive: input.is_active,
        sortOrder: input.sort_order,
      })
      .where(eq(categories.id, id))
      .returning()
      .catch(asSlugConflict);
    if (!after) throw notFound('Category');
    await recordAudit(tx, {
      context,
      action: 'category.update',
      entityType: 'category',
      entityId: id,
      before: auditShape(before),
      after: auditShape(after),
    });
  });
  return getAdminCategory(db, id);
}

/**
 * Deletes a category. Its products and sub-categories go where `moveTo` says (another category,
 * or `none`: uncategorised / top level); without it a non-empty category is a 409 that counts them.
 */
export async function deleteCategory(
  db: Db,
  id: string,
  moveTo: string | undefined,
  context: AuditContext,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    await lockTree(tx);
    const rows = await tx.select().from(categories);
    const before = rows.find((row) => row.id === id);
    if (!before) throw notFound('Category');
    const parents = parentMap(rows);
    const children = rows.filter((row) => row.parentId === id);
    const productCount = await countRows(tx, products, eq(products.categoryId, id));
    if ((productCount > 0 || children.length > 0) && moveTo === undefined) {
      const parts = [
        productCount > 0 ? plural(productCount, 'product', 'products') : '',
        children.length > 0 ? plural(children.length, 'sub-category', 'sub-categories') : '',
      ].filter(Boolean);
      throw conflict(`This category has ${parts.join(' and ')}. Choose where they go (move_to) before deleting it.`, [
        { path: 'move_to', message: 'Choose a category to move them into, or none' },
      ]);
    }
    const target = moveTo === 'none' || moveTo === undefined ? null : moveTo;
    if (target) {
      if (!parents.has(target)) {
        throw badRequest(CATEGORY_MESSAGES.moveTargetMissing, [
          { path: 'move_to', message: CATEGORY_MESSAGES.moveTargetMissing },
        ]);
      }
      if (isSelfOrDescendant(parents, id, target)) {
        throw badRequest(CATEGORY_MESSAGES.moveTargetInside, [
          { path: 'move_to', message: CATEGORY_MESSAGES.moveTargetInside },
        ]);
      }
      const targetDepth = depthOf(parents, target) ?? Number.POSITIVE_INFINITY;
      if (children.some((child) => targetDepth + branchHeight(parents, child.id) > CATEGORY_LIMITS.depth)) {
        throw badRequest(CATEGORY_MESSAGES.tooDeep, [{ path: 'move_to', message: CATEGORY_MESSAGES.tooDeep }]);
      }
    }
    const movedProducts =
      productCount > 0
        ? await tx
            .update(products)
            .set({ categoryId: target })
            .where(eq(products.categoryId, id))
            .returning({ id: products.id })
        : [];
    if (children.length > 0) {
      await tx.update(categories).set({ parentId: target }).where(eq(categories.parentId, id));
    }
    await tx.delete(categories).where(eq(categories.id, id));
    await recordAudit(tx, {
      context,
      action: 'category.delete',
      entityType: 'category',
      entityId: id,
      before: {
        ...auditShape(before),
        product_ids: movedProducts.map((product) => product.id),
        child_ids: children.map((child) => child.id),
      },
      after: { move_to: moveTo ?? null },
    });
  });
}

/**
 * Applies many sort orders (and parents) at once. The whole resulting tree is checked first, so an
 * unknown id, a loop or a too-deep branch changes nothing.
 */
export async function reorderCategories(
  db: Db,
  orders: CategoryReorder['categoryOrders'],
  context: AuditContext,
): Promise<AdminCategory[]> {
  await inTransaction(db, async (tx) => {
    await lockTree(tx);
    const rows = await tx.select().from(categories);
    const parents = parentMap(rows);
    const unknown = new Set<string>();
    const errors: { path: string; message: string }[] = [];
    orders.forEach((order, index) => {
      if (!parents.has(order.id)) {
        unknown.add(order.id);
        errors.push({ path: `categoryOrders.${index}.id`, message: `Category ${order.id} not found` });
      }
      if (order.parent_id && !parents.has(order.parent_id)) {
        unknown.add(order.parent_id);
        errors.push({ path: `categoryOrders.${index}.parent_id`, message: `Category ${order.parent_id} not found` });
      }
    });
    if (unknown.size > 0) {
      throw new AppError(404, 'NOT_FOUND', `Categories not found: ${[...unknown].join(', ')}`, errors);
    }
    const next = new Map(parents);
    for (const order of orders) if (order.parent_id !== undefined) next.set(order.id, order.parent_id);
    const problem = findTreeProblem(next, CATEGORY_LIMITS.depth);
    if (problem) {
      // Name the order line that caused it when there is one (the moved category or its ancestor).
      const index = orders.findIndex(
        (order) => order.parent_id !== undefined && isSelfOrDescendant(next, order.id, problem.id),
      );
      const path = index >= 0 ? `categoryOrders.${index}.parent_id` : 'categoryOrders';
      const message = problem.kind === 'cycle' ? CATEGORY_MESSAGES.underItself : CATEGORY_MESSAGES.tooDeep;
      throw badRequest(message, [{ path, message }]);
    }
    const before = rows
      .filter((row) => orders.some((order) => order.id === row.id))
      .map((row) => ({ id: row.id, sort_order: row.sortOrder, parent_id: row.parentId }));
    for (const order of orders) {
      await tx
        .update(categories)
        .set({ sortOrder: order.sort_order, parentId: order.parent_id })
        .where(eq(categories.id, order.id));
    }
    await recordAudit(tx, {
      context,
      action: 'category.reorder',
      entityType: 'category',
      before,
      after: orders.map((order) => ({
        id: order.id,
        sort_order: order.sort_order,
        parent_id: order.parent_id === undefined ? next.get(order.id) : order.parent_id,
      })),
    });
  });
  return listAdminCategories(db, { includeInactive: true });
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export async function categoryStats(db: Db): Promise<AdminCategoryStats> {
  const [list, perCategory, uncategorised] = await Promise.all([
    loadAdminCategories(db),
    db
      .select({
        categoryId: products.categoryId,
        stockUnits: sql<number>`coalesce(sum(${products.stockQuantity}), 0)`.mapWith(Number),
        // Summed and rounded in SQL numeric: exact cents, no float drift.
        inventoryValue: sql<number>`round(coalesce(sum(${products.stockQuantity} * ${products.price}), 0), 2)`.mapWith(
          Number,
        ),
      })
      .from(products)
      .groupBy(products.categoryId),
    countRows(db, products, isNull(products.categoryId)),
  ]);
  const totals = new Map(perCategory.map((entry) => [entry.categoryId, entry]));
  const active = list.filter((category) => category.is_active).length;
  return {
    total: list.length,
    active,
    inactive: list.length - active,
    top_level: list.filter((category) => category.parent_id === null).length,
    empty: list.filter((category) => category.product_count === 0 && category.child_count === 0).length,
    uncategorised_products: uncategorised,
    by_category: list.map((category) => ({
      id: category.id,
      name: category.name,
      parent_id: category.parent_id,
      is_active: category.is_active,
      product_count: category.product_count,
      active_product_count: category.active_product_count,
      stock_units: totals.get(category.id)?.stockUnits ?? 0,
      inventory_value_price: round2(totals.get(category.id)?.inventoryValue ?? 0),
    })),
  };
}
