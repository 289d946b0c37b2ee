import { usePageTitle } from '#web/ui/use-page-title.ts';
import { DeleteAccountCard } from './delete-account-card.tsx';
import { DevicesCard } from './devices-card.tsx';
import { PasswordCard } from './password-card.tsx';
import { TwoStepCard } from './two-step-card.tsx';

/** /account/security (docs/product.md#account-area): two-step sign-in, password, devices, delete account. */
export function SecurityPage() {
  usePageTitle('Security');
  return (
    <div className="flex flex-col gap-6">
      <TwoStepCard />
      <PasswordCard />
      <DevicesCard />
      <DeleteAccountCard />
    </div>
  );
}
