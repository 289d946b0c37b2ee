import { AdminPageHeader } from '../shell/admin-page-header.tsx';

/** `/admin/audit` (docs/product.md#audit-log): placeholder while issue 35 builds it. */
export function AuditPage() {
  return <AdminPageHeader title="Audit log" description="Every change made in the admin, and by whom." />;
}
