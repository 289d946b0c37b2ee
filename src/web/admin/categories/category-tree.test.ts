import { describe, expect, it } from 'vitest';
import type { AdminCategory } from '#shared/contracts/admin-categories.ts';
import {
  applyOrders,
  availableMoves,
  buildTree,
  categoryOptions,
  flattenTree,
  parentOptions,
  planMove,
  subtreeIds,
} from './category-tree.ts';
import { sampleCategory } from './test-fixtures.ts';

const category = (id: string, parent_id: string | null, sort_order: number) =>
  sampleCategory(id, { parent_id, sort_order });

/*
 * boards          (0)
 *   arduino       (0)
 *   esp32         (1)
 * sensors         (1)
 * tools           (2)
 *   soldering     (0)
 *     tips        (0)
 */
const list: AdminCategory[] = [
  category('tools', null, 2),
  category('esp32', 'boards', 1),
  category('boards', null, 0),
  category('tips', 'soldering', 0),
  category('arduino', 'boards', 0),
  category('sensors', null, 1),
  category('soldering', 'tools', 0),
];

const names = (nodes = buildTree(list)) => flattenTree(nodes).map((node) => `${node.depth}:${node.category.id}`);

/** The tree after applying a planned move, as depth:id lines. */
function treeAfter(id: string, move: Parameters<typeof planMove>[2]) {
  const orders = planMove(list, id, move);
  if (!orders) throw new Error(`cannot move ${id} ${move}`);
  return names(buildTree(applyOrders(list, orders)));
}

describe('buildTree', () => {
  it('nests by parent and orders siblings by sort_order', () => {
    expect(names()).toEqual(['0:boards', '1:arduino', '1:esp32', '0:sensors', '0:tools', '1:soldering', '2:tips']);
  });

  it('breaks sort_order ties by name and shows orphans at the top level', () => {
    const tree = buildTree([category('zeta', null, 0), category('alpha', null, 0), category('lost', 'missing', 0)]);
    expect(names(tree)).toEqual(['0:alpha', '0:lost', '0:zeta']);
  });
});

describe('subtreeIds and categoryOptions', () => {
  it('collects a category and everything below it', () => {
    expect([...subtreeIds(list, 'tools')].sort()).toEqual(['soldering', 'tips', 'tools']);
  });

  it('lists the tree indented per level, without the excluded subtree', () => {
    expect(categoryOptions(list, 'tools').map((option) => option.label)).toEqual([
      'Boards',
      '— Arduino',
      '— Esp32',
      'Sensors',
    ]);
    expect(categoryOptions(list).at(-1)).toEqual({ id: 'tips', label: '— — Tips' });
  });
});

describe('parentOptions', () => {
  it('leaves out parents that would push the subtree past the depth limit', () => {
    const deep = [category('a', null, 0), category('b', 'a', 0), category('c', 'b', 0), category('d', 'c', 0)];
    // Under c a new category is at level 4, the limit; under d it would be at level 5.
    expect(parentOptions(deep).map((option) => option.id)).toEqual(['a', 'b', 'c']);
    expect(parentOptions([...deep, category('x', null, 1), category('y', 'x', 0)], 'x').map((o) => o.id)).toEqual([
      'a',
      'b',
    ]);
  });
});

describe('availableMoves', () => {
  const tree = buildTree(list);
  it('allows only what the position permits', () => {
    expect(availableMoves(tree, 'boards')).toEqual({ up: false, down: true, indent: false, outdent: false });
    expect(availableMoves(tree, 'esp32')).toEqual({ up: true, down: false, indent: true, outdent: true });
    expect(availableMoves(tree, 'missing')).toEqual({ up: false, down: false, indent: false, outdent: false });
  });

  it('refuses an indent that would push the subtree past the depth limit', () => {
    const deep = [
      category('a', null, 0),
      category('b', null, 1),
      category('c', 'b', 0),
      category('d', 'c', 0),
      category('e', 'd', 0),
    ];
    // b has three levels under it (c, d, e): under a, e would be at level 5.
    expect(availableMoves(buildTree(deep), 'b').indent).toBe(false);
    expect(availableMoves(buildTree(deep.slice(0, 4)), 'b').indent).toBe(true);
  });
});

describe('planMove', () => {
  it('moves up and down among siblings, renumbering them 0..n-1', () => {
    expect(planMove(list, 'sensors', 'up')).toEqual([
      { id: 'sensors', sort_order: 0, parent_id: null },
      { id: 'boards', sort_order: 1 },
      { id: 'tools', sort_order: 2 },
    ]);
    expect(treeAfter('arduino', 'down')).toEqual([
      '0:boards',
      '1:esp32',
      '1:arduino',
      '0:sensors',
      '0:tools',
      '1:soldering',
      '2:tips',
    ]);
  });

  it('indents under the previous sibling, as its last child', () => {
    expect(planMove(list, 'sensors', 'indent')).toEqual([
      { id: 'boards', sort_order: 0 },
      { id: 'tools', sort_order: 1 },
      { id: 'arduino', sort_order: 0 },
      { id: 'esp32', sort_order: 1 },
      { id: 'sensors', sort_order: 2, parent_id: 'boards' },
    ]);
    expect(treeAfter('tools', 'indent')).toEqual([
      '0:boards',
      '1:arduino',
      '1:esp32',
      '0:sensors',
      '1:tools',
      '2:soldering',
      '3:tips',
    ]);
  });

  it('outdents to just after the parent, one level up', () => {
    expect(planMove(list, 'arduino', 'outdent')).toEqual([
      { id: 'esp32', sort_order: 0 },
      { id: 'boards', sort_order: 0 },
      { id: 'arduino', sort_order: 1, parent_id: null },
      { id: 'sensors', sort_order: 2 },
      { id: 'tools', sort_order: 3 },
    ]);
    expect(treeAfter('tips', 'outdent')).toEqual([
      '0:boards',
      '1:arduino',
      '1:esp32',
      '0:sensors',
      '0:tools',
      '1:soldering',
      '1:tips',
    ]);
  });

  it('returns null for an impossible move', () => {
    expect(planMove(list, 'boards', 'up')).toBeNull();
    expect(planMove(list, 'tools', 'down')).toBeNull();
    expect(planMove(list, 'boards', 'outdent')).toBeNull();
    expect(planMove(list, 'arduino', 'indent')).toBeNull();
  });
});

describe('applyOrders', () => {
  it('keeps child counts in step with the new parents', () => {
    const orders = planMove(list, 'sensors', 'indent') ?? [];
    const next = applyOrders(
      list.map((c) => ({ ...c, child_count: list.filter((child) => child.parent_id === c.id).length })),
      orders,
    );
    expect(next.find((c) => c.id === 'boards')?.child_count).toBe(3);
    expect(next.find((c) => c.id === 'sensors')?.parent_id).toBe('boards');
  });
});
