import type { Category } from '#shared/contracts/categories.ts';

/** One row of the store's category filter: a category, how many results it holds, its children. */
export interface CategoryFacet {
  category: Category;
  /** Matching products in this category and every category below it. */
  count: number;
  children: CategoryFacet[];
}

/**
 * Builds the category filter from the flat category list (already in sort order) and the search
 * facet counts, which are keyed by each product's own category slug. A parent's count is its own
 * products plus its descendants', so "Development Boards" counts its Arduino boards. Categories
 * with nothing to show are left out, except the selected one and the path to it, so the shopper
 * always sees what is applied.
 */
export function buildCategoryFacets(
  categories: readonly Category[],
  counts: Readonly<Record<string, number>>,
  selected?: string,
): CategoryFacet[] {
  const childrenOf = new Map<string | null, Category[]>();
  const known = new Set(categories.map((category) => category.id));
  for (const category of categories) {
    // An orphan (parent inactive or missing) is shown at the top level rather than lost.
    const parent = category.parent_id !== null && known.has(category.parent_id) ? category.parent_id : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), category]);
  }

  const build = (parent: string | null, seen: Set<string>): CategoryFacet[] =>
    (childrenOf.get(parent) ?? []).flatMap((category) => {
      if (seen.has(category.id)) return []; // a cycle in bad data must not hang the page
      const children = build(category.id, new Set(seen).add(category.id));
      const count = (counts[category.slug] ?? 0) + children.reduce((sum, child) => sum + child.count, 0);
      const isSelected = selected !== undefined && (category.slug === selected || category.id === selected);
      const keep = count > 0 || isSelected || children.length > 0;
      return keep ? [{ category, count, children }] : [];
    });

  return build(null, new Set());
}

/** The category the URL names (by slug or id), if it is in the list. */
export function findCategory(categories: readonly Category[] | undefined, slugOrId: string | undefined) {
  if (!categories || !slugOrId) return undefined;
  return categories.find((category) => category.slug === slugOrId || category.id === slugOrId);
}
