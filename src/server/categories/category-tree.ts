/**
 * Pure checks on the category tree (no I/O), so every write validates the tree it is about to
 * produce before touching the database: no category under itself, no branch deeper than the limit.
 */

/** Category id → parent id (null: top level). */
export type ParentMap = ReadonlyMap<string, string | null>;

export type TreeProblem = { kind: 'cycle'; id: string } | { kind: 'too_deep'; id: string; depth: number };

/** True when `candidateId` is `ancestorId` itself or somewhere below it. */
export function isSelfOrDescendant(parents: ParentMap, ancestorId: string, candidateId: string): boolean {
  const seen = new Set<string>();
  for (let current: string | null | undefined = candidateId; current; current = parents.get(current)) {
    if (current === ancestorId) return true;
    if (seen.has(current)) return false; // an existing cycle elsewhere must not loop forever
    seen.add(current);
  }
  return false;
}

/** Every id below `id` (not `id` itself). */
export function descendantIds(parents: ParentMap, id: string): Set<string> {
  const children = childrenByParent(parents);
  const found = new Set<string>();
  const stack = [...(children.get(id) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop() as string;
    if (found.has(next) || next === id) continue;
    found.add(next);
    stack.push(...(children.get(next) ?? []));
  }
  return found;
}

/** Level of a category: 1 for top level. Undefined when its parent chain loops. */
export function depthOf(parents: ParentMap, id: string): number | undefined {
  const seen = new Set<string>();
  let depth = 0;
  for (let current: string | null | undefined = id; current; current = parents.get(current)) {
    if (seen.has(current)) return undefined;
    seen.add(current);
    depth++;
  }
  return depth;
}

/** Levels in the branch rooted at `id`, counting `id` itself (1 for a leaf). */
export function branchHeight(parents: ParentMap, id: string): number {
  const children = childrenByParent(parents);
  const height = (node: string, seen: Set<string>): number => {
    if (seen.has(node)) return 0;
    seen.add(node);
    let tallest = 0;
    for (const child of children.get(node) ?? []) tallest = Math.max(tallest, height(child, seen));
    return tallest + 1;
  };
  return height(id, new Set());
}

/** Why a category cannot go under a parent (parentProblem). */
export type ParentProblem = 'missing' | 'under_itself' | 'too_deep';

/**
 * The one check of a category write that sets a parent, for both trees (the catalogue's and the
 * blog's): `parentId` must exist, must not be `selfId` or below it (a category being moved;
 * undefined for a new one), and, with `maxDepth`, the branch must still fit (the parent's level
 * plus the moved branch's height, 1 for a new category).
 */
export function parentProblem(
  parents: ParentMap,
  parentId: string,
  options: { selfId?: string; maxDepth?: number } = {},
): ParentProblem | undefined {
  if (!parents.has(parentId)) return 'missing';
  if (options.selfId !== undefined && isSelfOrDescendant(parents, options.selfId, parentId)) return 'under_itself';
  if (options.maxDepth !== undefined) {
    const height = options.selfId === undefined ? 1 : branchHeight(parents, options.selfId);
    if ((depthOf(parents, parentId) ?? Number.POSITIVE_INFINITY) + height > options.maxDepth) return 'too_deep';
  }
  return undefined;
}

/** The first problem of a whole tree (cycles before depth), or undefined when it is sound. */
export function findTreeProblem(parents: ParentMap, maxDepth: number): TreeProblem | undefined {
  for (const id of parents.keys()) {
    const depth = depthOf(parents, id);
    if (depth === undefined) return { kind: 'cycle', id };
  }
  for (const id of parents.keys()) {
    const depth = depthOf(parents, id) as number;
    if (depth > maxDepth) return { kind: 'too_deep', id, depth };
  }
  return undefined;
}

/**
 * Ids in tree order: each parent right before its children, siblings by `compare`. Ids whose
 * chain loops or points at a missing parent come last (they cannot be placed under anything).
 */
export function treeOrder<T extends { id: string; parentId: string | null }>(
  nodes: readonly T[],
  compare: (a: T, b: T) => number,
): T[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const children = new Map<string | null, T[]>();
  for (const node of nodes) {
    const parent = node.parentId && byId.has(node.parentId) ? node.parentId : null;
    const list = children.get(parent) ?? [];
    list.push(node);
    children.set(parent, list);
  }
  for (const list of children.values()) list.sort(compare);
  const ordered: T[] = [];
  const placed = new Set<string>();
  const visit = (parent: string | null) => {
    for (const node of children.get(parent) ?? []) {
      if (placed.has(node.id)) continue;
      placed.add(node.id);
      ordered.push(node);
      visit(node.id);
    }
  };
  visit(null);
  for (const node of nodes) if (!placed.has(node.id)) ordered.push(node);
  return ordered;
}

function childrenByParent(parents: ParentMap): Map<string, string[]> {
  const children = new Map<string, string[]>();
  for (const [id, parent] of parents) {
    if (!parent) continue;
    const list = children.get(parent) ?? [];
    list.push(id);
    children.set(parent, list);
  }
  return children;
}
