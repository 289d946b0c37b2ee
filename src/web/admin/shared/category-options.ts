/** The fields a category of either tree (the catalogue's, the blog's) has for its place in the tree. */
export interface TreeCategory {
  id: string;
  name: string;
  parent_id: string | null;
  sort_order: number;
  is_active: boolean;
}

/**
 * A category tree as `[id, label]` select options: parents before their children, by sort order
 * then name, indented with '— ' per level, inactive ones marked. `exceptId`'s branch is left out
 * (a category cannot be its own parent, nor receive its own contents).
 */
export function categoryTreeOptions(
  categories: readonly TreeCategory[],
  exceptId?: string,
): Array<[id: string, label: string]> {
  const ids = new Set(categories.map((category) => category.id));
  const children = new Map<string | null, TreeCategory[]>();
  for (const category of categories) {
    // A parent that is not in the list (should not happen) is treated as top level.
    const parent = category.parent_id && ids.has(category.parent_id) ? category.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), category]);
  }
  const options: Array<[string, string]> = [];
  const visit = (parent: string | null, depth: number) => {
    const level = [...(children.get(parent) ?? [])].sort(
      (a, b) => a.sort_order - b.sort_order || a.name.localeCompare(b.name),
    );
    for (const category of level) {
      if (category.id === exceptId) continue;
      options.push([category.id, `${'— '.repeat(depth)}${category.name}${category.is_active ? '' : ' (inactive)'}`]);
      visit(category.id, depth + 1);
    }
  };
  visit(null, 0);
  return options;
}
