import { describe, expect, it } from 'vitest';
import {
  branchHeight,
  depthOf,
  descendantIds,
  findTreeProblem,
  isSelfOrDescendant,
  type ParentMap,
  parentProblem,
  treeOrder,
} from './category-tree.ts';

// a ─ b ─ c ─ d      e
//   └ f
const tree: ParentMap = new Map([
  ['a', null],
  ['b', 'a'],
  ['c', 'b'],
  ['d', 'c'],
  ['f', 'a'],
  ['e', null],
]);

describe('category tree', () => {
  it('says why a category cannot go under a parent (the catalogue and the blog ask alike)', () => {
    expect(parentProblem(tree, 'x')).toBe('missing');
    expect(parentProblem(tree, 'a')).toBeUndefined();
    expect(parentProblem(tree, 'd', { selfId: 'b' })).toBe('under_itself');
    expect(parentProblem(tree, 'b', { selfId: 'b' })).toBe('under_itself');
    expect(parentProblem(tree, 'e', { selfId: 'b' })).toBeUndefined();
    // A new category under d is level 5; moving b (3 levels) under e makes 4 levels.
    expect(parentProblem(tree, 'd', { maxDepth: 4 })).toBe('too_deep');
    expect(parentProblem(tree, 'c', { maxDepth: 4 })).toBeUndefined();
    expect(parentProblem(tree, 'e', { selfId: 'b', maxDepth: 4 })).toBeUndefined();
    expect(parentProblem(tree, 'f', { selfId: 'b', maxDepth: 4 })).toBe('too_deep');
  });

  it('knows self and descendants', () => {
    expect(isSelfOrDescendant(tree, 'a', 'a')).toBe(true);
    expect(isSelfOrDescendant(tree, 'a', 'd')).toBe(true);
    expect(isSelfOrDescendant(tree, 'b', 'f')).toBe(false);
    expect(isSelfOrDescendant(tree, 'd', 'a')).toBe(false);
    expect([...descendantIds(tree, 'a')].sort()).toEqual(['b', 'c', 'd', 'f']);
    expect(descendantIds(tree, 'e').size).toBe(0);
  });

  it('measures depth and branch height', () => {
    expect(depthOf(tree, 'a')).toBe(1);
    expect(depthOf(tree, 'd')).toBe(4);
    expect(branchHeight(tree, 'a')).toBe(4);
    expect(branchHeight(tree, 'c')).toBe(2);
    expect(branchHeight(tree, 'e')).toBe(1);
  });

  it('finds cycles and branches deeper than the limit', () => {
    expect(findTreeProblem(tree, 4)).toBeUndefined();
    expect(findTreeProblem(tree, 3)).toEqual({ kind: 'too_deep', id: 'd', depth: 4 });
    const looped = new Map(tree);
    looped.set('a', 'c');
    expect(findTreeProblem(looped, 4)?.kind).toBe('cycle');
    expect(depthOf(looped, 'd')).toBeUndefined();
    expect(isSelfOrDescendant(looped, 'e', 'd')).toBe(false);
    expect(findTreeProblem(new Map([['x', 'x']]), 4)).toEqual({ kind: 'cycle', id: 'x' });
  });

  it('orders parents before children, siblings by the comparator, orphans last', () => {
    const nodes = [
      { id: 'c', parentId: 'a', order: 1 },
      { id: 'b', parentId: 'a', order: 0 },
      { id: 'a', parentId: null, order: 2 },
      { id: 'z', parentId: null, order: 1 },
      { id: 'y', parentId: 'z', order: 0 },
    ];
    const ids = treeOrder(nodes, (x, y) => x.order - y.order).map((node) => node.id);
    expect(ids).toEqual(['z', 'y', 'a', 'b', 'c']);
    const loop = [
      { id: 'p', parentId: 'q', order: 0 },
      { id: 'q', parentId: 'p', order: 0 },
    ];
    expect(treeOrder(loop, () => 0).map((node) => node.id)).toEqual(['p', 'q']);
  });
});
