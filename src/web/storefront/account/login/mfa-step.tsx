import { type FormEvent, useId, useState } from 'react';
import type { ShopperSession, SignInResult } from '#shared/contracts/accounts.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';
import { inputClass } from '#web/ui/form-field.tsx';

export interface MfaStepProps {
  challenge: NonNullable<SignInResult['mfa_challenge']>;
  onSignedIn: (session: ShopperSession) => void;
}

type Mode = 'app' | 'backup';

const copy: Record<Mode, { label: string; hint: string; switchTo: string }> = {
  app: {
    label: 'Authentication code',
    hint: 'Open your authenticator app and enter the 6-digit code it shows for this shop.',
    switchTo: 'Use a backup code instead',
  },
  backup: {
    label: 'Backup code',
    hint: 'Enter one of the backup codes you saved when you turned on two-step sign-in. Each works once.',
    switchTo: 'Use the authenticator app instead',
  },
};

/**
 * The second step of a sign-in (docs/product.md#two-step-sign-in): the code from the
 * authenticator app, or a backup code, for the challenge the first step answered.
 */
export function MfaStep({ challenge, onSignedIn }: MfaStepProps) {
  const [mode, setMode] = useState<Mode>('app');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [expired, setExpired] = useState(false);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const text = copy[mode];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = code.trim();
    if (mode === 'app' && !/^\d{6}$/.test(typed.replace(/\s/g, ''))) {
      setError('Enter the 6-digit code from your authenticator app.');
      return;
    }
    if (mode === 'backup' && typed.replace(/[\s-]/g, '').length !== 10) {
      setError('A backup code has 10 letters and digits, like abcde-23456.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await apiRequest<SignInResult>('/account/mfa/verify', {
        method: 'POST',
        body: { mfa_token: challenge.mfa_token, code: typed.replace(/\s/g, '') },
      });
      if (result.session) onSignedIn(result.session);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) setExpired(true);
      setError(
        caught instanceof ApiError ? caught.message : 'Something went wrong. Check your connection and try again.',
      );
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const switchMode = () => {
    setMode(mode === 'app' ? 'backup' : 'app');
    setCode('');
    setError(null);
  };

  return (
    // The sign-in page's frame gives the heading and the card; this is the step's content.
    <div>
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            aria-hidden="true"
          >
            <path d="M7 11V8a5 5 0 0 1 10 0v3M6 11h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1Z" />
            <path d="M12 15v2" strokeLinecap="round" />
          </svg>
        </span>
        <p className="text-sm text-muted">
          Your password was right. Now confirm it is you with your authenticator app.
        </p>
      </div>

      {expired ? (
        <div role="alert" className="mt-5 rounded-xl border border-line bg-subtle p-4 text-sm">
          <p className="font-medium text-strong">{error}</p>
          <a href="/login" className="text-link mt-2 inline-block">
            Start again
          </a>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="mt-5 space-y-4">
          <div>
            <label htmlFor={inputId} className="text-sm font-medium">
              {text.label}
            </label>
            <input
              key={mode}
              id={inputId}
              name="code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              // biome-ignore lint/a11y/noAutofocus: the only field of this step, shown right after the password
              autoFocus
              inputMode={mode === 'app' ? 'numeric' : 'text'}
              autoComplete={mode === 'app' ? 'one-time-code' : 'off'}
              autoCapitalize="none"
              spellCheck={false}
              maxLength={mode === 'app' ? 7 : 12}
              placeholder={mode === 'app' ? '123456' : 'abcde-23456'}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${errorId} ${hintId}` : hintId}
              className={`${inputClass} font-mono tracking-[0.3em] ${mode === 'app' ? 'text-center text-xl sm:text-xl' : 'text-center text-lg sm:text-lg'}`}
            />
            {error && (
              <p id={errorId} role="alert" className="mt-1 text-sm text-danger">
                {error}
              </p>
            )}
            <p id={hintId} className="mt-1 text-xs text-muted">
              {text.hint}
            </p>
          </div>
          <button type="submit" className="btn-primary h-12 w-full text-base" disabled={busy}>
            {busy ? 'Checking…' : 'Verify and sign in'}
          </button>
          <button type="button" onClick={switchMode} className="text-link block w-full text-center text-sm">
            {text.switchTo}
          </button>
        </form>
      )}
    </div>
  );
}
