import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { StaffFactorCodeSchema, StaffTotpCodeSchema } from '#shared/contracts/staff-two-factor.ts';
import { useAdminAuth } from '../auth/admin-auth.tsx';
import { CodeInput } from '../auth/two-step-parts.tsx';

type Mode = 'app' | 'backup';

const SCHEMAS = {
  app: z.object({ code: StaffTotpCodeSchema }),
  backup: z.object({ code: StaffFactorCodeSchema }),
} as const;

const COPY: Record<Mode, { label: string; hint: string; switchTo: string }> = {
  app: {
    label: 'Authentication code',
    hint: 'Open your authenticator app and enter the 6-digit code it shows for this shop.',
    switchTo: 'Use a backup code',
  },
  backup: {
    label: 'Backup code',
    hint: 'One of the backup codes you saved when you turned on two-step sign-in. Each works once.',
    switchTo: 'Use the authenticator app',
  },
};

/**
 * The sign-in's second step (docs/product.md#staff-two-step-sign-in): the password was right, now
 * the code from the authenticator app, or a backup code.
 */
export function TwoStepCodeStep({ onSignedIn }: { onSignedIn: () => void }) {
  const auth = useAdminAuth();
  const [mode, setMode] = useState<Mode>('app');
  return (
    <div className="card space-y-4 p-6 shadow-sm">
      <div>
        <h2 className="text-lg font-semibold text-strong">Two-step sign-in</h2>
        <p className="mt-1 text-sm text-muted">Your password was right. Now confirm it is you.</p>
      </div>
      {auth.error && (
        <div
          role="alert"
          className="rounded-xl border border-danger/40 bg-danger/10 px-3 py-2 text-sm font-medium text-danger"
        >
          {auth.error}
        </div>
      )}
      {/* A fresh form per mode: each has its own rule for the code. */}
      <CodeForm key={mode} mode={mode} onSignedIn={onSignedIn} />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-accent underline-offset-4 hover:underline"
          onClick={() => {
            auth.clearError();
            setMode(mode === 'app' ? 'backup' : 'app');
          }}
        >
          {COPY[mode].switchTo}
        </button>
        <button type="button" className="text-muted underline-offset-4 hover:underline" onClick={auth.cancelTwoStep}>
          Back
        </button>
      </div>
    </div>
  );
}

function CodeForm({ mode, onSignedIn }: { mode: Mode; onSignedIn: () => void }) {
  const auth = useAdminAuth();
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }>({ resolver: zodResolver(SCHEMAS[mode]), defaultValues: { code: '' } });
  const submit = async ({ code }: { code: string }) => {
    if (await auth.submitTwoStepCode(code)) onSignedIn();
    else resetField('code', { keepError: true });
  };
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      <CodeInput
        kind={mode}
        label={COPY[mode].label}
        hint={COPY[mode].hint}
        error={errors.code?.message}
        autoFocus
        {...register('code', { onChange: auth.clearError })}
      />
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Checking…' : 'Verify and sign in'}
      </button>
    </form>
  );
}
