import { z } from 'zod';

export const CategorySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  parent_id: z.uuid().nullable(),
  is_active: z.boolean(),
  sort_order: z.number().int(),
  /** Active products in this category and its active sub-categories. */
  product_count: z.number().int(),
  updated_at: z.iso.datetime({ offset: true }),
});
export type Category = z.infer<typeof CategorySchema>;

/** `GET /categories/tree`: the active categories nested under their parents, each level by sort_order. */
export interface CategoryTreeNode extends Category {
  children: CategoryTreeNode[];
}
export const CategoryTreeNodeSchema: z.ZodType<CategoryTreeNode> = CategorySchema.extend({
  get children() {
    return z.array(CategoryTreeNodeSchema);
  },
});

export const CategoryRefSchema = z.object({ id: z.uuid(), name: z.string(), slug: z.string() });

/** `GET /categories/{id}` (id or slug): the category, the path down to it, and its direct children. */
export const CategoryDetailSchema = CategorySchema.extend({
  /** Root first, ending with the parent; empty for a top-level category. */
  ancestors: z.array(CategoryRefSchema),
  children: z.array(CategorySchema),
});
export type CategoryDetail = z.infer<typeof CategoryDetailSchema>;
