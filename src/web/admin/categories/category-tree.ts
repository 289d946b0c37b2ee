import { type AdminCategory, CATEGORY_LIMITS, type CategoryReorder } from '#shared/contracts/admin-categories.ts';

/**
 * The category tree as pure functions over the flat list the API returns: building the tree, the
 * parent picker's options, and the four moves of the tree screen, each turned into the
 * `categoryOrders` of `POST /admin/categories/reorder` and applied locally for the optimistic update.
 */

export interface CategoryNode {
  category: AdminCategory;
  /** 0 for a top-level category. */
  depth: number;
  children: CategoryNode[];
}

export type CategoryOrder = CategoryReorder['categoryOrders'][number];
export type CategoryMove = 'up' | 'down' | 'indent' | 'outdent';

/** The deepest depth a category may sit at (CATEGORY_LIMITS.depth counts levels, top level is 1). */
export const MAX_DEPTH = CATEGORY_LIMITS.depth - 1;

const bySortOrder = (a: AdminCategory, b: AdminCategory) => a.sort_order - b.sort_order || a.name.localeCompare(b.name);

/**
 * Siblings grouped by parent (key null: top level), each group in display order. A category whose
 * parent is not in the list is shown at the top level rather than lost.
 */
function groupByParent(list: readonly AdminCategory[]): Map<string | null, AdminCategory[]> {
  const ids = new Set(list.map((category) => category.id));
  const groups = new Map<string | null, AdminCategory[]>();
  for (const category of list) {
    const key = category.parent_id !== null && ids.has(category.parent_id) ? category.parent_id : null;
    const group = groups.get(key);
    if (group) group.push(category);
    else groups.set(key, [category]);
  }
  for (const group of groups.values()) group.sort(bySortOrder);
  return groups;
}

/** The tree of a flat list, siblings by sort_order then name. */
export function buildTree(list: readonly AdminCategory[]): CategoryNode[] {
  const groups = groupByParent(list);
  // Built down from the top level, so a parent cycle (which the server refuses) cannot recurse forever.
  const build = (parentId: string | null, depth: number): CategoryNode[] =>
    (groups.get(parentId) ?? []).map((category) => ({ category, depth, children: build(category.id, depth + 1) }));
  return build(null, 0);
}

/** Every node, depth first, in display order. */
export function flattenTree(nodes: readonly CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((node) => [node, ...flattenTree(node.children)]);
}

/** The id of the category and of everything under it. */
export function subtreeIds(list: readonly AdminCategory[], id: string): Set<string> {
  const ids = new Set([id]);
  // Repeat until nothing is added: the list is not ordered parents-first.
  let grew = true;
  while (grew) {
    grew = false;
    for (const category of list) {
      if (category.parent_id !== null && ids.has(category.parent_id) && !ids.has(category.id)) {
        ids.add(category.id);
        grew = true;
      }
    }
  }
  return ids;
}

export interface CategoryOption {
  id: string;
  label: string;
}

/** Options for a parent (or "move to") select: the tree indented with '— ' per level, minus `excludeId`'s subtree. */
export function categoryOptions(
  list: readonly AdminCategory[],
  excludeId?: string,
  { maxDepth = Number.POSITIVE_INFINITY }: { maxDepth?: number } = {},
): CategoryOption[] {
  const excluded = excludeId ? subtreeIds(list, excludeId) : new Set<string>();
  return flattenTree(buildTree(list))
    .filter((node) => !excluded.has(node.category.id) && node.depth <= maxDepth)
    .map((node) => ({ id: node.category.id, label: `${'— '.repeat(node.depth)}${node.category.name}` }));
}

/** How many levels sit below the node (0 for a leaf). */
function height(node: CategoryNode): number {
  return node.children.reduce((max, child) => Math.max(max, height(child) + 1), 0);
}

/**
 * The parents a category may be given: not itself or anything under it, and none so deep that the
 * category's subtree would pass the depth limit (without `categoryId`: for a new category).
 */
export function parentOptions(list: readonly AdminCategory[], categoryId?: string): CategoryOption[] {
  const node = categoryId ? flattenTree(buildTree(list)).find((entry) => entry.category.id === categoryId) : undefined;
  const below = node ? height(node) : 0;
  return categoryOptions(list, categoryId, { maxDepth: MAX_DEPTH - 1 - below });
}

