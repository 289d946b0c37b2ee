import { useState } from 'react';
import type { StaffTwoFactorSetup } from '#shared/contracts/staff-two-factor.ts';
import { useAdminAuth } from '../auth/admin-auth.tsx';
import { AuthenticatorSetup, BackupCodes, ConfirmCodeForm } from '../auth/two-step-parts.tsx';

/**
 * The sign-in of a staff member who must turn on two-step sign-in first (the shop's security
 * configuration requires it; docs/product.md#staff-two-step-sign-in): scan the QR code, keep the
 * backup codes, confirm with a code, and the session starts.
 */
export function TwoStepEnrolmentStep({ onSignedIn }: { onSignedIn: () => void }) {
  const auth = useAdminAuth();
  const [setup, setSetup] = useState<StaffTwoFactorSetup | null>(null);
  const [starting, setStarting] = useState(false);

  const start = async () => {
    setStarting(true);
    setSetup(await auth.startTwoStepEnrolment());
    setStarting(false);
  };

  return (
    <div className="card space-y-4 p-6 shadow-sm">
      <div>
        <h2 className="text-lg font-semibold text-strong">Turn on two-step sign-in</h2>
        <p className="mt-1 text-sm text-muted">
          This shop asks every staff member to confirm each sign-in with a code from an authenticator app. Set it up now
          to go on.
        </p>
      </div>
      {auth.error && (
        <div
          role="alert"
          className="rounded-xl border border-danger/40 bg-danger/10 px-3 py-2 text-sm font-medium text-danger"
        >
          {auth.error}
        </div>
      )}
      {setup ? (
        <>
          <AuthenticatorSetup setup={setup} />
          <BackupCodes codes={setup.backupCodes} />
          <ConfirmCodeForm
            submitLabel="Turn on and sign in"
            onConfirm={async (token) => {
              if (await auth.finishTwoStepEnrolment(token)) onSignedIn();
            }}
          />
        </>
      ) : (
        <button type="button" className="btn-primary w-full" onClick={start} disabled={starting}>
          {starting ? 'Starting…' : 'Set up two-step sign-in'}
        </button>
      )}
      <button
        type="button"
        className="text-sm text-muted underline-offset-4 hover:underline"
        onClick={auth.cancelTwoStep}
      >
        Back
      </button>
    </div>
  );
}
