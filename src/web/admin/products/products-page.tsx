import { AdminPageHeader } from '../shell/admin-page-header.tsx';

export function ProductsPage() {
  return <AdminPageHeader title="Products" />;
}
