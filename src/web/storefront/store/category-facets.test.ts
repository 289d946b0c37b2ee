import { describe, expect, it } from 'vitest';
import type { Category } from '#shared/contracts/categories.ts';
import { buildCategoryFacets, findCategory } from './category-facets.ts';

let next = 0;
function category(slug: string, parent: Category | null = null): Category {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    name: slug.toUpperCase(),
    slug,
    description: '',
    image: null,
    parent_id: parent?.id ?? null,
    is_active: true,
    sort_order: next,
    product_count: 0,
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

const boards = category('boards');
const arduino = category('arduino', boards);
const pi = category('pi', boards);
const tools = category('tools');
const cables = category('cables');
const all = [boards, arduino, pi, tools, cables];

describe('buildCategoryFacets', () => {
  it('rolls sub-category counts up into their parents and keeps the list order', () => {
    const tree = buildCategoryFacets(all, { boards: 1, arduino: 4, pi: 2, tools: 3 });
    expect(tree.map((node) => [node.category.slug, node.count])).toEqual([
      ['boards', 7],
      ['tools', 3],
    ]);
    expect(tree[0]?.children.map((node) => [node.category.slug, node.count])).toEqual([
      ['arduino', 4],
      ['pi', 2],
    ]);
  });

  it('leaves out empty categories, unless selected', () => {
    expect(buildCategoryFacets(all, { arduino: 1 }).map((node) => node.category.slug)).toEqual(['boards']);
    expect(buildCategoryFacets(all, { arduino: 1 }, 'cables').map((node) => node.category.slug)).toEqual([
      'boards',
      'cables',
    ]);
  });

  it('shows a category whose parent is not in the list at the top level', () => {
    const orphan = { ...category('orphan'), parent_id: '00000000-0000-4000-8000-999999999999' };
    expect(buildCategoryFacets([orphan], { orphan: 2 }).map((node) => node.count)).toEqual([2]);
  });
});

describe('findCategory', () => {
  it('finds by slug or id', () => {
    expect(findCategory(all, 'pi')).toBe(pi);
    expect(findCategory(all, tools.id)).toBe(tools);
    expect(findCategory(all, 'nope')).toBeUndefined();
    expect(findCategory(undefined, 'pi')).toBeUndefined();
  });
});
