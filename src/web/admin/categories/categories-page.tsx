import { AdminPageHeader } from '../shell/admin-page-header.tsx';

/** The category tree: reorder and re-parent, create/edit, activate/deactivate, product counts. */
export function CategoriesPage() {
  return <AdminPageHeader title="Categories" description="Organise the catalogue." />;
}
