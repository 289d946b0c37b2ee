import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { AlertsCard } from './alerts-card.tsx';
import { AllowlistCard } from './allowlist-card.tsx';
import { SecurityConfigCard } from './security-config-card.tsx';
import { TwoStepCard } from './two-step-card.tsx';

/**
 * `/admin/security` (docs/product.md#staff-security): your own two-step sign-in, the security
 * alerts, the address allowlist and the shop's security configuration. Each card is its own
 * component and query, so one failing to load leaves the others working.
 */
export function SecurityPage() {
  return (
    <>
      <AdminPageHeader
        title="Security"
        description="Two-step sign-in, alerts, who may reach the admin, and the rules staff sign in by."
      />
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <div className="grid gap-6">
          <TwoStepCard />
          <AlertsCard />
        </div>
        <div className="grid gap-6">
          <SecurityConfigCard />
          <AllowlistCard />
        </div>
      </div>
    </>
  );
}
