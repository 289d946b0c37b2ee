import type { AdminCategory } from '#shared/contracts/admin-categories.ts';

/** A category for the categories tests: named after its slug ("boards" is Boards), top level, empty. */
export function sampleCategory(slug: string, overrides: Partial<AdminCategory> = {}): AdminCategory {
  return {
    id: slug,
    name: slug[0]?.toUpperCase() + slug.slice(1),
    slug,
    description: '',
    image: null,
    parent_id: null,
    is_active: true,
    sort_order: 0,
    product_count: 0,
    active_product_count: 0,
    child_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
