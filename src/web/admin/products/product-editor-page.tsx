import { AdminPageHeader } from '../shell/admin-page-header.tsx';

export function ProductEditorPage() {
  return <AdminPageHeader title="Product" />;
}