interface Located {
  node: CategoryNode;
  siblings: CategoryNode[];
  index: number;
  parent: CategoryNode | null;
  grandparentChildren: CategoryNode[];
}

function locate(
  nodes: CategoryNode[],
  id: string,
  parent: CategoryNode | null = null,
  parentSiblings: CategoryNode[] = [],
): Located | null {
  for (const [index, node] of nodes.entries()) {
    if (node.category.id === id) return { node, siblings: nodes, index, parent, grandparentChildren: parentSiblings };
    const found = locate(node.children, id, node, nodes);
    if (found) return found;
  }
  return null;
}

/** Which moves are possible for a category: the tree screen disables the others. */
export function availableMoves(tree: CategoryNode[], id: string): Record<CategoryMove, boolean> {
  const at = locate(tree, id);
  if (!at) return { up: false, down: false, indent: false, outdent: false };
  return {
    up: at.index > 0,
    down: at.index < at.siblings.length - 1,
    // Under the previous sibling, one level deeper, with everything below it.
    indent: at.index > 0 && at.node.depth + 1 + height(at.node) <= MAX_DEPTH,
    outdent: at.parent !== null,
  };
}

/** A sibling group renumbered 0..n-1; the moved category also carries its (possibly new) parent. */
function renumber(group: readonly CategoryNode[], parentId: string | null, movedId: string): CategoryOrder[] {
  return group.map((node, sort_order) =>
    node.category.id === movedId
      ? { id: node.category.id, sort_order, parent_id: parentId }
      : { id: node.category.id, sort_order },
  );
}

/**
 * The `categoryOrders` for one move, or null when the move is not possible:
 * - up/down: swap with the neighbouring sibling;
 * - indent: become the last child of the previous sibling;
 * - outdent: leave the parent and sit right after it, one level up.
 * Every sibling group the move touches is renumbered 0..n-1.
 */
export function planMove(list: readonly AdminCategory[], id: string, move: CategoryMove): CategoryOrder[] | null {
  const tree = buildTree(list);
  if (!availableMoves(tree, id)[move]) return null;
  const at = locate(tree, id);
  if (!at) return null;
  const { node, siblings, index, parent } = at;
  const parentId = parent?.category.id ?? null;
  const without = siblings.filter((_, i) => i !== index);

  switch (move) {
    case 'up':
    case 'down': {
      const target = move === 'up' ? index - 1 : index + 1;
      const reordered = [...without];
      reordered.splice(target, 0, node);
      return renumber(reordered, parentId, id);
    }
    case 'indent': {
      const newParent = siblings[index - 1] as CategoryNode;
      return [
        ...renumber(without, parentId, id),
        ...renumber([...newParent.children, node], newParent.category.id, id),
      ];
    }
    case 'outdent': {
      const outer = at.grandparentChildren;
      const parentIndex = outer.findIndex((sibling) => sibling.category.id === parentId);
      const reordered = [...outer];
      reordered.splice(parentIndex + 1, 0, node);
      // The grandparent: the parent's own parent as the tree placed it (null at the top level).
      const grandparentId = locate(tree, parentId as string)?.parent?.category.id ?? null;
      return [...renumber(without, parentId, id), ...renumber(reordered, grandparentId, id)];
    }
  }
}

/** The list with the orders applied (the optimistic update), child counts kept in step. */
export function applyOrders(list: readonly AdminCategory[], orders: readonly CategoryOrder[]): AdminCategory[] {
  const byId = new Map(orders.map((order) => [order.id, order]));
  const next = list.map((category) => {
    const order = byId.get(category.id);
    if (!order) return category;
    return {
      ...category,
      sort_order: order.sort_order,
      parent_id: order.parent_id === undefined ? category.parent_id : order.parent_id,
    };
  });
  const childCounts = new Map<string, number>();
  for (const category of next) {
    if (category.parent_id !== null)
      childCounts.set(category.parent_id, (childCounts.get(category.parent_id) ?? 0) + 1);
  }
  return next.map((category) => {
    const child_count = childCounts.get(category.id) ?? 0;
    return category.child_count === child_count ? category : { ...category, child_count };
  });
}
