import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  type StaffBackupCodes,
  StaffFactorCodeSchema,
  StaffPasswordProofSchema,
  type StaffTwoFactorProof,
  type StaffTwoFactorSetup,
  type StaffTwoFactorStatus,
} from '#shared/contracts/staff-two-factor.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { TextField } from '#web/ui/form-field.tsx';
import { InlineError } from '#web/ui/inline-error.tsx';
import { adminGet, adminPost } from '../auth/admin-api.ts';
import { AuthenticatorSetup, BackupCodes, CodeInput, ConfirmCodeForm } from '../auth/two-step-parts.tsx';
import { DetailCard } from '../ui/detail-layout.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { formatDateTime } from '../ui/format.ts';
import { Badge } from '../ui/status-badge.tsx';

const STATUS_KEY = ['admin', 'security', 'two-factor'] as const;

/** What the card shows besides the status: a setup under way, or codes just made. */
type Step = { kind: 'idle' } | { kind: 'setup'; setup: StaffTwoFactorSetup } | { kind: 'codes'; codes: string[] };
type Confirm = 'renew' | 'off' | null;

/**
 * The Security page's "Two-step sign-in" card (docs/product.md#staff-two-step-sign-in): whether
 * it is on for me; "Set up" (QR code, the key to type, ten backup codes to download or print, a
 * code to confirm); once on, "New backup codes" and "Turn off", each confirmed with a code or the
 * password.
 */
export function TwoStepCard() {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [confirm, setConfirm] = useState<Confirm>(null);
  const status = useQuery({
    queryKey: STATUS_KEY,
    queryFn: () => adminGet<StaffTwoFactorStatus>('/admin/security/2fa'),
  });
  const setStatus = (next: StaffTwoFactorStatus) => queryClient.setQueryData(STATUS_KEY, next);

  const start = useMutation({
    mutationFn: () => adminPost<StaffTwoFactorSetup>('/admin/security/2fa/setup'),
    onSuccess: (setup) => setStep({ kind: 'setup', setup }),
    onError: (error) => {
      toast({ variant: 'error', title: error instanceof ApiError ? error.message : 'Could not start the setup' });
      void status.refetch();
    },
  });

  const badge = status.data?.enabled ? (
    <Badge className="bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">On</Badge>
  ) : status.data ? (
    <Badge className="bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">Off</Badge>
  ) : undefined;

  return (
    // The wrapper names the card for the E2E test's accessibility scan (the page's other cards are not this one's).
    <div data-testid="two-step-card">
      <DetailCard
        title="Two-step sign-in"
        action={badge}
        description="After your password, a code from an authenticator app on your phone: a stolen password alone does not open the admin."
        stack
      >
        {status.isPending ? (
          <p className="text-sm text-muted">Loading…</p>
        ) : status.isError ? (
          <InlineError title="Could not load two-step sign-in" onRetry={() => void status.refetch()} />
        ) : step.kind === 'setup' ? (
          <div className="space-y-4">
            <AuthenticatorSetup setup={step.setup} />
            <BackupCodes codes={step.setup.backupCodes} />
            <ConfirmCodeForm
              submitLabel="Turn on"
              onCancel={() => setStep({ kind: 'idle' })}
              onConfirm={async (token) => {
                setStatus(await adminPost<StaffTwoFactorStatus>('/admin/security/2fa/verify', { token }));
                setStep({ kind: 'idle' });
                toast({
                  variant: 'success',
                  title: 'Two-step sign-in is on',
                  description: 'Your other sessions were signed out.',
                });
              }}
            />
          </div>
        ) : step.kind === 'codes' ? (
          <div className="space-y-3">
            <BackupCodes codes={step.codes} />
            <button type="button" className="btn-primary" onClick={() => setStep({ kind: 'idle' })}>
              Done
            </button>
          </div>
        ) : status.data.enabled ? (
          <div className="space-y-4">
            <dl className="grid gap-2 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-muted">On since</dt>
                <dd className="font-medium">{formatDateTime(status.data.enabledAt)}</dd>
              </div>
              <div>
                <dt className="text-muted">Backup codes left</dt>
                <dd className="font-medium">{status.data.backupCodesLeft} of 10</dd>
              </div>
            </dl>
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn-secondary" onClick={() => setConfirm('renew')}>
                New backup codes
              </button>
              <button type="button" className="btn-secondary text-danger" onClick={() => setConfirm('off')}>
                Turn off
              </button>
            </div>
          </div>
        ) : (
          <div className="space-y-3">
            {status.data.required && (
              <p className="rounded-xl border border-line bg-subtle px-3 py-2 text-sm">
                The shop’s security rules require two-step sign-in for every staff member: you will be asked to set it
                up at your next sign-in.
              </p>
            )}
            <button type="button" className="btn-primary" onClick={() => start.mutate()} disabled={start.isPending}>
              {start.isPending ? 'Starting…' : 'Set up'}
            </button>
          </div>
        )}
        {confirm && (
          <ProofDialog
            kind={confirm}
            onClose={() => setConfirm(null)}
            onDone={(result) => {
              setConfirm(null);
              if (confirm === 'renew') {
                setStep({ kind: 'codes', codes: (result as StaffBackupCodes).backupCodes });
                void status.refetch();
              } else {
                setStatus(result as StaffTwoFactorStatus);
                toast({ variant: 'success', title: 'Two-step sign-in is off' });
              }
            }}
          />
        )}
      </DetailCard>
    </div>
  );
}

const ProofFormSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('code'), code: StaffFactorCodeSchema, password: z.string().optional() }),
  z.object({ method: z.literal('password'), password: StaffPasswordProofSchema, code: z.string().optional() }),
]);
type ProofForm = z.infer<typeof ProofFormSchema>;

const DIALOG = {
  renew: {
    title: 'New backup codes',
    description: 'Ten new codes replace the ones you have: the old codes stop working.',
    submitLabel: 'Make new codes',
    path: '/admin/security/2fa/backup-codes',
  },
  off: {
    title: 'Turn off two-step sign-in',
    description:
      'Signing in will need only your password again, and your backup codes stop working. Every admin is alerted.',
    submitLabel: 'Turn off',
    path: '/admin/security/2fa/disable',
  },
} as const;

/** "New backup codes" and "Turn off": a current code (or a backup code), or the password, confirms. */
function ProofDialog({
  kind,
  onClose,
  onDone,
}: {
  kind: 'renew' | 'off';
  onClose: () => void;
  onDone: (result: StaffBackupCodes | StaffTwoFactorStatus) => void;
}) {
  const text = DIALOG[kind];
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProofForm>({
    resolver: zodResolver(ProofFormSchema),
    defaultValues: { method: 'code', code: '', password: '' },
  });
  const method = watch('method');

  const submit = async (form: ProofForm) => {
    setRefusal(null);
    const proof: StaffTwoFactorProof = form.method === 'code' ? { code: form.code } : { password: form.password };
    try {
      onDone(await adminPost<StaffBackupCodes | StaffTwoFactorStatus>(text.path, proof));
    } catch (caught) {
      const field = caught instanceof ApiError ? caught.errors.find((item) => item.path === form.method) : undefined;
      if (field) setError(form.method, { message: field.message }, { shouldFocus: true });
      else setRefusal(caught instanceof ApiError ? caught.message : 'Something went wrong. Try again.');
    }
  };

  return (
    <FormDialog
      title={text.title}
      description={text.description}
      error={refusal}
      submitLabel={text.submitLabel}
      pendingLabel="Checking…"
      pending={isSubmitting}
      danger={kind === 'off'}
      onSubmit={handleSubmit(submit)}
      onClose={onClose}
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Confirm with</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <label className="inline-flex items-center gap-2">
            <input type="radio" value="code" className="size-4 accent-cedar-700" {...register('method')} />A code
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="radio" value="password" className="size-4 accent-cedar-700" {...register('method')} />
            Your password
          </label>
        </div>
      </fieldset>
      {method === 'code' ? (
        <CodeInput
          key="code"
          kind="either"
          label="Code"
          hint="The 6 digits your app shows, or one of your backup codes."
          error={errors.code?.message}
          {...register('code')}
        />
      ) : (
        <TextField
          key="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
      )}
    </FormDialog>
  );
}
