import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminCategory, CATEGORY_LIMITS, CategoryCreateSchema } from '#shared/contracts/admin-categories.ts';
import { type CategoryTreeKit, categoryResolver } from '#web/admin/shared/category-dialogs.tsx';
import { adminDelete, adminPost, adminPut } from '../auth/admin-api.ts';
import { invalidateCategories } from './category-queries.ts';
import { categoryOptions, parentOptions } from './category-tree.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "3 products and 1 sub-category": what a delete would leave without a home. */
export function contentsLabel(category: Pick<AdminCategory, 'product_count' | 'child_count'>): string {
  return [
    category.product_count > 0 && plural(category.product_count, 'product', 'products'),
    category.child_count > 0 && plural(category.child_count, 'sub-category', 'sub-categories'),
  ]
    .filter(Boolean)
    .join(' and ');
}

const asPairs = (options: ReadonlyArray<{ id: string; label: string }>) =>
  options.map((option) => [option.id, option.label] as const);

/** The catalogue's tree in the shared category dialogs: ordered by moving rows, at most four levels deep. */
export const catalogueCategoryKit: CategoryTreeKit<AdminCategory> = {
  noun: 'category',
  shownWhere: 'in the shop',
  slugHint: "The category's address in the shop: lowercase letters, numbers and hyphens.",
  limits: CATEGORY_LIMITS,
  resolver: categoryResolver(zodResolver(CategoryCreateSchema)),
  editsOrder: false,
  parentOptions: (categories, categoryId) => asPairs(parentOptions(categories, categoryId)),
  moveTargets: (categories, categoryId) => asPairs(categoryOptions(categories, categoryId)),
  save: (category, values) => {
    // Only what the form edits: `image` (which the schema defaults to null) must not wipe a stored
    // image, and the order is the tree's (moved rows), not the form's.
    const { name, slug, description, parent_id, is_active } = values;
    const body = { name, slug, description, parent_id, is_active };
    return category
      ? adminPut<AdminCategory>(`/admin/categories/${category.id}`, body)
      : adminPost<AdminCategory>('/admin/categories', body);
  },
  remove: (category, moveTo) => adminDelete(`/admin/categories/${category.id}`, { query: { move_to: moveTo } }),
  invalidate: invalidateCategories,
  contents: contentsLabel,
  deleteText: {
    empty: 'It has no products and no sub-categories. This cannot be undone.',
    move: (contents) =>
      contents
        ? `It has ${contents}. Choose where they go before the category is deleted.`
        : 'Choose where its products and sub-categories go before it is deleted.',
    moveLabel: 'Move them to',
    submitLabel: 'Move and delete',
    none: 'No category (products uncategorised, sub-categories top level)',
  },
};
