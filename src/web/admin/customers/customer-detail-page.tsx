import { AdminPageHeader } from '../shell/admin-page-header.tsx';

// PLACEHOLDER (issue 8): replaced by the real screen.
export function CustomerDetailPage() {
  return <AdminPageHeader title="Customer" />;
}
