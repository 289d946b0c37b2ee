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
  product_count: z.number().int(),
  updated_at: z.iso.datetime({ offset: true }),
});
export type Category = z.infer<typeof CategorySchema>;
