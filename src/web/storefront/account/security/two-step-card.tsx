import { type FormEvent, useId, useState } from 'react';
import type { TotpEnrolment } from '#shared/contracts/accounts.ts';
import { updateShopperUser, useShopper } from '#web/storefront/shopper-kit/shopper-session-store.ts';
import { inputClass } from '#web/ui/form-field.tsx';
import { BackupCodesPanel } from './backup-codes-panel.tsx';
import { ReauthForm } from './reauth-form.tsx';
import { messageOf, securityApi } from './security-api.ts';
import { SecurityCard } from './security-card.tsx';

type Step =
  | { kind: 'idle' }
  | { kind: 'enrolling'; enrolment: TotpEnrolment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'confirm-regenerate' }
  | { kind: 'confirm-off' };

/** The secret in groups of four, as authenticator apps show it; spaces are ignored when typed. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** Two-step sign-in (docs/product.md#two-step-sign-in): turn on with a QR code, backup codes, turn off. */
export function TwoStepCard() {
  const shopper = useShopper();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const on = shopper?.two_factor_enabled ?? false;

  const markOn = (enabled: boolean) => {
    if (shopper) updateShopperUser({ ...shopper, two_factor_enabled: enabled });
  };

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      setStep({ kind: 'enrolling', enrolment: await securityApi.startEnrolment() });
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  const status = on ? (
    <span className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent">On</span>
  ) : (
    <span className="rounded-full bg-subtle px-2.5 py-0.5 text-xs font-semibold text-muted">Off</span>
  );

  return (
    <SecurityCard
      title="Two-step sign-in"
      badge={status}
      description="Ask for a code from an authenticator app (Google Authenticator, 1Password, Authy…) after your password, so a stolen password is not enough."
    >
      {step.kind === 'codes' ? (
        <BackupCodesPanel codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />
      ) : step.kind === 'enrolling' ? (
        <Enrolment
          enrolment={step.enrolment}
          onCancel={() => setStep({ kind: 'idle' })}
          onDone={(codes) => {
            markOn(true);
            setStep({ kind: 'codes', codes });
          }}
        />
      ) : step.kind === 'confirm-regenerate' ? (
        <ReauthForm
          intro="New backup codes replace the old ones: the old codes stop working."
          confirmLabel="Make new codes"
          onCancel={() => setStep({ kind: 'idle' })}
          onConfirm={async (password) => {
            const { backup_codes } = await securityApi.newBackupCodes({ password });
            setStep({ kind: 'codes', codes: backup_codes });
          }}
        />
      ) : step.kind === 'confirm-off' ? (
        <ReauthForm
          intro="Signing in will need only your password again. Your backup codes stop working."
          confirmLabel="Turn off"
          danger
          onCancel={() => setStep({ kind: 'idle' })}
          onConfirm={async (password) => {
            await securityApi.turnOff({ password });
            markOn(false);
            setStep({ kind: 'idle' });
          }}
        />
      ) : on ? (
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" onClick={() => setStep({ kind: 'confirm-regenerate' })} className="btn-secondary">
            New backup codes
          </button>
          <button type="button" onClick={() => setStep({ kind: 'confirm-off' })} className="btn-secondary text-danger">
            Turn off
          </button>
        </div>
      ) : (
        <div className="mt-4">
          <button type="button" onClick={start} disabled={busy} className="btn-primary">
            {busy ? 'Starting…' : 'Turn on'}
          </button>
          {error && (
            <p role="alert" className="mt-2 text-sm text-danger">
              {error}
            </p>
          )}
        </div>
      )}
    </SecurityCard>
  );
}

function Enrolment({
  enrolment,
  onCancel,
  onDone,
}: {
  enrolment: TotpEnrolment;
  onCancel: () => void;
  onDone: (codes: string[]) => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setError('Enter the 6-digit code your app shows.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onDone((await securityApi.confirmEnrolment(typed)).backup_codes);
    } catch (caught) {
      setError(messageOf(caught));
      setBusy(false);
    }
  };

  return (
    <div className="mt-4 grid gap-5 rounded-xl border border-line bg-subtle p-4 sm:grid-cols-[auto_1fr] sm:p-5">
      <div className="mx-auto sm:mx-0">
        <img
          src={enrolment.qr_code}
          alt="QR code to scan with your authenticator app"
          width={176}
          height={176}
          className="size-44 rounded-lg bg-white p-2"
        />
      </div>
      <div className="min-w-0 space-y-4">
        <ol className="list-decimal space-y-1 pl-5 text-sm">
          <li>Scan the QR code with your authenticator app.</li>
          <li>Or type this key into the app instead:</li>
        </ol>
        <p
          className="break-all rounded-lg border border-line bg-surface px-3 py-2 font-mono text-sm tracking-wide text-strong"
          data-testid="totp-secret"
        >
          {grouped(enrolment.secret)}
        </p>
        <form onSubmit={submit} noValidate className="space-y-3">
          <div>
            <label htmlFor={id} className="text-sm font-medium">
              Code from the app
            </label>
            <input
              id={id}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              placeholder="123456"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={`${inputClass} max-w-48 font-mono tracking-[0.3em]`}
            />
            {error && (
              <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
                {error}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy} className="btn-primary">
              {busy ? 'Checking…' : 'Turn on two-step sign-in'}
            </button>
            <button type="button" onClick={onCancel} className="btn-secondary">
              Cancel
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
